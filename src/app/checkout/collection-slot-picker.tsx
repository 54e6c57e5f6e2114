import { cn } from '~/app/components/ui/cn';
import { type SlotChoice, slotText } from '~/shared/settings/collection-slots';

/**
 * "Collection time": the chosen collection day's time slots that still have room (decision 084),
 * as a native radio group (arrow keys move between them). A full slot is not listed; a day with
 * none left is not offered (the day picker says "Every collection time is taken").
 */
export function CollectionSlotPicker({
  slots,
  value,
  onChange,
}: {
  slots: SlotChoice[];
  value: string | null;
  onChange: (from: string) => void;
}) {
  return (
    <fieldset className="mt-6" aria-describedby="collection-slot-hint">
      <legend className="text-lg font-semibold">Collection time</legend>
      <p id="collection-slot-hint" className="mb-3 text-sm text-cocoa-light">
        Choose when you will collect; times that are full are not shown.
      </p>
      {slots.length === 0 ? (
        <p className="rounded-md bg-cream p-4">
          Every collection time on this day is taken. Please choose another day.
        </p>
      ) : (
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {slots.map((slot) => (
            <label
              key={slot.from}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-cocoa/30 bg-white px-3 py-2',
                'hover:border-caramel-dark has-[:checked]:border-caramel-dark has-[:checked]:bg-dough has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-caramel-dark',
              )}
            >
              <input
                type="radio"
                name="collection_slot"
                value={slot.from}
                checked={value === slot.from}
                onChange={() => onChange(slot.from)}
                className="size-4 shrink-0 accent-caramel-dark"
              />
              <span className="font-medium whitespace-nowrap">{slotText(slot)}</span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}

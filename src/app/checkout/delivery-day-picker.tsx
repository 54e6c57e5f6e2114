import { useState } from 'react';
import { cn } from '~/app/components/ui/cn';
import type { BakeDay } from '~/shared/bake-days/calendar';
import { formatBakeDay } from '~/shared/time/london-time';

/** What the checkout page needs of a bake day. */
export type DeliveryDayChoice = Pick<BakeDay, 'date' | 'state' | 'orderBy' | 'capacity' | 'booked'> & {
  /** The server's word on a limited product's day: "Only 3 left for ...", "Sold out for this day ..." */
  note?: string;
};

/**
 * Whether an order of `cookies` cookies fits on a day, as the page can tell; the server decides
 * again when the order is written.
 */
export function dayAvailability(day: DeliveryDayChoice, cookies: number): 'open' | 'full' | 'closed' {
  if (day.state === 'closed') return 'closed';
  if (day.state === 'full' || day.booked + Math.max(cookies, 1) > day.capacity) return 'full';
  return 'open';
}

/** "Room for 2 more cookies on this day": a day with some room, but not for the whole basket. */
export function roomLeft(day: DeliveryDayChoice): string | null {
  const room = day.capacity - day.booked;
  if (day.state === 'closed' || room <= 0) return null;
  return `Room for ${room} more ${room === 1 ? 'cookie' : 'cookies'} on this day`;
}

/** Days listed before "More days": a phone's checkout stays a few screens long. */
export const FIRST_DAYS_SHOWN = 4;

/** The first day an order of `cookies` cookies can have, or null. */
export function firstOpenDay(days: DeliveryDayChoice[], cookies: number): string | null {
  return days.find((d) => dayAvailability(d, cookies) === 'open')?.date ?? null;
}

/**
 * "Delivery day": a native radio group (arrow keys move between days), each open day with its
 * cut-off, full and closed days shown but disabled. The first few days are listed (through the
 * chosen one); "More days" lists the rest.
 */
export function DeliveryDayPicker({
  days,
  cookies,
  value,
  onChange,
  collection = false,
  posted = false,
  why,
  reduce,
}: {
  days: DeliveryDayChoice[];
  cookies: number;
  value: string | null;
  onChange: (date: string) => void;
  /** The days are collection days: say so. */
  collection?: boolean;
  /** The order goes by post: each day is the day it is baked and dispatched, not delivered. */
  posted?: boolean;
  /** Why only these days (a limited product's), instead of the usual hint. */
  why?: string | null;
  /** No day takes the basket: the server's word on what to reduce. */
  reduce?: string | null;
}) {
  const kind = collection ? 'collection' : posted ? 'dispatch' : 'delivery';
  const [showAll, setShowAll] = useState(false);
  const chosenAt = days.findIndex((d) => d.date === value);
  const first = days.slice(0, Math.max(FIRST_DAYS_SHOWN, chosenAt + 1));
  const shown = showAll ? days : first;
  const listId = `${kind}-day-list`;
  return (
    <fieldset className="mt-6" aria-describedby="delivery-day-hint">
      <legend className="text-lg font-semibold">
        {collection ? 'Collection day' : posted ? 'Dispatch day' : 'Delivery day'}
      </legend>
      <p id="delivery-day-hint" className="mb-3 text-sm text-cocoa-light">
        {why ??
          (posted ? 'Baked fresh and posted on the day you choose.' : 'Baked fresh for the day you choose.')}
      </p>
      {reduce && (
        <p
          role="alert"
          className="mb-3 rounded-md border border-red-700 bg-cream p-3 font-medium text-red-800"
        >
          {reduce}
        </p>
      )}
      {days.length === 0 ? (
        <p className="rounded-md bg-cream p-4">
          No {kind} days are open at the moment. Please contact us to arrange your order.
        </p>
      ) : (
        <div id={listId} className="grid gap-2 sm:grid-cols-2">
          {shown.map((day) => {
            const availability = dayAvailability(day, cookies);
            const disabled = availability !== 'open';
            const hintId = `delivery-day-${day.date}-hint`;
            return (
              <label
                key={day.date}
                className={cn(
                  'flex items-start gap-3 rounded-md border border-cocoa/30 bg-white px-3 py-2.5',
                  disabled
                    ? 'cursor-not-allowed border-dashed bg-cream text-cocoa-light'
                    : 'cursor-pointer hover:border-caramel-dark has-[:checked]:border-caramel-dark has-[:checked]:bg-dough has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-caramel-dark',
                )}
              >
                <input
                  type="radio"
                  name="delivery_date"
                  value={day.date}
                  checked={value === day.date}
                  disabled={disabled}
                  onChange={() => onChange(day.date)}
                  aria-describedby={hintId}
                  className="mt-1 size-4 shrink-0 accent-caramel-dark"
                />
                <span className="min-w-0">
                  <span className="block font-medium">{formatBakeDay(day.date)}</span>
                  <span id={hintId} className="block text-sm">
                    {day.note ??
                      (availability === 'closed'
                        ? 'Closed'
                        : availability === 'full'
                          ? (roomLeft(day) ?? 'Fully booked')
                          : day.orderBy)}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
      )}
      {first.length < days.length && (
        <button
          type="button"
          onClick={() => setShowAll(!showAll)}
          aria-expanded={showAll}
          aria-controls={listId}
          className="mt-2 inline-flex min-h-11 items-center gap-1 rounded-md px-2 font-medium text-caramel-dark underline hover:bg-dough focus-visible:outline-2 focus-visible:outline-caramel-dark"
        >
          {showAll ? 'Fewer days' : 'More days'}
          <span aria-hidden className={cn(showAll && 'rotate-180')}>
            ▾
          </span>
        </button>
      )}
    </fieldset>
  );
}

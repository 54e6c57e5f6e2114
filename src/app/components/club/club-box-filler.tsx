import { useState } from 'react';
import { Button } from '~/app/components/ui/button';
import { Input, Label } from '~/app/components/ui/input';

/** The prefix of each cookie's count in the join form: `fill_<cookie id>`. */
export const FILL_FIELD = 'fill_';

/**
 * What goes in each box of a box the member fills: a count per cookie it may hold, "4 of 6
 * chosen", and "Fill it for me" for the balanced mix the server suggests. The server checks the
 * filling again. (The box rules stay off this page's script: the checkout's shares them.)
 */
export function ClubBoxFiller({
  size,
  mayHold,
  initial = {},
}: {
  size: number;
  mayHold: { id: string; name: string; balanced: number }[];
  /** What is in the box now, by cookie id (a member changing their filling). */
  initial?: Record<string, number>;
}) {
  const [counts, setCounts] = useState<Record<string, number>>(initial);
  const chosen = Object.values(counts).reduce((a, b) => a + b, 0);
  const fillForMe = () => setCounts(Object.fromEntries(mayHold.map((c) => [c.id, c.balanced])));
  return (
    <fieldset className="rounded-md border border-crumb p-4 sm:col-span-2">
      <legend className="px-1 text-sm font-medium">What goes in each box</legend>
      <p aria-live="polite" className="mb-3 font-medium">
        {chosen} of {size} chosen
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {mayHold.map((c) => (
          <div key={c.id} className="flex items-center justify-between gap-3">
            <Label htmlFor={`${FILL_FIELD}${c.id}`} className="mb-0">
              {c.name}
            </Label>
            <Input
              id={`${FILL_FIELD}${c.id}`}
              name={`${FILL_FIELD}${c.id}`}
              type="number"
              min={0}
              max={size}
              className="w-20"
              value={counts[c.id] ?? 0}
              onChange={(e) =>
                setCounts({ ...counts, [c.id]: Math.max(0, Math.trunc(Number(e.target.value)) || 0) })
              }
            />
          </div>
        ))}
      </div>
      <Button type="button" variant="outline" className="mt-3" onClick={fillForMe}>
        Fill it for me
      </Button>
    </fieldset>
  );
}

/** The filling a join form posted: each cookie counted above zero. */
export function fillingOfForm(form: FormData) {
  return [...form.entries()].flatMap(([name, value]) => {
    const quantity = Math.trunc(Number(value));
    return name.startsWith(FILL_FIELD) && quantity > 0
      ? [{ product_id: name.slice(FILL_FIELD.length), quantity }]
      : [];
  });
}

import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import { Button } from '~/app/components/ui/button';
import { Badge, Card } from '~/app/components/ui/card';
import { Input, Label } from '~/app/components/ui/input';
import { type PageActionResult, useActionToast } from '~/app/toast/use-action-toast';
import type { BakeOverride } from '~/shared/bake-days/calendar';
import { formatBakeDay } from '~/shared/time/london-time';

const TOASTS = {
  override: { success: 'Date saved', failure: 'Failed to save the date' },
  'remove-override': { success: 'Date back to the weekly template', failure: 'Failed to remove the date' },
};

/** Date overrides: close a date with a note, or give it another capacity; each can be removed. */
export function OverrideForms({ overrides, today }: { overrides: BakeOverride[]; today: string }) {
  const fetcher = useFetcher<PageActionResult>();
  useActionToast(fetcher, TOASTS);
  const saving = fetcher.state !== 'idle';
  return (
    <Card className="p-5">
      <section aria-labelledby="overrides-heading">
        <h2 id="overrides-heading" className="font-sans text-lg font-semibold">
          Date overrides
        </h2>
        <p className="text-sm text-cocoa-light">
          Close a date (a holiday, a market day) or bake a different number of cookies. A capacity on a day
          without deliveries opens it.
        </p>
        <fetcher.Form
          key={overrides.length}
          method="post"
          className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-[auto_auto_1fr_1fr_auto] lg:items-end"
        >
          <input type="hidden" name="intent" value="override" />
          <div>
            <Label htmlFor="override-date">Date</Label>
            <Input id="override-date" name="date" type="date" min={today} required />
          </div>
          <ModeAndCapacity />
          <div>
            <Label htmlFor="override-note">Note</Label>
            <Input id="override-note" name="note" maxLength={200} placeholder="Christmas" />
          </div>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : 'Add'}
          </Button>
        </fetcher.Form>

        {overrides.length === 0 ? (
          <p className="mt-4 text-cocoa-light">No dates differ from the weekly template.</p>
        ) : (
          <ul className="mt-4 divide-y divide-crumb border-t border-crumb">
            {overrides.map((o) => (
              <OverrideRow key={o.date} override={o} />
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}

/**
 * Closed, or open with a number of cookies. Typing a number chooses "Open with capacity" and
 * choosing "Closed" empties it, so the form never sends a closed date with a capacity (the
 * server refuses one, rather than quietly saving the date closed).
 */
function ModeAndCapacity() {
  const [mode, setMode] = useState<'closed' | 'capacity'>('closed');
  const [capacity, setCapacity] = useState('');
  return (
    <>
      <fieldset>
        <legend className="mb-1 text-sm font-medium">This date is</legend>
        <div className="flex h-11 items-center gap-4">
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="mode"
              value="closed"
              checked={mode === 'closed'}
              onChange={() => {
                setMode('closed');
                setCapacity('');
              }}
              className="size-4 accent-caramel-dark"
            />
            Closed
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="mode"
              value="capacity"
              checked={mode === 'capacity'}
              onChange={() => setMode('capacity')}
              className="size-4 accent-caramel-dark"
            />
            Open with capacity
          </label>
        </div>
      </fieldset>
      <div>
        <Label htmlFor="override-capacity">Cookies (when open)</Label>
        <Input
          id="override-capacity"
          name="capacityCookies"
          type="number"
          min={0}
          max={100000}
          value={capacity}
          onChange={(e) => {
            setCapacity(e.target.value);
            if (e.target.value !== '') setMode('capacity');
          }}
        />
      </div>
    </>
  );
}

function OverrideRow({ override: o }: { override: BakeOverride }) {
  const fetcher = useFetcher<PageActionResult>();
  useActionToast(fetcher, TOASTS);
  const label = formatBakeDay(o.date);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium">{label}</p>
        <p className="flex flex-wrap items-center gap-2 text-sm text-cocoa-light">
          {o.closed ? (
            <Badge className="bg-red-100 text-red-900">Closed</Badge>
          ) : (
            <Badge>{o.capacityCookies} cookies</Badge>
          )}
          {o.note && <span className="break-words">{o.note}</span>}
        </p>
      </div>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="remove-override" />
        <input type="hidden" name="date" value={o.date} />
        <Button
          type="submit"
          variant="outline"
          size="sm"
          disabled={fetcher.state !== 'idle'}
          aria-label={`Remove the override for ${label}`}
        >
          <Trash2 aria-hidden className="size-4" />
          Remove
        </Button>
      </fetcher.Form>
    </li>
  );
}

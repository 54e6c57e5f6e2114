import { useFetcher } from 'react-router';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { Input, Label } from '~/app/components/ui/input';
import { type PageActionResult, useActionToast } from '~/app/toast/use-action-toast';
import type { BakeTemplate } from '~/shared/bake-days/calendar';
import { WEEKDAY_NAMES } from '~/shared/time/london-time';

const TOASTS = { template: { success: 'Weekly template saved', failure: 'Failed to save the template' } };
/** Monday first, as a British week is written. */
const WEEK = [1, 2, 3, 4, 5, 6, 0];

/** The weekly template: delivery, collection and working weekdays, cut-off, horizon and daily capacity. */
export function TemplateForm({ template }: { template: BakeTemplate }) {
  const fetcher = useFetcher<PageActionResult>();
  useActionToast(fetcher, TOASTS);
  const saving = fetcher.state !== 'idle';
  return (
    <Card className="p-5">
      <section aria-labelledby="template-heading">
        <h2 id="template-heading" className="font-sans text-lg font-semibold">
          Weekly template
        </h2>
        {/* key: a saved change refills the fields from the server's values. */}
        <fetcher.Form key={JSON.stringify(template)} method="post" className="mt-4 space-y-5">
          <input type="hidden" name="intent" value="template" />
          <WeekdayChoice name="deliveryWeekdays" legend="Delivery days" checked={template.deliveryWeekdays} />
          <WeekdayChoice
            name="collectionWeekdays"
            legend="Collection days"
            hint="When customers may collect from the bakery (if collection is on in Settings). Deliveries and collections share the day's cookies."
            checked={template.collectionWeekdays}
          />
          <WeekdayChoice
            name="workingWeekdays"
            legend="Days the bakery works"
            hint="Order cut-offs fall on these days: one that would fall on another day, or on a closed date, moves back to the last working day before it, and customers are told why."
            checked={template.workingWeekdays}
          />
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <div>
              <Label htmlFor="cutoffTime">Order cut-off (UK time)</Label>
              <Input
                id="cutoffTime"
                name="cutoffTime"
                type="time"
                required
                defaultValue={template.cutoffTime}
              />
            </div>
            <div>
              <Label htmlFor="cutoffDaysBefore">Days before delivery</Label>
              <Input
                id="cutoffDaysBefore"
                name="cutoffDaysBefore"
                type="number"
                min={1}
                max={7}
                required
                defaultValue={template.cutoffDaysBefore}
              />
            </div>
            <div>
              <Label htmlFor="horizonDays">Days ahead to choose</Label>
              <Input
                id="horizonDays"
                name="horizonDays"
                type="number"
                min={1}
                max={90}
                required
                defaultValue={template.horizonDays}
              />
            </div>
            <div>
              <Label htmlFor="capacityCookies">Cookies per day</Label>
              <Input
                id="capacityCookies"
                name="capacityCookies"
                type="number"
                min={0}
                max={100000}
                required
                defaultValue={template.capacityCookies}
              />
            </div>
          </div>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : 'Save template'}
          </Button>
        </fetcher.Form>
      </section>
    </Card>
  );
}

/** One row of weekday checkboxes, Monday first. */
function WeekdayChoice({
  name,
  legend,
  hint,
  checked,
}: {
  name: string;
  legend: string;
  hint?: string;
  checked: number[];
}) {
  return (
    <fieldset aria-describedby={hint ? `${name}-hint` : undefined}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {hint && (
        <p id={`${name}-hint`} className="-mt-1 mb-2 text-sm text-cocoa-light">
          {hint}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {WEEK.map((d) => (
          <label
            key={d}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-cocoa/30 bg-white px-3 has-[:checked]:border-caramel-dark has-[:checked]:bg-dough"
          >
            <input
              type="checkbox"
              name={name}
              value={d}
              defaultChecked={checked.includes(d)}
              className="size-4 accent-caramel-dark"
            />
            {WEEKDAY_NAMES[d]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

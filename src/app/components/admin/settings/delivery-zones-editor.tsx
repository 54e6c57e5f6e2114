import { useFetcher } from 'react-router';
import { Button } from '~/app/components/ui/button';
import { aria, Field } from '~/app/components/ui/field';
import { Input } from '~/app/components/ui/input';
import type { PageActionResult } from '~/app/toast/use-action-toast';
import { RULE_HELP } from '~/shared/delivery-zones/postcode-rules';
import { zonePriceText } from '~/shared/delivery-zones/zone-texts';
import { type DeliveryZone, ZONE_METHOD_NAMES, ZONE_METHODS } from '~/shared/delivery-zones/zones';
import { poundsInput } from '~/shared/money/pounds';
import { WEEKDAY_NAMES } from '~/shared/time/london-time';

/**
 * Settings -> Delivery: each zone as its own form (edit, remove), one more to add a
 * zone, and where zones overlap, worded by the server. Every field is checked by the server, its
 * message shown beside the field.
 */
export function DeliveryZonesEditor({
  zones,
  overlaps,
}: {
  zones: readonly DeliveryZone[];
  overlaps: string[];
}) {
  return (
    <div className="space-y-4">
      {zones.length === 0 && (
        <p className="text-cocoa-light">
          No zones: every UK address is delivered at the delivery fee above. Add a zone to choose where you
          deliver and what each area pays.
        </p>
      )}
      {zones.map((zone) => (
        <details
          key={`${zone.id}:${zone.name}:${zone.postcodes.join()}`}
          className="rounded-md border border-crumb p-3"
        >
          <summary className="cursor-pointer font-medium">
            {zone.name}{' '}
            <span className="text-cocoa-light">
              ({ZONE_METHOD_NAMES[zone.method]}: {zone.postcodes.join(', ')})
            </span>
            {zone.method !== 'none' && <span className="font-normal"> · {zonePriceText(zone)}</span>}
          </summary>
          <ZoneForm zone={zone} />
        </details>
      ))}
      {overlaps.length > 0 && (
        <section aria-label="Overlapping zones" className="rounded-md bg-cream p-3">
          <h3 className="font-medium">Where zones overlap</h3>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {overlaps.map((o) => (
              <li key={o}>{o}</li>
            ))}
          </ul>
        </section>
      )}
      <details className="rounded-md border border-crumb p-3">
        <summary className="cursor-pointer font-medium">Add a zone</summary>
        <ZoneForm zone={null} />
      </details>
    </div>
  );
}

function ZoneForm({ zone }: { zone: DeliveryZone | null }) {
  const key = zone ? `zone-${zone.id}` : 'zone-new';
  const fetcher = useFetcher<PageActionResult>({ key });
  const errors =
    (fetcher.data && !fetcher.data.ok && fetcher.data.intent === 'zone-save' && fetcher.data.fields) || {};
  const error = (name: string) => (errors[name] ? { message: errors[name] } : undefined);
  const id = (name: string) => `${key}-${name}`;
  const pounds = (p: number | null | undefined) => (p == null ? '' : poundsInput(p));
  const text = (name: string, label: string, value: string, hint?: string) => (
    <Field id={id(name)} label={label} hint={hint} error={error(name)}>
      <Input id={id(name)} name={name} defaultValue={value} {...aria(id(name), error(name), !!hint)} />
    </Field>
  );
  return (
    <fetcher.Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2">
      <input type="hidden" name="intent" value="zone-save" />
      {zone && <input type="hidden" name="id" value={zone.id} />}
      {text('name', 'Zone name', zone?.name ?? '')}
      <Field id={id('method')} label="Method" error={error('method')}>
        <select
          id={id('method')}
          name="method"
          defaultValue={zone?.method ?? 'van'}
          className="block w-full rounded-md border border-crumb bg-white px-3 py-2"
        >
          {ZONE_METHODS.map((m) => (
            <option key={m} value={m}>
              {ZONE_METHOD_NAMES[m]}
            </option>
          ))}
        </select>
      </Field>
      <div className="sm:col-span-2">
        {text('postcodes', 'Postcodes', zone?.postcodes.join(', ') ?? '', RULE_HELP)}
      </div>
      {text('fee', 'Delivery fee (£)', pounds(zone?.feePennies ?? 0))}
      {text('freeOver', 'Free delivery over (£, blank = never)', pounds(zone?.freeOverPennies))}
      {text('minimumOrder', 'Minimum order (£, blank = none)', pounds(zone?.minimumOrderPennies))}
      {text('dailyCap', 'Orders per day (blank = no cap)', zone?.dailyOrderCap?.toString() ?? '')}
      {text('cutoffTime', 'Cut-off time (blank = the bake days’)', zone?.cutoffTime ?? '')}
      {text(
        'cutoffDaysBefore',
        'Cut-off days before (blank = the bake days’)',
        zone?.cutoffDaysBefore?.toString() ?? '',
      )}
      {text('serviceCode', 'Royal Mail service code (post)', zone?.serviceCode ?? 'TPS48')}
      {text('transitDays', 'Post usually takes (e.g. 2-3 days)', zone?.transitDays ?? '')}
      {text('position', 'Order on this page (ties: first wins)', String(zone?.position ?? 0))}
      <fieldset
        className="sm:col-span-2"
        aria-describedby={error('weekdays') ? id('weekdays-error') : undefined}
      >
        <legend className="text-sm font-medium">Days delivered (van) or dispatched (post)</legend>
        <div className="mt-1 flex flex-wrap gap-3">
          {WEEKDAY_NAMES.map((day, n) => (
            <label key={day} className="flex items-center gap-1">
              <input type="checkbox" name="weekdays" value={n} defaultChecked={zone?.weekdays.includes(n)} />
              {day}
            </label>
          ))}
        </div>
        {error('weekdays') && (
          <p id={id('weekdays-error')} className="mt-1 text-sm font-medium text-red-700">
            {errors.weekdays}
          </p>
        )}
      </fieldset>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <Button type="submit" disabled={fetcher.state !== 'idle'}>
          {zone ? `Save ${zone.name}` : 'Add zone'}
        </Button>
        {zone && (
          <Button type="submit" variant="outline" name="intent" value="zone-remove">
            Remove {zone.name}
          </Button>
        )}
        <p role="status" className="text-sm">
          {fetcher.data?.ok ? 'Saved' : fetcher.data?.error}
        </p>
      </div>
    </fetcher.Form>
  );
}

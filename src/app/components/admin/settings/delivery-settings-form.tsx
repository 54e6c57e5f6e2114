import { useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { Button } from '~/app/components/ui/button';
import { aria, Field } from '~/app/components/ui/field';
import { Input, Select } from '~/app/components/ui/input';
import type { PageActionResult } from '~/app/toast/use-action-toast';
import { formatPence } from '~/shared/money/money';
import { poundsInput } from '~/shared/money/pounds';
import type { ShopSettings } from '~/shared/settings/shop-settings';

/**
 * The settings the owner may change: delivery fee, free delivery over an amount, collection.
 * Amounts are typed in pounds; the server checks everything and says what is wrong beside the field.
 * While the shop has delivery zones, each zone's fee and threshold price delivery (deliveryTerms),
 * so the shop-wide fee and offer are not offered as if they did: the form says where delivery is
 * priced and keeps their values for a shop without zones (decision 075).
 */
export function DeliverySettingsForm({
  settings,
  zonesDecide,
}: {
  settings: ShopSettings;
  /** The shop has delivery zones: they, not these settings, price delivery. */
  zonesDecide: boolean;
}) {
  // Keyed: the page remounts the form with the saved values, and the outcome must outlive that.
  const fetcher = useFetcher<PageActionResult>({ key: 'settings' });
  const saving = fetcher.state !== 'idle';
  // The outcome is said beside the button until the owner changes something again.
  const [edited, setEdited] = useState(false);
  const errors = (fetcher.data && !fetcher.data.ok && fetcher.data.fields) || {};
  const [freeDelivery, setFreeDelivery] = useState(settings.freeDeliveryOverPennies !== null);
  const [collection, setCollection] = useState(settings.collectionEnabled);
  const [slotMinutes, setSlotMinutes] = useState(String(settings.collectionSlotMinutes ?? ''));
  const error = (name: string) => (errors[name] ? { message: errors[name] } : undefined);

  return (
    <fetcher.Form
      method="post"
      className="space-y-5"
      onChange={() => setEdited(true)}
      onSubmit={() => setEdited(false)}
    >
      <input type="hidden" name="intent" value="settings" />
      {zonesDecide ? (
        <ZonesPriceDelivery settings={settings} />
      ) : (
        <>
          <div className="max-w-48">
            <Field id="deliveryFee" label="Delivery fee (£)" error={error('deliveryFee')}>
              <Input
                id="deliveryFee"
                name="deliveryFee"
                inputMode="decimal"
                required
                defaultValue={poundsInput(settings.deliveryFeePennies)}
                {...aria('deliveryFee', error('deliveryFee'))}
              />
            </Field>
          </div>

          <fieldset className="space-y-3">
            <legend className="sr-only">Free delivery</legend>
            <Toggle
              name="freeDelivery"
              label="Offer free delivery over an amount"
              checked={freeDelivery}
              onChange={setFreeDelivery}
              error={errors.freeDelivery}
            />
            {freeDelivery && (
              <div className="max-w-72 pl-7">
                <Field
                  id="freeDeliveryOver"
                  label="Free delivery on orders of (£) or more"
                  hint="Judged on the cookies' price after any discount code."
                  error={error('freeDeliveryOver')}
                >
                  <Input
                    id="freeDeliveryOver"
                    name="freeDeliveryOver"
                    inputMode="decimal"
                    required
                    placeholder="e.g. 30.00"
                    defaultValue={
                      settings.freeDeliveryOverPennies === null
                        ? ''
                        : poundsInput(settings.freeDeliveryOverPennies)
                    }
                    {...aria('freeDeliveryOver', error('freeDeliveryOver'), true)}
                  />
                </Field>
              </div>
            )}
          </fieldset>
        </>
      )}

      <fieldset className="space-y-3 border-t border-crumb pt-5">
        <legend className="sr-only">Collection from the bakery</legend>
        <Toggle
          name="collection"
          label="Offer collection from the bakery"
          checked={collection}
          onChange={setCollection}
          error={errors.collection}
        />
        <p className="pl-7 text-sm text-cocoa-light">
          Collection is free; customers choose one of the collection days set in{' '}
          <Link to="/admin/bake-days" className="underline underline-offset-2">
            Bake Days
          </Link>
          .
        </p>
        <div className="space-y-3 pl-7">
          {collection && (
            <div className="max-w-md">
              <Field id="collectionAddress" label="Collection address" error={error('collectionAddress')}>
                <Input
                  id="collectionAddress"
                  name="collectionAddress"
                  required
                  maxLength={200}
                  autoComplete="street-address"
                  defaultValue={settings.collectionAddress}
                  {...aria('collectionAddress', error('collectionAddress'))}
                />
              </Field>
            </div>
          )}
          {collection && (
            <div className="max-w-md">
              <Field
                id="collectionHours"
                label="Collection hours"
                hint="Shown at checkout and in the “Ready to collect” e-mail."
                error={error('collectionHours')}
              >
                <Input
                  id="collectionHours"
                  name="collectionHours"
                  required
                  maxLength={200}
                  placeholder="e.g. Tue-Sat 9am-4pm"
                  defaultValue={settings.collectionHours}
                  {...aria('collectionHours', error('collectionHours'), true)}
                />
              </Field>
            </div>
          )}
          {collection ? (
            <CollectionSlotFields
              settings={settings}
              minutes={slotMinutes}
              onMinutes={setSlotMinutes}
              error={error}
            />
          ) : (
            <SlotsKept settings={settings} />
          )}
        </div>
      </fieldset>

      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save settings'}
        </Button>
        <SaveOutcome result={saving || edited ? undefined : fetcher.data} />
      </div>
    </fetcher.Form>
  );
}

/**
 * In place of the fee and the free-delivery offer while zones price delivery: where it is priced,
 * and the shop-wide values, kept (and sent back unchanged) for when the shop has no zones.
 */
function ZonesPriceDelivery({ settings }: { settings: ShopSettings }) {
  const free = settings.freeDeliveryOverPennies;
  return (
    <div>
      <p className="font-medium">Delivery is priced by zone</p>
      <p className="text-sm text-cocoa-light">
        Each zone's fee and free-delivery amount, under Delivery zones below, are what customers pay. The
        shop-wide fee ({formatPence(settings.deliveryFeePennies)}
        {free === null ? ', no free delivery' : `, free over ${formatPence(free)}`}) applies only if you
        remove every zone.
      </p>
      <input type="hidden" name="deliveryFee" value={poundsInput(settings.deliveryFeePennies)} />
      {free !== null && (
        <>
          <input type="hidden" name="freeDelivery" value="on" />
          <input type="hidden" name="freeDeliveryOver" value={poundsInput(free)} />
        </>
      )}
    </div>
  );
}

type FieldError = (name: string) => { message: string } | undefined;

/**
 * Collection time slots (decision 084): none (any time in the hours), or 15, 30 or 60 minutes
 * from the first slot's start to the last one's end, with the orders each slot takes. Checkout
 * offers the slots with room; the server checks every value again.
 */
function CollectionSlotFields({
  settings,
  minutes,
  onMinutes,
  error,
}: {
  settings: ShopSettings;
  minutes: string;
  onMinutes: (minutes: string) => void;
  error: FieldError;
}) {
  return (
    <fieldset className="space-y-3 rounded-md border border-crumb p-3">
      <legend className="px-1 font-medium">Collection times</legend>
      <div className="max-w-72">
        <Field
          id="collectionSlotMinutes"
          label="Time slots"
          hint="Customers choose a slot at checkout; a full slot is not offered."
          error={error('collectionSlotMinutes')}
        >
          <Select
            id="collectionSlotMinutes"
            name="collectionSlotMinutes"
            value={minutes}
            onChange={(e) => onMinutes(e.target.value)}
            {...aria('collectionSlotMinutes', error('collectionSlotMinutes'), true)}
          >
            <option value="">No time slots (any time in the hours)</option>
            <option value="15">15 minutes</option>
            <option value="30">30 minutes</option>
            <option value="60">60 minutes</option>
          </Select>
        </Field>
      </div>
      {minutes !== '' && (
        <div className="flex flex-wrap gap-3">
          <div className="w-36">
            <Field id="collectionSlotOpens" label="First slot starts" error={error('collectionSlotOpens')}>
              <Input
                id="collectionSlotOpens"
                name="collectionSlotOpens"
                type="time"
                step={900}
                required
                defaultValue={settings.collectionSlotOpens ?? '10:00'}
                {...aria('collectionSlotOpens', error('collectionSlotOpens'))}
              />
            </Field>
          </div>
          <div className="w-36">
            <Field id="collectionSlotCloses" label="Last slot ends" error={error('collectionSlotCloses')}>
              <Input
                id="collectionSlotCloses"
                name="collectionSlotCloses"
                type="time"
                step={900}
                required
                defaultValue={settings.collectionSlotCloses ?? '16:00'}
                {...aria('collectionSlotCloses', error('collectionSlotCloses'))}
              />
            </Field>
          </div>
          <div className="w-36">
            <Field id="collectionSlotCap" label="Orders per slot" error={error('collectionSlotCap')}>
              <Input
                id="collectionSlotCap"
                name="collectionSlotCap"
                inputMode="numeric"
                required
                defaultValue={settings.collectionSlotCap ?? 4}
                {...aria('collectionSlotCap', error('collectionSlotCap'))}
              />
            </Field>
          </div>
        </div>
      )}
    </fieldset>
  );
}

/** Collection switched off: its time slots are kept as they are for when it is on again. */
function SlotsKept({ settings }: { settings: ShopSettings }) {
  if (settings.collectionSlotMinutes === null) return null;
  return (
    <>
      <input type="hidden" name="collectionSlotMinutes" value={settings.collectionSlotMinutes} />
      <input type="hidden" name="collectionSlotOpens" value={settings.collectionSlotOpens ?? ''} />
      <input type="hidden" name="collectionSlotCloses" value={settings.collectionSlotCloses ?? ''} />
      <input type="hidden" name="collectionSlotCap" value={settings.collectionSlotCap ?? ''} />
    </>
  );
}

/**
 * "Settings saved", or why not, beside the button that saved: a floating toast would cover the
 * very fields it confirms.
 */
function SaveOutcome({ result }: { result: PageActionResult | undefined }) {
  return (
    <p role="status" className="text-sm font-medium">
      {result?.ok && <span className="text-green-800">Settings saved</span>}
      {result && !result.ok && (
        <span className="text-red-700">
          Failed to save the settings{result.error ? `: ${result.error}` : ''}
        </span>
      )}
    </p>
  );
}

function Toggle({
  name,
  label,
  checked,
  onChange,
  error,
}: {
  name: string;
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  error?: string;
}) {
  return (
    <div>
      <label className="flex min-h-11 cursor-pointer items-center gap-3 font-medium">
        <input
          type="checkbox"
          name={name}
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${name}-error` : undefined}
          className="size-4 accent-caramel-dark"
        />
        {label}
      </label>
      {error && (
        <p id={`${name}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

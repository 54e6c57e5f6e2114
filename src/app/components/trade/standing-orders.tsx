import { Link, useFetcher } from 'react-router';
import { Button } from '~/app/components/ui/button';
import { Badge, Card } from '~/app/components/ui/card';
import { type PageActionResult, useActionToast } from '~/app/toast/use-action-toast';
import { formatPence } from '~/shared/money/money';
import { formatBakeDay, formatDateTime, WEEKDAY_NAMES } from '~/shared/time/london-time';
import { STANDING_ORDER_LEAD_DAYS, STANDING_RUN_LABELS, weekdaysText } from '~/shared/trade/standing-orders';

/** A standing order as the server's page data gives it (dates and instants as text). */
export interface StandingOrderData {
  id: string;
  weekdays: number[];
  status: 'active' | 'paused';
  lines: { productId: string; name: string; quantity: number; onList: boolean }[];
  days: {
    date: string;
    cutoffAt: string;
    status: 'made' | 'skipped' | 'not_made' | 'due';
    orderId: string | null;
    reason: string | null;
    order: { status: string; totalPennies: number; quantities: Record<string, number> } | null;
  }[];
}

export interface OfferItem {
  productId: string;
  name: string;
  caseSize: number;
  minQuantity: number;
  unitPenniesExVat: number;
}

const MESSAGES = {
  'standing-save': { success: 'Standing order saved', failure: 'Could not save the standing order' },
  'standing-pause': { success: 'Standing order paused', failure: 'Could not pause it' },
  'standing-resume': { success: 'Standing order resumed', failure: 'Could not resume it' },
  'standing-skip': { success: 'Day skipped', failure: 'Could not skip that day' },
  'standing-unskip': { success: 'Day back on', failure: 'Could not put that day back' },
  'order-change': { success: 'Order changed', failure: 'Could not change the order' },
};

/** Monday first, as a week is read. */
const WEEK = [1, 2, 3, 4, 5, 6, 0];

function Refusal({ answer }: { answer: PageActionResult | undefined }) {
  if (!answer || answer.ok) return null;
  return (
    <p role="alert" className="font-medium text-red-700">
      {answer.error}
    </p>
  );
}

/** Weekdays (only those the zone delivers can be ticked) and quantities, in the list's cases. */
function StandingForm({
  offer,
  deliveryWeekdays,
  initial,
  label,
}: {
  offer: OfferItem[];
  deliveryWeekdays: number[];
  initial?: StandingOrderData;
  label: string;
}) {
  const fetcher = useFetcher<PageActionResult>();
  useActionToast(fetcher, MESSAGES);
  const key = initial?.id ?? 'new';
  const quantity = (productId: string) => initial?.lines.find((l) => l.productId === productId)?.quantity;
  return (
    <fetcher.Form method="post" className="space-y-4" aria-label={label}>
      <input type="hidden" name="intent" value="standing-save" />
      {initial && <input type="hidden" name="id" value={initial.id} />}
      <fieldset>
        <legend className="mb-2 font-medium">Delivered every</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {WEEK.map((d) => {
            const delivered = deliveryWeekdays.includes(d);
            return (
              <label
                key={d}
                className={`flex min-h-11 items-center gap-2 ${delivered ? '' : 'text-cocoa-light'}`}
              >
                <input
                  type="checkbox"
                  name="weekdays"
                  value={d}
                  defaultChecked={initial?.weekdays.includes(d)}
                  className="size-5"
                />
                {WEEKDAY_NAMES[d]}
                {!delivered && <span className="text-xs"> (no delivery)</span>}
              </label>
            );
          })}
        </div>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        {offer.map((o) => {
          const id = `${key}-q-${o.productId}`;
          const error =
            fetcher.data && !fetcher.data.ok ? fetcher.data.fields?.[`q_${o.productId}`] : undefined;
          return (
            <div key={o.productId}>
              <label htmlFor={id} className="font-medium">
                {o.name}
              </label>
              <p id={`${id}-hint`} className="text-sm text-cocoa-light">
                {`${formatPence(o.unitPenniesExVat)} ex VAT, in cases of ${o.caseSize}`}
                {o.minQuantity > 0 ? `, at least ${o.minQuantity}` : ''}
              </p>
              <input
                id={id}
                name={`q_${o.productId}`}
                type="number"
                inputMode="numeric"
                min={0}
                step={o.caseSize}
                defaultValue={quantity(o.productId) ?? ''}
                aria-invalid={error ? true : undefined}
                aria-describedby={`${id}-hint`}
                className="h-11 w-28 rounded-md border border-cocoa/30 px-2"
              />
            </div>
          );
        })}
      </div>
      <Refusal answer={fetcher.data} />
      <Button type="submit" disabled={fetcher.state !== 'idle'}>
        {initial ? 'Save changes' : 'Set up standing order'}
      </Button>
    </fetcher.Form>
  );
}

/** One made order's quantities, changeable until its day's cut-off. */
function ChangeOrder({ offer, day }: { offer: OfferItem[]; day: StandingOrderData['days'][number] }) {
  const fetcher = useFetcher<PageActionResult>();
  useActionToast(fetcher, MESSAGES);
  if (!day.order || !day.orderId) return null;
  return (
    <details className="mt-2">
      <summary className="cursor-pointer underline">Change this day’s quantities</summary>
      <fetcher.Form
        method="post"
        className="mt-2 flex flex-wrap items-end gap-3"
        aria-label={`Quantities for ${formatBakeDay(day.date)}`}
      >
        <input type="hidden" name="intent" value="order-change" />
        <input type="hidden" name="orderId" value={day.orderId} />
        {offer.map((o) => (
          <label key={o.productId} className="text-sm">
            {o.name}
            <input
              name={`q_${o.productId}`}
              type="number"
              inputMode="numeric"
              min={0}
              step={o.caseSize}
              defaultValue={day.order?.quantities[o.productId] ?? ''}
              className="block h-11 w-24 rounded-md border border-cocoa/30 px-2"
            />
          </label>
        ))}
        <Button type="submit" size="sm" disabled={fetcher.state !== 'idle'}>
          Save quantities
        </Button>
        <Refusal answer={fetcher.data} />
      </fetcher.Form>
    </details>
  );
}

function StandingCard({
  so,
  offer,
  deliveryWeekdays,
  orderLink,
  dayLink,
}: {
  so: StandingOrderData;
  offer: OfferItem[];
  deliveryWeekdays: number[];
  orderLink: (orderId: string) => string;
  dayLink?: (date: string) => string;
}) {
  const fetcher = useFetcher<PageActionResult>();
  useActionToast(fetcher, MESSAGES);
  const busy = fetcher.state !== 'idle';
  const now = Date.now();
  const title = `Every ${weekdaysText(so.weekdays, false)}`;
  return (
    <Card className="space-y-4 p-5" role="region" aria-label={`Standing order: ${weekdaysText(so.weekdays)}`}>
      <div className="flex flex-wrap items-center gap-3">
        <h3 className="text-xl font-bold">{title}</h3>
        <Badge>{so.status === 'active' ? 'Active' : 'Paused'}</Badge>
        <fetcher.Form method="post" className="ml-auto">
          <input type="hidden" name="id" value={so.id} />
          <Button
            type="submit"
            size="sm"
            variant="outline"
            name="intent"
            value={so.status === 'active' ? 'standing-pause' : 'standing-resume'}
            disabled={busy}
          >
            {so.status === 'active' ? 'Pause' : 'Resume'}
          </Button>
        </fetcher.Form>
      </div>
      <ul className="list-inside list-disc">
        {so.lines.map((l) => (
          <li key={l.productId}>
            {l.quantity} {l.name}
            {!l.onList && <span className="text-red-700"> (no longer on the price list)</span>}
          </li>
        ))}
      </ul>
      <Refusal answer={fetcher.data} />
      <div className="overflow-x-auto">
        <table className="w-full min-w-[18rem] text-left text-sm">
          <caption className="sr-only">Coming days</caption>
          <thead>
            <tr className="border-b border-crumb">
              <th className="py-2">Day</th>
              <th>Order</th>
              <th>
                <span className="sr-only">Change</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {so.days.map((d) => {
              const open = d.cutoffAt !== '' && new Date(d.cutoffAt).getTime() > now;
              const cancelled = d.order?.status === 'cancelled';
              return (
                <tr key={d.date} className="border-b border-crumb/50 align-top">
                  <td className="py-2 font-medium">
                    {dayLink && d.status === 'made' ? (
                      <Link to={dayLink(d.date)} className="underline">
                        {formatBakeDay(d.date)}
                      </Link>
                    ) : (
                      formatBakeDay(d.date)
                    )}
                  </td>
                  <td className="py-2">
                    {d.status === 'due' ? (
                      so.status === 'active' ? (
                        `To be made (${STANDING_ORDER_LEAD_DAYS} days before its cut-off)`
                      ) : (
                        'Paused'
                      )
                    ) : (
                      <>
                        {STANDING_RUN_LABELS[d.status]}
                        {d.status === 'made' &&
                          d.order &&
                          !cancelled &&
                          `: ${formatPence(d.order.totalPennies)}`}
                        {d.reason && `: ${d.reason}`}
                        {d.orderId && d.status === 'made' && (
                          <>
                            {' '}
                            <Link to={orderLink(d.orderId)} className="underline">
                              See the order
                            </Link>
                          </>
                        )}
                        {d.status === 'made' && open && d.order?.status === 'pending' && (
                          <ChangeOrder offer={offer} day={d} />
                        )}
                      </>
                    )}
                    {d.cutoffAt && open && (
                      <p className="text-cocoa-light">Change or skip until {formatDateTime(d.cutoffAt)}</p>
                    )}
                  </td>
                  <td className="py-2">
                    {open &&
                      (d.status === 'due' || (d.status === 'made' && d.order?.status === 'pending')) && (
                        <fetcher.Form method="post">
                          <input type="hidden" name="id" value={so.id} />
                          <input type="hidden" name="date" value={d.date} />
                          <Button
                            type="submit"
                            size="sm"
                            variant="outline"
                            name="intent"
                            value="standing-skip"
                            disabled={busy}
                            aria-label={`Skip ${formatBakeDay(d.date)}`}
                          >
                            Skip
                          </Button>
                        </fetcher.Form>
                      )}
                    {open && d.status === 'skipped' && (
                      <fetcher.Form method="post">
                        <input type="hidden" name="id" value={so.id} />
                        <input type="hidden" name="date" value={d.date} />
                        <Button
                          type="submit"
                          size="sm"
                          variant="outline"
                          name="intent"
                          value="standing-unskip"
                          disabled={busy}
                          aria-label={`Deliver on ${formatBakeDay(d.date)} after all`}
                        >
                          Deliver after all
                        </Button>
                      </fetcher.Form>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <details>
        <summary className="cursor-pointer underline">Change this standing order</summary>
        <div className="mt-3">
          <StandingForm
            offer={offer}
            deliveryWeekdays={deliveryWeekdays}
            initial={so}
            label={`Change the standing order: ${weekdaysText(so.weekdays)}`}
          />
        </div>
      </details>
    </Card>
  );
}

/**
 * A trade account's standing orders with their coming days, and the form to set one up: the
 * café's own page and the owner's trade account page show the same.
 */
export function StandingOrders({
  standing,
  offer,
  deliveryWeekdays,
  orderLink,
  dayLink,
}: {
  standing: StandingOrderData[];
  offer: OfferItem[];
  deliveryWeekdays: number[];
  orderLink: (orderId: string) => string;
  /** The owner's: a made day links to its bake day. */
  dayLink?: (date: string) => string;
}) {
  return (
    <div className="space-y-6">
      <p className="text-cocoa-light">
        Each day is made into an order on account {STANDING_ORDER_LEAD_DAYS} days before its cut-off, at the
        prices of the day; it can be changed or skipped until the cut-off.
      </p>
      {standing.length === 0 && <p>No standing orders yet.</p>}
      {standing.map((so) => (
        <StandingCard
          key={so.id}
          so={so}
          offer={offer}
          deliveryWeekdays={deliveryWeekdays}
          orderLink={orderLink}
          dayLink={dayLink}
        />
      ))}
      {offer.length === 0 ? (
        <p>The price list is empty: a standing order needs cookies on it.</p>
      ) : (
        <Card className="p-5">
          <h3 className="mb-3 text-xl font-bold">New standing order</h3>
          <StandingForm offer={offer} deliveryWeekdays={deliveryWeekdays} label="New standing order" />
        </Card>
      )}
    </div>
  );
}

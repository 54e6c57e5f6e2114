import { useFetcher } from 'react-router';
import { SECTION_HEADING, ShipTo } from '~/app/components/orders/ship-to';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { Input, Label, Select, Textarea } from '~/app/components/ui/input';
import { type PageActionResult, useActionToast } from '~/app/toast/use-action-toast';
import type { AdminDeliveryDto } from '~/server/orders/deliveries-service';
import { formatPence } from '~/shared/money/money';
import { deliveryStatusLabel, fulfilmentNoun } from '~/shared/orders/fulfilment';
import { DELIVERY_LIMITS } from '~/shared/orders/schemas';
import { DELIVERY_STATUSES } from '~/shared/orders/statuses';
import { formatDateTime } from '~/shared/time/london-time';

const TOASTS = {
  status: { success: 'Delivery status updated', failure: 'Failed to update delivery' },
  details: { success: 'Delivery details saved', failure: 'Failed to update delivery' },
};

/** One delivery: its status selector, who and where, and (not for a collection) its tracking code and driver notes. */
export function DeliveryCard({ delivery }: { delivery: AdminDeliveryDto }) {
  const statusFetcher = useFetcher<PageActionResult>();
  const detailsFetcher = useFetcher<PageActionResult>();
  useActionToast(statusFetcher, TOASTS);
  useActionToast(detailsFetcher, TOASTS);
  const pending = statusFetcher.formData?.get('status');
  const status = typeof pending === 'string' ? pending : delivery.status;
  const id = delivery.id;
  const saving = detailsFetcher.state !== 'idle';
  const { order } = delivery;
  const collect = order.fulfilment === 'collection';

  return (
    <Card className="p-5">
      <article aria-labelledby={`delivery-${id}`}>
        <header className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <h2 id={`delivery-${id}`} className="font-sans text-lg font-semibold">
              {fulfilmentNoun(order.fulfilment)} {order.number}
            </h2>
            <p className="text-sm text-cocoa-light">
              Created <time dateTime={delivery.created_at}>{formatDateTime(delivery.created_at)}</time>
            </p>
          </div>
          <div>
            <Label htmlFor={`delivery-status-${id}`} className="sr-only">
              Status of delivery {order.number}
            </Label>
            <Select
              id={`delivery-status-${id}`}
              value={status}
              disabled={statusFetcher.state !== 'idle'}
              onChange={(e) =>
                statusFetcher.submit({ intent: 'status', id, status: e.target.value }, { method: 'post' })
              }
              className="w-40"
            >
              {DELIVERY_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {deliveryStatusLabel(s, order.fulfilment)}
                </option>
              ))}
            </Select>
          </div>
        </header>

        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <div className="min-w-0">
            {/* A gift goes to its recipient, who is not the customer: the card says who sent it. */}
            <ShipTo
              ship={order.ship}
              collect={collect}
              deliveryHeading={order.ship.gift ? 'A gift, deliver to' : 'Deliver to'}
              Heading="h3"
            />
            {order.ship.gift && <p className="mt-1 text-sm">A gift from {order.customer.full_name}</p>}
          </div>
          <div>
            <h3 className={SECTION_HEADING}>Order</h3>
            <p>
              {order.number} · {formatPence(order.total_pennies)}
            </p>
            {delivery.tracking_code && (
              <p className="mt-1 break-words">
                <span className="font-medium">Tracking code:</span> {delivery.tracking_code}
              </p>
            )}
            {delivery.driver_notes && (
              <p className="mt-1 break-words whitespace-pre-wrap">
                <span className="font-medium">Driver notes:</span> {delivery.driver_notes}
              </p>
            )}
          </div>
        </div>

        {/* A collection is handed over at the bakery: nothing to track, no driver to brief. */}
        {/* key: a saved change (or another admin's) refills the fields from the server's values. */}
        {!collect && (
          <detailsFetcher.Form
            key={`${delivery.tracking_code}\u0000${delivery.driver_notes}`}
            method="post"
            className="mt-4 grid gap-3 border-t border-crumb pt-4 sm:grid-cols-2"
          >
            <input type="hidden" name="intent" value="details" />
            <input type="hidden" name="id" value={id} />
            <div>
              <Label htmlFor={`tracking-${id}`}>Tracking code</Label>
              <Input
                id={`tracking-${id}`}
                name="tracking_code"
                maxLength={DELIVERY_LIMITS.trackingCode}
                defaultValue={delivery.tracking_code ?? ''}
                autoComplete="off"
              />
            </div>
            <div className="sm:row-span-2">
              <Label htmlFor={`notes-${id}`}>Driver notes</Label>
              <Textarea
                id={`notes-${id}`}
                name="driver_notes"
                maxLength={DELIVERY_LIMITS.driverNotes}
                defaultValue={delivery.driver_notes ?? ''}
                className="min-h-20"
              />
            </div>
            <div className="self-end">
              <Button type="submit" variant="secondary" disabled={saving}>
                {saving ? 'Saving...' : 'Save'}
                <span className="sr-only"> delivery {order.number} details</span>
              </Button>
            </div>
          </detailsFetcher.Form>
        )}
      </article>
    </Card>
  );
}

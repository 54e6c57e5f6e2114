import { Check, Phone, X } from 'lucide-react';
import { useFetcher } from 'react-router';
import { Button } from '~/app/components/ui/button';
import { Badge, Card } from '~/app/components/ui/card';
import { Input, Label } from '~/app/components/ui/input';
import { type PageActionResult, useActionToast } from '~/app/toast/use-action-toast';
import type { DayOrder } from '~/server/orders/day-orders';
import { DELIVERY_STATUS_LABELS } from '~/shared/orders/statuses';

const TOASTS = { outcome: { success: 'Delivery updated', failure: 'Failed to update delivery' } };

/** One stop of the run: who, where, how many cookies, the driver's notes, and Delivered / Failed. */
export function RunSheetRow({ stop, order }: { stop: number; order: DayOrder }) {
  const fetcher = useFetcher<PageActionResult>();
  useActionToast(fetcher, TOASTS);
  const busy = fetcher.state !== 'idle';
  const status = order.delivery?.status;
  const headingId = `stop-${order.id}`;
  return (
    <li>
      <Card className="p-4 print:break-inside-avoid print:rounded-none print:shadow-none">
        <article aria-labelledby={headingId}>
          <header className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id={headingId} className="font-sans text-lg font-semibold">
              {stop}. {order.ship.postcode} · {order.ship.name}
            </h2>
            <span className="flex items-center gap-2 text-sm">
              {order.number} · {order.cookies} cookies
              {status && (
                <Badge
                  className={
                    status === 'delivered'
                      ? 'bg-green-100 text-green-900'
                      : status === 'failed'
                        ? 'bg-red-100 text-red-900'
                        : undefined
                  }
                >
                  {DELIVERY_STATUS_LABELS[status]}
                </Badge>
              )}
            </span>
          </header>
          <address className="mt-1 not-italic">
            {order.ship.address}, {order.ship.city} {order.ship.postcode}
          </address>
          <a
            href={`tel:${order.ship.phone.replace(/\s+/g, '')}`}
            className="mt-1 inline-flex min-h-11 items-center gap-2 font-medium text-caramel-dark hover:underline"
          >
            <Phone aria-hidden className="size-4" />
            {order.ship.phone}
          </a>
          {order.delivery?.driverNotes && (
            <p className="mt-1 whitespace-pre-wrap">
              <span className="font-medium">Driver notes:</span> {order.delivery.driverNotes}
            </p>
          )}
          {status === 'failed' && order.delivery?.failureNote && (
            <p className="mt-1 text-red-900">
              <span className="font-medium">Failed:</span> {order.delivery.failureNote}
            </p>
          )}
          {order.delivery && (
            <div className="mt-3 flex flex-col gap-3 border-t border-crumb pt-3 sm:flex-row sm:items-end print:hidden">
              <fetcher.Form method="post">
                <input type="hidden" name="intent" value="outcome" />
                <input type="hidden" name="order_id" value={order.id} />
                <input type="hidden" name="outcome" value="delivered" />
                <Button
                  type="submit"
                  disabled={busy}
                  className="w-full sm:w-auto"
                  aria-describedby={headingId}
                >
                  <Check aria-hidden className="size-4" />
                  Delivered
                </Button>
              </fetcher.Form>
              <fetcher.Form method="post" className="flex flex-1 items-end gap-2">
                <input type="hidden" name="intent" value="outcome" />
                <input type="hidden" name="order_id" value={order.id} />
                <input type="hidden" name="outcome" value="failed" />
                <div className="flex-1">
                  <Label htmlFor={`fail-note-${order.id}`}>Why it failed</Label>
                  <Input
                    id={`fail-note-${order.id}`}
                    name="note"
                    required
                    maxLength={1000}
                    placeholder="No answer, card left"
                  />
                </div>
                <Button type="submit" variant="outline" disabled={busy} aria-describedby={headingId}>
                  <X aria-hidden className="size-4" />
                  Failed
                </Button>
              </fetcher.Form>
            </div>
          )}
        </article>
      </Card>
    </li>
  );
}

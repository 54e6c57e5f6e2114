import { Link, useFetcher } from 'react-router';
import { OrderStatusOptions } from '~/app/components/admin/order-status-options';
import { BoxContentsList } from '~/app/components/boxes/box-contents';
import { OrderDay } from '~/app/components/orders/delivery-day';
import { SECTION_HEADING } from '~/app/components/orders/ship-to';
import { OrderMarks, OrderStatusBadge } from '~/app/components/orders/status-badge';
import { Card } from '~/app/components/ui/card';
import { Label, Select } from '~/app/components/ui/input';
import { type PageActionResult, useActionToast } from '~/app/toast/use-action-toast';
import { formatPence } from '~/shared/money/money';
import { COLLECT_LABEL } from '~/shared/orders/fulfilment';
import type { OrderView } from '~/shared/orders/order-view';
import { summaryRows } from '~/shared/pricing/summary-rows';
import { mayCancelOrder, type StaffRole } from '~/shared/staff/back-office-access';
import { formatDateTime } from '~/shared/time/london-time';
import { canMarkAsPaid, MarkAsPaidButton } from './mark-as-paid';

export const ORDER_CARD_TOASTS = {
  status: { success: 'Order status updated', failure: 'Failed to update order' },
};

/**
 * One order: who, where, what, how much, and its status selector. Shop staff are offered neither
 * Cancelled for a paid order (it would refund it) nor Mark as paid: the server refuses both.
 */
export function OrderCard({ order, role }: { order: OrderView; role: StaffRole }) {
  const fetcher = useFetcher<PageActionResult>();
  useActionToast(fetcher, ORDER_CARD_TOASTS);
  // Show the chosen status at once; if the change fails the loader's value comes back.
  const pending = fetcher.formData?.get('status');
  const status = typeof pending === 'string' ? pending : order.status;
  const selectId = `status-${order.id}`;
  const heading = `order-${order.id}`;

  return (
    <Card className="p-4 sm:p-5">
      <article aria-labelledby={heading}>
        {/* On a phone a card is a few lines: number, total, status, who, where, what. */}
        <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="min-w-0">
            <h2 id={heading} className="font-sans text-lg font-semibold">
              <Link to={`/admin/orders/${order.id}`} className="hover:underline">
                Order {order.number}
              </Link>
              <span className="ml-2 font-bold sm:hidden">{formatPence(order.total_pennies)}</span>
            </h2>
            <p className="text-sm text-cocoa-light">
              <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time>
            </p>
            <OrderDay order={order} className="text-sm" />
          </div>
          <div className="flex flex-wrap items-center gap-2 sm:gap-3">
            <OrderMarks order={order} />
            <OrderStatusBadge order={order} />
            <div>
              <Label htmlFor={selectId} className="sr-only">
                Status of order {order.number}
              </Label>
              <Select
                id={selectId}
                value={status}
                disabled={fetcher.state !== 'idle'}
                onChange={(e) =>
                  fetcher.submit(
                    { intent: 'status', id: order.id, status: e.target.value },
                    { method: 'post' },
                  )
                }
                className="h-9 w-auto sm:h-11 sm:w-36"
              >
                <OrderStatusOptions
                  order={order}
                  withCancelled={mayCancelOrder(role, order.paid_at !== null) || order.status === 'cancelled'}
                />
              </Select>
            </div>
            {role === 'owner' && canMarkAsPaid(order) && <MarkAsPaidButton order={order} />}
          </div>
        </header>

        <div className="mt-3 grid gap-1 text-sm sm:mt-4 sm:grid-cols-2 sm:gap-4 sm:text-base">
          <div className="min-w-0">
            <h3 className={`sr-only sm:not-sr-only ${SECTION_HEADING}`}>Customer</h3>
            <p className="break-words">
              <span className="font-medium">{order.customer.full_name}</span>
              {order.customer.email && (
                <>
                  <span aria-hidden className="sm:hidden">
                    {' · '}
                  </span>
                  <a
                    href={`mailto:${order.customer.email}`}
                    className="break-all text-caramel-dark hover:underline sm:block"
                  >
                    {order.customer.email}
                  </a>
                </>
              )}
            </p>
          </div>
          <div className="min-w-0">
            <h3 className={`sr-only sm:not-sr-only ${SECTION_HEADING}`}>
              {order.fulfilment === 'collection' ? COLLECT_LABEL : 'Delivery address'}
            </h3>
            {/* One line on a phone; the address's lines from sm up. */}
            <address className="break-words text-cocoa-light not-italic sm:text-cocoa">
              {[
                order.ship.name,
                ...(order.fulfilment === 'collection'
                  ? []
                  : [order.ship.address, `${order.ship.city} ${order.ship.postcode}`]),
                order.ship.phone,
              ].map((line, i) => (
                <span key={line + String(i)} className="sm:block">
                  {i > 0 && (
                    <span aria-hidden className="sm:hidden">
                      {', '}
                    </span>
                  )}
                  {line}
                </span>
              ))}
            </address>
          </div>
        </div>

        <h3 className={`mt-4 sr-only sm:not-sr-only ${SECTION_HEADING}`}>Items</h3>
        <ul className="mt-2 divide-y divide-crumb text-sm sm:mt-1 sm:text-base">
          {order.items.map((item) => (
            <li key={item.id} className="flex justify-between gap-4 py-1 sm:py-1.5">
              <span className="break-words">
                {item.quantity} x {item.product_name}
                {item.box && <BoxContentsList contents={item.box} />}
              </span>
              <span className="shrink-0">{formatPence(item.line_total_pennies)}</span>
            </li>
          ))}
        </ul>
        {/* The total is beside the number on a phone; delivery and discounts on the order's page. */}
        <dl className="mt-2 hidden space-y-1 border-t border-crumb pt-2 text-sm sm:block">
          {summaryRows(order)
            .filter((row) => row.label !== 'Subtotal')
            .map((row) => (
              <div
                key={row.label}
                className={
                  row.total ? 'flex justify-between text-base font-semibold' : 'flex justify-between'
                }
              >
                <dt>{row.label}</dt>
                <dd>{row.amount}</dd>
              </div>
            ))}
        </dl>
        <p className="mt-3 hidden sm:block print:hidden">
          <Link to={`/admin/orders/${order.id}`} className="font-medium text-caramel-dark hover:underline">
            View order {order.number}
            <span className="sr-only"> details, history and refunds</span>
          </Link>
        </p>
      </article>
    </Card>
  );
}

import { Link, useFetcher } from 'react-router';
import { OrderStatusOptions } from '~/app/components/admin/order-status-options';
import { BoxContentsList } from '~/app/components/boxes/box-contents';
import { DeliveryDay } from '~/app/components/orders/delivery-day';
import { SECTION_HEADING, ShipTo } from '~/app/components/orders/ship-to';
import { OrderMarks, OrderStatusBadge } from '~/app/components/orders/status-badge';
import { Card } from '~/app/components/ui/card';
import { Label, Select } from '~/app/components/ui/input';
import { type PageActionResult, useActionToast } from '~/app/lib/use-action-toast';
import { formatPence } from '~/shared/money/money';
import type { OrderView } from '~/shared/orders/order-view';
import { summaryRows } from '~/shared/pricing/summary-rows';
import { formatDateTime } from '~/shared/time/london-time';
import { canMarkAsPaid, MarkAsPaidButton } from './mark-as-paid';

const TOASTS = { status: { success: 'Order status updated', failure: 'Failed to update order' } };

/** One order: who, where, what, how much, and its status selector. */
export function OrderCard({ order }: { order: OrderView }) {
  const fetcher = useFetcher<PageActionResult>();
  useActionToast(fetcher, TOASTS);
  // Show the chosen status at once; if the change fails the loader's value comes back.
  const pending = fetcher.formData?.get('status');
  const status = typeof pending === 'string' ? pending : order.status;
  const selectId = `status-${order.id}`;
  const heading = `order-${order.id}`;

  return (
    <Card className="p-5">
      <article aria-labelledby={heading}>
        <header className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <h2 id={heading} className="font-sans text-lg font-semibold">
              <Link to={`/admin/orders/${order.id}`} className="hover:underline">
                Order {order.number}
              </Link>
            </h2>
            <p className="text-sm text-cocoa-light">
              <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time>
            </p>
            <DeliveryDay
              date={order.delivery_date}
              fulfilment={order.fulfilment}
              dispatch={order.dispatch}
              className="text-sm"
            />
          </div>
          <div className="flex flex-wrap items-center gap-3">
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
                className="w-36"
              >
                <OrderStatusOptions order={order} />
              </Select>
            </div>
            {canMarkAsPaid(order) && <MarkAsPaidButton order={order} />}
          </div>
        </header>

        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <div>
            <h3 className={SECTION_HEADING}>Customer</h3>
            <p className="break-words">{order.customer.full_name}</p>
            {order.customer.email && (
              <a
                href={`mailto:${order.customer.email}`}
                className="break-all text-caramel-dark hover:underline"
              >
                {order.customer.email}
              </a>
            )}
          </div>
          <div>
            <ShipTo
              ship={order.ship}
              collect={order.fulfilment === 'collection'}
              deliveryHeading="Delivery address"
              Heading="h3"
            />
          </div>
        </div>

        <h3 className={`mt-4 ${SECTION_HEADING}`}>Items</h3>
        <ul className="mt-1 divide-y divide-crumb">
          {order.items.map((item) => (
            <li key={item.id} className="flex justify-between gap-4 py-1.5">
              <span className="break-words">
                {item.quantity} x {item.product_name}
                {item.box && <BoxContentsList contents={item.box} />}
              </span>
              <span className="shrink-0">{formatPence(item.line_total_pennies)}</span>
            </li>
          ))}
        </ul>
        <dl className="mt-2 space-y-1 border-t border-crumb pt-2 text-sm">
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
        <p className="mt-3 print:hidden">
          <Link to={`/admin/orders/${order.id}`} className="font-medium text-caramel-dark hover:underline">
            View order {order.number}
            <span className="sr-only"> details, history and refunds</span>
          </Link>
        </p>
      </article>
    </Card>
  );
}

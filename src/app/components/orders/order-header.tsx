import type { ReactNode } from 'react';
import { OrderDay } from '~/app/components/orders/delivery-day';
import { OrderMarks, OrderStatusBadge } from '~/app/components/orders/status-badge';
import type { OrderView } from '~/shared/orders/order-view';

/** An order page's title: "Order #…" ("Order" while it is not loaded). */
export const orderTitle = (order?: Pick<OrderView, 'number'>) => (order ? `Order ${order.number}` : 'Order');

/**
 * The top of an order's page, for its customer and for the owner: the number, a muted line
 * (`subtitle`), the delivery or collection day and any `children` under it; the refund marks,
 * flags and status badge on the right, then any `actions`.
 */
export function OrderHeader({
  order,
  subtitle,
  children,
  actions,
}: {
  order: OrderView;
  subtitle: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div>
        <h1 className="text-3xl font-bold">{orderTitle(order)}</h1>
        <p className="text-cocoa-light">{subtitle}</p>
        <OrderDay order={order} />
        {order.paid_state && (
          <p>
            <span className="font-medium">Payment:</span> {order.paid_state}
          </p>
        )}
        {children}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <OrderMarks order={order} />
        <OrderStatusBadge order={order} />
        {actions}
      </div>
    </div>
  );
}

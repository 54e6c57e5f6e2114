import { Link } from 'react-router';
import { BoxContentsList } from '~/app/components/boxes/box-contents';
import { OrderDay } from '~/app/components/orders/delivery-day';
import { CustomerOrderActions } from '~/app/components/orders/order-actions';
import { OrderMarks, OrderStatusBadge } from '~/app/components/orders/status-badge';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { formatPence } from '~/shared/money/money';
import type { OrderSummaryView } from '~/shared/orders/order-view';

export type HistoryOrder = OrderSummaryView & {
  /** created_at in en-GB long format, e.g. "21 November 2026". */
  date: string;
};

/** The customer's orders, newest first (the Orders tab of /account, docs/rules/accounts.md). */
export function OrderHistory({ orders }: { orders: HistoryOrder[] | null }) {
  if (!orders) {
    return (
      <Card className="p-8 text-center">
        <p role="alert">We couldn't load your orders just now. Please refresh the page to try again.</p>
      </Card>
    );
  }
  if (orders.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-4 p-10 text-center">
        <h2 className="text-2xl font-bold">No orders yet</h2>
        <Button asChild>
          <Link to="/shop">Start Shopping</Link>
        </Button>
      </Card>
    );
  }
  return (
    <section aria-labelledby="order-history-heading">
      <h2 id="order-history-heading" className="sr-only">
        Orders
      </h2>
      <ul className="flex flex-col gap-4">
        {orders.map((order) => (
          <li key={order.id}>
            <OrderSummary order={order} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function OrderSummary({ order }: { order: HistoryOrder }) {
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="font-sans text-lg font-semibold">
            <Link to={`/account/orders/${order.id}`} className="hover:underline">
              Order <span className="font-mono">{order.number}</span>
            </Link>
          </h3>
          <p className="text-sm text-cocoa-light">
            <time dateTime={order.created_at}>{order.date}</time>
          </p>
          <OrderDay order={order} className="text-sm" />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <OrderMarks order={order} />
          <OrderStatusBadge order={order} />
          <p className="text-lg font-bold">{formatPence(order.total_pennies)}</p>
        </div>
      </div>
      {order.items.length > 0 && (
        <ul className="mt-4 border-t border-crumb pt-3 text-sm text-cocoa-light">
          {order.items.map((item) => (
            <li key={item.id} className="flex justify-between gap-4 py-0.5">
              <span>
                {item.quantity} x {item.product_name}
                {item.box && <BoxContentsList contents={item.box} />}
              </span>
              <span>{formatPence(item.quantity * item.unit_price_pennies)}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <Link to={`/account/orders/${order.id}`} className="font-medium text-caramel-dark hover:underline">
          View order<span className="sr-only"> {order.number}</span>
        </Link>
        <CustomerOrderActions order={order} />
      </div>
    </Card>
  );
}

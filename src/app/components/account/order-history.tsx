import { Link } from 'react-router';
import { Button } from '~/app/components/ui/button';
import { Badge, Card } from '~/app/components/ui/card';
import type { AccountOrderDto } from '~/server/account/account-service';
import { shortId } from '~/shared/constants';
import { formatPence } from '~/shared/money';

export type HistoryOrder = AccountOrderDto & {
  /** created_at in en-GB long format, e.g. "21 November 2026". */
  date: string;
};

const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

/** The customer's orders, newest first (SPEC §2 /account, Orders tab). */
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
            Order <span className="font-mono">#{shortId(order.id)}</span>
          </h3>
          <p className="text-sm text-cocoa-light">
            <time dateTime={order.created_at}>{order.date}</time>
          </p>
        </div>
        <div className="flex items-center gap-3">
          <Badge>{statusLabel(order.status)}</Badge>
          <p className="text-lg font-bold">{formatPence(order.total_pennies)}</p>
        </div>
      </div>
      {order.items.length > 0 && (
        <ul className="mt-4 border-t border-crumb pt-3 text-sm text-cocoa-light">
          {order.items.map((item) => (
            <li key={item.id} className="flex justify-between gap-4 py-0.5">
              <span>
                {item.quantity} x {item.product_name}
              </span>
              <span>{formatPence(item.quantity * item.unit_price_pennies)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

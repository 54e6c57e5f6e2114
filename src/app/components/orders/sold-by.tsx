import { Link, useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '~/app/root';
import { termsPath } from '~/shared/legal/terms-links';
import type { OrderView } from '~/shared/orders/order-view';

/** A receipt's small print: who sold it (the owner's "Who we are") and the terms its customer agreed to. */
export function SoldBy({ order }: { order: OrderView }) {
  const shop = useRouteLoaderData<typeof rootLoader>('root')?.shop;
  if (!shop) return null;
  return (
    <div className="border-t border-crumb pt-4 text-sm text-cocoa-light">
      {shop.traderLine && <p>Sold by {shop.traderLine}</p>}
      {shop.trader.address && <p>{shop.trader.address}</p>}
      {order.terms_version && (
        <p className="mt-1">
          Ordered under our{' '}
          <Link
            to={termsPath(order.terms_version)}
            className="font-medium text-caramel-dark underline underline-offset-4"
          >
            terms of sale, version {order.terms_version}
          </Link>
          .
        </p>
      )}
    </div>
  );
}

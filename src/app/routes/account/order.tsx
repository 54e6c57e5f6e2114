import { ArrowLeft } from 'lucide-react';
import { data, Link } from 'react-router';
import { CustomerOrderActions } from '~/app/components/orders/order-actions';
import {
  DeliveryAddress,
  DeliveryStatus,
  OrderLines,
  StatusHistory,
} from '~/app/components/orders/order-details';
import { OrderHeader } from '~/app/components/orders/order-header';
import { Card } from '~/app/components/ui/card';
import { requireCustomerPage } from '~/app/lib/guards.server';
import { pageMeta } from '~/app/lib/meta';
import { runPageAction } from '~/app/lib/page-action.server';
import { orNotFoundPage } from '~/app/lib/service-errors.server';
import { customerActor } from '~/shared/orders/actor';
import { formatLongDate } from '~/shared/time/london-time';
import type { Route } from './+types/order';

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: loaderData ? `Order ${loaderData.order.number}` : 'Order',
    description: 'Your order, its delivery and its history.',
    noIndex: true,
  });

const noStore = { 'Cache-Control': 'private, no-store' };

/** The signed-in customer's own order; anyone else's, or a made-up id, is the 404 page. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireCustomerPage(request, context, `/admin/orders/${params.id}`);
  const order = await orNotFoundPage(() => context.services.orders.getForCustomer(user.id, params.id));
  // Where and when to collect, as the owner has it now (the order keeps no copy).
  const settings = order.fulfilment === 'collection' ? await context.services.settings.get() : null;
  const collectFrom = settings && { address: settings.collectionAddress, hours: settings.collectionHours };
  return data({ order, date: formatLongDate(order.created_at), collectFrom }, { headers: noStore });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** `intent=cancel`: the customer cancels (refunded in full when paid); the server decides if it may. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireCustomerPage(request, context, `/admin/orders/${params.id}`);
  return runPageAction(context, 'cancel', () =>
    context.services.orders.cancelByCustomer(user.id, params.id, customerActor(user)),
  );
}

export default function AccountOrderPage({ loaderData }: Route.ComponentProps) {
  const { order, date, collectFrom } = loaderData;
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <Link
        to="/account?tab=orders"
        className="mb-6 inline-flex items-center gap-1 text-caramel-dark hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" /> My orders
      </Link>
      <OrderHeader
        order={order}
        subtitle={
          <>
            Placed on <time dateTime={order.created_at}>{date}</time>
          </>
        }
      >
        {collectFrom && (
          <p>
            <span className="font-medium">Collect from:</span> {collectFrom.address} ({collectFrom.hours})
          </p>
        )}
      </OrderHeader>
      <div className="mb-6">
        <CustomerOrderActions order={order} />
      </div>
      <Card className="space-y-6 p-5 sm:p-6">
        <OrderLines order={order} />
        <div className="grid gap-6 sm:grid-cols-2">
          <DeliveryAddress order={order} />
          <DeliveryStatus order={order} />
        </div>
        <StatusHistory order={order} forCustomer />
      </Card>
    </main>
  );
}

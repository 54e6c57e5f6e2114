import { data, Link, redirect } from 'react-router';
import { StandingOrders } from '~/app/components/trade/standing-orders';
import { standingOrderAction } from '~/app/components/trade/standing-orders-action.server';
import { pageMeta } from '~/app/seo/meta';
import { requireCustomerPage } from '~/app/server/guards.server';
import type { Route } from './+types/standing';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Standing orders',
    description: 'The same cookies on the same days, ordered on account.',
    noIndex: true,
  });

/** The approved trade customer's standing orders; anyone else goes to the trade page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireCustomerPage(request, context, '/admin/trade');
  const account = await context.services.trade.mine(user.id);
  if (account?.status !== 'approved') throw redirect('/trade/apply');
  const page = await context.services.standingOrders.page({ profileId: user.id });
  return data(
    {
      businessName: page.account.businessName,
      offer: page.offer,
      deliveryWeekdays: page.deliveryWeekdays,
      standing: page.standing,
    },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireCustomerPage(request, context, '/admin/trade');
  return standingOrderAction(
    context,
    await request.formData(),
    { profileId: user.id },
    {
      type: 'customer',
      id: user.id,
      name: user.name,
    },
  );
}

export default function TradeStanding({ loaderData }: Route.ComponentProps) {
  const { businessName, offer, deliveryWeekdays, standing } = loaderData;
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-10">
      <h1 className="mb-2 text-3xl font-bold">Standing orders</h1>
      <p className="mb-6 text-cocoa-light">
        {businessName}: the same cookies on the same days, on account.{' '}
        <Link to="/trade/order" className="underline">
          One-off order
        </Link>{' '}
        ·{' '}
        <Link to="/trade/invoices" className="underline">
          Your invoices
        </Link>
      </p>
      <StandingOrders
        standing={standing}
        offer={offer}
        deliveryWeekdays={deliveryWeekdays}
        orderLink={(id) => `/account/orders/${id}`}
      />
    </main>
  );
}

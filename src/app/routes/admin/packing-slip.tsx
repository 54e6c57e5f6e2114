import { PrintButton } from '~/app/components/admin/bake-days/print-button';
import { PackingSlip } from '~/app/components/admin/packing-slip';
import { requireAdminPage } from '~/app/server/guards.server';
import { orNotFoundPage } from '~/app/server/service-errors.server';
import type { Route } from './+types/packing-slip';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Packing slip ${loaderData.order.number}` : 'Packing slip' },
  { name: 'robots', content: 'noindex' },
];

/** One order's packing slip, for printing: the day's slip of that order, without the back office around it. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const { orders, config } = context.services;
  const order = await orNotFoundPage(() => orders.packingSlip(params.id));
  const { shop } = config;
  return {
    order,
    shop: { name: shop.name, email: shop.email, phone: shop.phone, address: shop.address || null },
  };
}

export default function OrderPackingSlip({ loaderData }: Route.ComponentProps) {
  const { order, shop } = loaderData;
  return (
    <main className="mx-auto max-w-2xl bg-white p-8 text-cocoa print:p-0">
      <PackingSlip order={order} shop={shop} level={1} />
      <p className="mt-8 print:hidden">
        <PrintButton>Print</PrintButton>
      </p>
    </main>
  );
}

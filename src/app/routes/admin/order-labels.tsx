import { LabelSheets } from '~/app/components/admin/recipes/label-sheets';
import { requireAdminPage } from '~/app/server/guards.server';
import { orNotFoundPage } from '~/app/server/service-errors.server';
import { isLabelStock } from '~/shared/recipes/labels';
import type { Route } from './+types/order-labels';

export const meta: Route.MetaFunction = () => [{ title: 'Labels' }, { name: 'robots', content: 'noindex' }];

/** One order's food labels, one per pack, for printing (no back office around them). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const url = new URL(request.url);
  const stock = url.searchParams.get('stock');
  const { labels, number } = await orNotFoundPage(() => context.services.labels.forOrder(params.id));
  const { shop } = context.services.config;
  return {
    labels,
    title: `Labels for order ${number}`,
    stock: isLabelStock(stock) ? stock : 'l7160',
    test: url.searchParams.get('test') === '1',
    shop: { name: shop.name, address: shop.address || null },
  };
}

export default function OrderLabels({ loaderData }: Route.ComponentProps) {
  return <LabelSheets {...loaderData} />;
}

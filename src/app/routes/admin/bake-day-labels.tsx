import { data } from 'react-router';
import { LabelSheets } from '~/app/components/admin/recipes/label-sheets';
import { requireAdminPage } from '~/app/server/guards.server';
import { isLabelStock } from '~/shared/recipes/labels';
import { isIsoDate } from '~/shared/time/london-time';
import type { Route } from './+types/bake-day-labels';

export const meta: Route.MetaFunction = () => [{ title: 'Labels' }, { name: 'robots', content: 'noindex' }];

/** A bake day's food labels, one per pack of its paid orders, for printing (no back office around them). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  if (!isIsoDate(params.date)) throw data('Not found', { status: 404 });
  const url = new URL(request.url);
  const stock = url.searchParams.get('stock');
  const { labels, label } = await context.services.labels.forDay(params.date);
  const { shop } = context.services.config;
  return {
    labels,
    title: `Labels for ${label}`,
    stock: isLabelStock(stock) ? stock : 'l7160',
    test: url.searchParams.get('test') === '1',
    shop: { name: shop.name, address: shop.address || null },
  };
}

export default function BakeDayLabels({ loaderData }: Route.ComponentProps) {
  return <LabelSheets {...loaderData} />;
}

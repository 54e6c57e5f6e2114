import { Download, Mail, Phone, Users } from 'lucide-react';
import { EmptyState } from '~/app/components/admin/load-error';
import { PagedList } from '~/app/components/admin/paged-list';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { pageMeta } from '~/app/seo/meta';
import { requireAdminPage } from '~/app/server/guards.server';
import { loadOrNull } from '~/app/server/page-action.server';
import { formatPence } from '~/shared/money/money';
import { pageAsked } from '~/shared/schemas/admin';
import { formatLongDate } from '~/shared/time/london-time';
import type { Route } from './+types/customers';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Customers',
    description: 'Customers and what they have ordered.',
    noIndex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const page = pageAsked(request.url);
  return {
    result: await loadOrNull(context, 'customers', () =>
      context.services.admin.customers.list({ page: page }),
    ),
  };
}

/** What the two figures count (decision 074): the dashboard's Total Orders, and money paid once. */
const spentRule =
  'Orders counts paid orders, as the dashboard does: not checkouts left unpaid or cancelled. Total spent is the money the customer paid, by card or recorded by hand, less refunds: a gift card counts when it is bought, not again when it is spent.';

export default function Customers({ loaderData }: Route.ComponentProps) {
  const { result } = loaderData;
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-8">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-3xl font-bold">Customers</h1>
        {result && result.total > 0 && (
          <div className="flex flex-wrap items-center gap-4">
            <p className="text-cocoa-light">
              {result.total.toLocaleString('en-GB')} {result.total === 1 ? 'customer' : 'customers'}
            </p>
            <Button asChild variant="outline" size="sm">
              <a href="/api/admin/customers/export.csv" download>
                <Download aria-hidden className="size-4" />
                Export CSV
              </a>
            </Button>
          </div>
        )}
      </div>
      <p className="mb-6 text-cocoa-light">{spentRule}</p>
      <PagedList
        result={result}
        failed="Failed to load customers"
        empty={<EmptyState icon={<Users aria-hidden />} title="No customers yet" />}
        noun="customers"
      >
        {(c) => (
          <Card className="p-5">
            <article aria-labelledby={`customer-${c.id}`} className="grid gap-4 sm:grid-cols-3">
              <div className="min-w-0">
                <h2 id={`customer-${c.id}`} className="font-sans text-lg font-semibold break-words">
                  {c.full_name}
                </h2>
                {/* A deleted account keeps its row with the contact details erased. */}
                {c.email && (
                  <p className="flex items-center gap-1.5 text-sm">
                    <Mail aria-hidden className="size-4 shrink-0 text-cocoa-light" />
                    <a href={`mailto:${c.email}`} className="break-all text-caramel-dark hover:underline">
                      {c.email}
                    </a>
                  </p>
                )}
                {c.phone && (
                  <p className="flex items-center gap-1.5 text-sm">
                    <Phone aria-hidden className="size-4 shrink-0 text-cocoa-light" />
                    <a href={`tel:${c.phone}`} className="hover:underline">
                      {c.phone}
                    </a>
                  </p>
                )}
                <p className="mt-1 text-xs text-cocoa-light">
                  Joined <time dateTime={c.created_at}>{formatLongDate(c.created_at)}</time>
                </p>
              </div>
              <address className="text-sm not-italic break-words">
                <span className="block font-sans font-semibold text-cocoa-light uppercase">Address</span>
                {c.address}
                <br />
                {c.city} {c.postcode}
              </address>
              <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-1">
                <div>
                  <dt className="font-semibold text-cocoa-light uppercase">Orders</dt>
                  <dd className="text-lg font-bold">{c.order_count}</dd>
                </div>
                <div>
                  <dt className="font-semibold text-cocoa-light uppercase">Total spent</dt>
                  <dd className="text-lg font-bold">{formatPence(c.total_spent_pennies)}</dd>
                </div>
              </dl>
            </article>
          </Card>
        )}
      </PagedList>
    </main>
  );
}

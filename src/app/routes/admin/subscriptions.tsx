import { Link } from 'react-router';
import { LoadError } from '~/app/components/admin/load-error';
import { Badge, Card } from '~/app/components/ui/card';
import { pageMeta } from '~/app/seo/meta';
import { requireAdminPage } from '~/app/server/guards.server';
import { loadOrNull } from '~/app/server/page-action.server';
import { SUBSCRIPTION_STATUS_LABELS, SUBSCRIPTION_STATUSES } from '~/shared/club/club';
import { formatPence } from '~/shared/money/money';
import { formatBakeDay, type IsoDate } from '~/shared/time/london-time';
import type { Route } from './+types/subscriptions';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Subscriptions',
    description: 'Cookie Club subscriptions, their boxes and the monthly recurring revenue.',
    noIndex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  return {
    overview: await loadOrNull(context, 'subscriptions', () =>
      context.services.subscriptions.adminOverview(),
    ),
  };
}

export default function SubscriptionsPage({ loaderData }: Route.ComponentProps) {
  const { overview } = loaderData;
  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-8">
      <h1 className="mb-2 text-3xl font-bold">Subscriptions</h1>
      <p className="mb-6 text-cocoa-light">
        The Cookie Club: each box is an order on its bake day, charged once when it is made.
      </p>
      {!overview ? (
        <LoadError message="Failed to load subscriptions" />
      ) : (
        <>
          <dl className="mb-8 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
            <Card className="p-4">
              <dt className="text-sm text-cocoa-light">Monthly recurring revenue</dt>
              <dd className="text-2xl font-bold">{formatPence(overview.monthly_recurring_pennies)}</dd>
            </Card>
            {SUBSCRIPTION_STATUSES.map((s) => (
              <Card key={s} className="p-4">
                <dt className="text-sm text-cocoa-light">{SUBSCRIPTION_STATUS_LABELS[s]}</dt>
                <dd className="text-2xl font-bold">{overview.counts[s]}</dd>
              </Card>
            ))}
          </dl>
          {overview.subscriptions.length === 0 ? (
            <p>No subscriptions yet. Customers join from the shop's Cookie Club page.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead>
                  <tr className="border-b border-crumb">
                    <th className="py-2 pr-4">Member</th>
                    <th className="py-2 pr-4">Box</th>
                    <th className="py-2 pr-4">Every</th>
                    <th className="py-2 pr-4">Next box</th>
                    <th className="py-2 pr-4 text-right">Per box</th>
                    <th className="py-2">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {overview.subscriptions.map((s) => (
                    <tr key={s.id} className="border-b border-crumb">
                      <td className="py-2 pr-4">
                        <Link to={`/admin/subscriptions/${s.id}`} className="font-medium underline">
                          {s.member.full_name}
                        </Link>
                        <div className="text-cocoa-light">{s.member.email}</div>
                      </td>
                      <td className="py-2 pr-4">
                        {s.quantity} x {s.product_name}
                      </td>
                      <td className="py-2 pr-4">{s.every_weeks} weeks</td>
                      <td className="py-2 pr-4">
                        {s.next_box_date && s.status !== 'paused'
                          ? formatBakeDay(s.next_box_date as IsoDate)
                          : '-'}
                      </td>
                      <td className="py-2 pr-4 text-right">{formatPence(s.price_pennies)}</td>
                      <td className="py-2">
                        <Badge>{SUBSCRIPTION_STATUS_LABELS[s.status]}</Badge>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </main>
  );
}

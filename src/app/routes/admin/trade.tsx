import { Store } from 'lucide-react';
import { Link, useFetcher } from 'react-router';
import { BusinessFields, businessOfForm } from '~/app/components/trade/business-fields';
import { Button } from '~/app/components/ui/button';
import { Badge, Card } from '~/app/components/ui/card';
import { Field } from '~/app/components/ui/field';
import { Input } from '~/app/components/ui/input';
import { pageMeta } from '~/app/seo/meta';
import { requireAdminPage } from '~/app/server/guards.server';
import { field, runPageAction } from '~/app/server/page-action.server';
import { type PageActionResult, useActionToast } from '~/app/toast/use-action-toast';
import { formatPence } from '~/shared/money/money';
import { formatDateTime } from '~/shared/time/london-time';
import { TRADE_STATUS_LABELS } from '~/shared/trade/trade';
import type { Route } from './+types/trade';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Trade customers',
    description: 'Cafés and shops buying on account: applications, prices, terms.',
    noIndex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const rows = await context.services.trade.list();
  return {
    accounts: rows.map(({ account: a, email }) => ({
      id: a.id,
      businessName: a.businessName,
      contactName: a.contactName,
      email,
      status: a.status,
      paymentTermsDays: a.paymentTermsDays,
      creditLimitPennies: a.creditLimitPennies,
      applied: formatDateTime(a.createdAt),
    })),
  };
}

/** `intent` create: the owner opens an approved account for a customer's shop account. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminPage(request, context);
  const form = await request.formData();
  return runPageAction(context, 'create', () =>
    context.services.trade.create(field(form, 'email'), businessOfForm(form)),
  );
}

const TONE = {
  applied: 'bg-amber-100 text-amber-900',
  approved: 'bg-green-100 text-green-900',
  declined: '',
};

export default function AdminTrade({ loaderData }: Route.ComponentProps) {
  const { accounts } = loaderData;
  const fetcher = useFetcher<PageActionResult>();
  useActionToast(fetcher, {
    create: { success: 'Trade account opened', failure: 'Could not open the account' },
  });
  const refused = fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-8">
      <h1 className="mb-2 text-3xl font-bold">Trade customers</h1>
      <p className="mb-6 text-cocoa-light">
        Businesses apply at /trade/apply. Open one to approve it and set its prices and terms.
      </p>
      {accounts.length === 0 ? (
        <Card className="p-10 text-center">
          <Store aria-hidden className="mx-auto mb-3 size-10 text-caramel" />
          <p className="text-lg font-medium">No trade customers yet</p>
        </Card>
      ) : (
        <table className="mb-10 w-full text-left">
          <thead>
            <tr className="border-b border-crumb">
              <th className="py-2">Business</th>
              <th>Status</th>
              <th>Terms</th>
              <th>Credit limit</th>
              <th>Applied</th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((a) => (
              <tr key={a.id} className="border-b border-crumb/50">
                <td className="py-2">
                  <Link to={`/admin/trade/${a.id}`} className="font-bold hover:underline">
                    {a.businessName}
                  </Link>
                  <div className="text-sm text-cocoa-light">
                    {a.contactName}, {a.email}
                  </div>
                </td>
                <td>
                  <Badge className={TONE[a.status]}>{TRADE_STATUS_LABELS[a.status]}</Badge>
                </td>
                <td>{a.paymentTermsDays} days</td>
                <td>{formatPence(a.creditLimitPennies)}</td>
                <td className="text-sm">{a.applied}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Card className="p-6">
        <h2 className="mb-4 text-xl font-bold">Open a trade account</h2>
        <fetcher.Form method="post" className="space-y-5">
          <input type="hidden" name="intent" value="create" />
          <Field id="email" label="Customer’s shop account e-mail">
            <Input id="email" name="email" type="email" required />
          </Field>
          <BusinessFields fields={refused?.fields} />
          {refused && (
            <p role="alert" className="font-medium text-red-700">
              {refused.error}
            </p>
          )}
          <Button type="submit" disabled={fetcher.state !== 'idle'}>
            Open account
          </Button>
        </fetcher.Form>
      </Card>
    </main>
  );
}

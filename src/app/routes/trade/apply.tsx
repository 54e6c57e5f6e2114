import { data, Link, redirect, useFetcher } from 'react-router';
import { BusinessFields, businessOfForm } from '~/app/components/trade/business-fields';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { pageMeta } from '~/app/seo/meta';
import { getUser, requireCustomerPage } from '~/app/server/guards.server';
import { runPageAction } from '~/app/server/page-action.server';
import { type PageActionResult, useActionToast } from '~/app/toast/use-action-toast';
import { TRADE_STATUS_LABELS } from '~/shared/trade/trade';
import type { Route } from './+types/apply';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Trade accounts',
    description: 'Cafés, delis and farm shops: apply for a trade account with its own prices, on account.',
  });

/** Anyone may read it; applying needs a shop account (signing up from here comes back here). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser(request, context);
  if (user?.role === 'admin') throw redirect('/admin/trade');
  const account = user ? await context.services.trade.mine(user.id) : null;
  return data(
    {
      signedIn: !!user,
      account: account && { businessName: account.businessName, status: account.status },
    },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireCustomerPage(request, context, '/admin/trade');
  const form = await request.formData();
  return runPageAction(context, 'apply', () => context.services.trade.apply(user.id, businessOfForm(form)));
}

export default function TradeApply({ loaderData }: Route.ComponentProps) {
  const { signedIn, account } = loaderData;
  const fetcher = useFetcher<PageActionResult>();
  useActionToast(fetcher, {
    apply: { success: 'Application sent', failure: 'Could not send the application' },
  });
  const refused = fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-10">
      <h1 className="mb-3 text-3xl font-bold">Trade accounts</h1>
      <p className="mb-6 text-cocoa-light">
        For cafés, delis and farm shops: your own prices ex VAT, cases by the dozen, a delivery day like
        everyone’s, and an invoice to pay on your terms instead of a card at each order.
      </p>
      {account ? (
        <Card className="p-6">
          <p className="text-lg font-medium">
            {`${account.businessName}: ${TRADE_STATUS_LABELS[account.status]}`}
          </p>
          <p className="mt-2 text-cocoa-light">
            {account.status === 'applied'
              ? 'Thank you: we will look at your application and e-mail you.'
              : account.status === 'approved'
                ? 'Your trade account is open.'
                : 'We cannot offer a trade account at the moment. Please contact us if anything has changed.'}
          </p>
          {account.status === 'approved' && (
            <Button asChild className="mt-4">
              <Link to="/trade/prices">See your trade prices</Link>
            </Button>
          )}
        </Card>
      ) : !signedIn ? (
        <Card className="p-6">
          <p className="mb-4">
            Your trade account belongs to a shop account: sign in, or create one, to apply.
          </p>
          <Button asChild>
            <Link to="/auth?redirectTo=%2Ftrade%2Fapply">Sign in or create an account</Link>
          </Button>
        </Card>
      ) : (
        <Card className="p-6">
          <h2 className="mb-4 text-xl font-bold">Apply for a trade account</h2>
          <fetcher.Form method="post" className="space-y-5">
            <BusinessFields fields={refused?.fields} />
            {refused && (
              <p role="alert" className="font-medium text-red-700">
                {refused.error}
              </p>
            )}
            <Button type="submit" disabled={fetcher.state !== 'idle'}>
              Apply
            </Button>
          </fetcher.Form>
        </Card>
      )}
    </main>
  );
}

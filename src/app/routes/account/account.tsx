import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { data, Link, useNavigate, useRevalidator } from 'react-router';
import { signOut } from '~/app/api/auth-client';
import { AccountDataCard } from '~/app/components/account/account-data-card';
import { ChangePasswordForm } from '~/app/components/account/change-password-form';
import { MarketingCard } from '~/app/components/account/marketing-card';
import { OrderHistory } from '~/app/components/account/order-history';
import { ProfileDetails } from '~/app/components/account/profile-details';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/app/components/ui/tabs';
import { useHydrated } from '~/app/components/ui/use-hydrated';
import { pageMeta } from '~/app/seo/meta';
import { requireCustomerPage } from '~/app/server/guards.server';
import { toast } from '~/app/toast/toast';
import { CONSENT_OPT_IN, CONSENT_WITHDRAW_ACCOUNT } from '~/shared/marketing/consent';
import { formatDateTime, formatLongDate } from '~/shared/time/london-time';
import type { Route } from './+types/account';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'My Account',
    description: 'Your profile, password and order history.',
    noIndex: true,
  });

/** Customers only (docs/rules/accounts.md): no session -> /auth, an admin -> /admin. Only their own data. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireCustomerPage(request, context);
  const { accounts, log } = context.services;
  // docs/rules/accounts.md: load errors are logged and the rest of the page still shows.
  const { marketing } = context.services;
  const [profile, orders, consents, consentLog] = await Promise.all([
    accounts.getProfileDto(user.id).catch((err: unknown) => {
      log.error({ err, userId: user.id }, 'account page: profile failed to load');
      return null;
    }),
    context.services.orders.listSummariesForCustomer(user.id).catch((err: unknown) => {
      log.error({ err, userId: user.id }, 'account page: orders failed to load');
      return null;
    }),
    marketing.consentNow(user.id),
    marketing.history(user.id),
  ]);
  const consentHistory = consentLog.map((r) => ({ ...r, when: formatDateTime(r.at) }));
  // Dates are formatted here so the server's and the browser's renders agree.
  const history = orders?.map((o) => ({ ...o, date: formatLongDate(o.created_at) })) ?? null;
  const tab = new URL(request.url).searchParams.get('tab') === 'orders' ? 'orders' : 'profile';
  return data(
    { profile, orders: history, tab, consents, consentHistory },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}

/** The marketing card's one button: give or withdraw consent, kept in the log with its words. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireCustomerPage(request, context);
  const form = await request.formData();
  if (form.get('intent') !== 'marketing') return data({ ok: false }, { status: 400 });
  const give = form.get('consent') === 'give';
  await context.services.marketing.setConsent(
    user.id,
    give,
    'account',
    give ? CONSENT_OPT_IN : CONSENT_WITHDRAW_ACCOUNT,
  );
  return data({ ok: true });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const { profile, orders, tab, consents, consentHistory } = loaderData;
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const hydrated = useHydrated();
  const { revalidate } = useRevalidator();

  async function onSignOut() {
    setSigningOut(true);
    const result = await signOut();
    if (!result.ok) {
      setSigningOut(false);
      toast.error('Failed to sign out');
      return;
    }
    toast.success('Signed out successfully');
    navigate('/', { replace: true });
  }

  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-8 sm:py-12">
      <div className="mb-8 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold sm:text-4xl">My Account</h1>
        <Link to="/account/subscriptions" className="font-medium text-caramel-dark underline">
          My Cookie Club
        </Link>
        <Button variant="outline" onClick={onSignOut} disabled={signingOut}>
          <LogOut aria-hidden className="size-4" />
          {signingOut ? 'Signing out...' : 'Sign Out'}
        </Button>
      </div>
      <Tabs defaultValue={tab}>
        <TabsList aria-label="Your account" className="sm:w-auto sm:self-start">
          <TabsTrigger value="profile">Profile</TabsTrigger>
          <TabsTrigger value="orders">Orders</TabsTrigger>
        </TabsList>
        <TabsContent value="profile" className="flex flex-col gap-6">
          <ProfileDetails profile={profile} ready={hydrated} onSaved={revalidate} />
          <MarketingCard consents={consents} history={consentHistory} />
          <ChangePasswordForm ready={hydrated} />
          <Card className="p-5 sm:p-6">
            <h2 className="mb-2 text-xl font-semibold">Second factor</h2>
            <p className="mb-3 text-cocoa-light">
              Signing in can also ask for a code from an authenticator app on your phone.
            </p>
            <Link
              to="/account/two-factor"
              className="font-medium text-caramel-dark underline underline-offset-4"
            >
              Set up or turn off your second factor
            </Link>
          </Card>
          <AccountDataCard ready={hydrated} />
        </TabsContent>
        <TabsContent value="orders">
          <OrderHistory orders={orders} />
        </TabsContent>
      </Tabs>
    </main>
  );
}

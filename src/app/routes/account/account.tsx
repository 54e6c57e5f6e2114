import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { data, Link, useNavigate, useRevalidator } from 'react-router';
import { AccountDataCard } from '~/app/components/account/account-data-card';
import { ChangePasswordForm } from '~/app/components/account/change-password-form';
import { OrderHistory } from '~/app/components/account/order-history';
import { ProfileDetails } from '~/app/components/account/profile-details';
import { Button } from '~/app/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/app/components/ui/tabs';
import { signOut } from '~/app/lib/auth-client';
import { requireCustomerPage } from '~/app/lib/guards.server';
import { pageMeta } from '~/app/lib/meta';
import { toast } from '~/app/lib/toast';
import { useHydrated } from '~/app/lib/use-hydrated';
import { formatLongDate } from '~/shared/time/london-time';
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
  const [profile, orders] = await Promise.all([
    accounts.getProfileDto(user.id).catch((err: unknown) => {
      log.error({ err, userId: user.id }, 'account page: profile failed to load');
      return null;
    }),
    context.services.orders.listSummariesForCustomer(user.id).catch((err: unknown) => {
      log.error({ err, userId: user.id }, 'account page: orders failed to load');
      return null;
    }),
  ]);
  // Dates are formatted here so the server's and the browser's renders agree.
  const history = orders?.map((o) => ({ ...o, date: formatLongDate(o.created_at) })) ?? null;
  const tab = new URL(request.url).searchParams.get('tab') === 'orders' ? 'orders' : 'profile';
  return data({ profile, orders: history, tab }, { headers: { 'Cache-Control': 'private, no-store' } });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const { profile, orders, tab } = loaderData;
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
          <ChangePasswordForm ready={hydrated} />
          <AccountDataCard ready={hydrated} />
        </TabsContent>
        <TabsContent value="orders">
          <OrderHistory orders={orders} />
        </TabsContent>
      </Tabs>
    </main>
  );
}

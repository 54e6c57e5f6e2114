import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { redirect, useNavigate, useSearchParams } from 'react-router';
import { fetchRole, safeRedirect } from '~/app/api/auth-client';
import { SignInForm, SignUpForm } from '~/app/components/account/auth-forms';
import { ForgotPasswordForm } from '~/app/components/account/forgot-password-form';
import { Card } from '~/app/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/app/components/ui/tabs';
import { useHydrated } from '~/app/components/ui/use-hydrated';
import { pageMeta } from '~/app/seo/meta';
import { getUser } from '~/app/server/guards.server';
import type { Route } from './+types/auth';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Sign In',
    description: 'Sign in to check out and follow your orders, or create an account.',
    path: '/auth',
  });

/** Someone already signed in goes straight on: admins to the back office, customers onwards. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser(request, context);
  if (user) {
    const redirectTo = new URL(request.url).searchParams.get('redirectTo');
    throw redirect(user.role === 'admin' ? '/admin' : safeRedirect(redirectTo));
  }
  return null;
}

type Tab = 'sign-in' | 'sign-up';

export default function AuthPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [tab, setTab] = useState<Tab>('sign-in');
  const [signInEmail, setSignInEmail] = useState('');
  const [checkingRole, setCheckingRole] = useState(false);
  // "Forgot password?" takes the Sign In tab's place, starting from the e-mail typed there.
  const [forgotEmail, setForgotEmail] = useState<string | null>(null);
  // Until hydration the forms cannot submit (they would post the password to the page itself).
  const hydrated = useHydrated();

  async function onSignedIn() {
    setCheckingRole(true);
    const role = await fetchRole();
    // Unknown role (e.g. a network blip): /account's own guard sends admins on to /admin.
    const to = role === 'admin' ? '/admin' : safeRedirect(searchParams.get('redirectTo'));
    navigate(to, { replace: true });
  }

  function onSignedUp(email: string) {
    setSignInEmail(email);
    setTab('sign-in');
  }

  return (
    <main className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <h1 className="mb-2 text-center text-3xl font-bold sm:text-4xl">Your Account</h1>
      <p className="mb-8 text-center text-cocoa-light">
        Sign in to check out and follow your orders, or create an account.
      </p>
      <noscript>
        <p className="mb-4 rounded-md bg-dough p-4 text-center">
          Please turn on JavaScript in your browser to sign in or create an account.
        </p>
      </noscript>
      <Card className="p-5 sm:p-8">
        {checkingRole ? (
          <p role="status" className="flex items-center justify-center gap-3 py-12 text-lg">
            <Loader2 aria-hidden className="size-5 animate-spin" />
            Checking your role...
          </p>
        ) : (
          <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
            <TabsList aria-label="Sign in or sign up">
              <TabsTrigger value="sign-in">Sign In</TabsTrigger>
              <TabsTrigger value="sign-up">Sign Up</TabsTrigger>
            </TabsList>
            {/* Both stay mounted, so what was typed survives a look at the other tab. */}
            <TabsContent value="sign-in" forceMount className="data-[state=inactive]:hidden">
              {forgotEmail === null ? (
                <SignInForm
                  key={signInEmail}
                  defaultEmail={signInEmail}
                  ready={hydrated}
                  onSignedIn={onSignedIn}
                  onForgotPassword={setForgotEmail}
                />
              ) : (
                <ForgotPasswordForm
                  defaultEmail={forgotEmail}
                  ready={hydrated}
                  onBack={() => setForgotEmail(null)}
                />
              )}
            </TabsContent>
            <TabsContent value="sign-up" forceMount className="data-[state=inactive]:hidden">
              <SignUpForm ready={hydrated} onSignedIn={onSignedIn} onSignedUp={onSignedUp} />
            </TabsContent>
          </Tabs>
        )}
      </Card>
    </main>
  );
}

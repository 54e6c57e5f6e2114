import { type FormEvent, useEffect, useState } from 'react';
import { data, Link, useFetcher, useNavigate } from 'react-router';
import { callApi } from '~/app/api/api-client';
import { send, verifyCode } from '~/app/api/auth-client';
import { Field } from '~/app/components/account/form-field';
import { setupQrCode } from '~/app/components/account/qr-code.server';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { useHydrated } from '~/app/components/ui/use-hydrated';
import { pageMeta } from '~/app/seo/meta';
import { requireUserPage } from '~/app/server/guards.server';
import { toast } from '~/app/toast/toast';
import { secretOfOtpauthUri } from '~/shared/account/second-factor';
import type { Route } from './+types/two-factor';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Second Factor',
    description: 'Set up an authenticator app for signing in.',
    noIndex: true,
  });

/**
 * Where anyone signed in sets up (or, a customer, turns off) their second factor, and where the
 * back office sends a session no second factor made (docs/rules/accounts.md).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUserPage(request, context);
  return {
    email: user.email,
    inBackOffice: user.role === 'admin',
    enabled: await context.services.session.hasSecondFactor(user.id),
    sessionVerified: !!user.secondFactor,
  };
}

/**
 * `intent=qr`: the setup address the page was given, drawn as a QR code on the server (never by
 * another service); the key stays on the page for those who type it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  await requireUserPage(request, context);
  const form = await request.formData();
  if (form.get('intent') !== 'qr') return data({ qr: null, error: 'Unknown request.' }, { status: 400 });
  const qr = await setupQrCode(String(form.get('uri') ?? ''));
  if (!qr) return data({ qr: null, error: 'That is not an authenticator setup address.' }, { status: 400 });
  return { qr, error: null };
}

/** The QR code of the setup address, asked of the server once the address is known. */
function SetupQr({ uri }: { uri: string }) {
  const fetcher = useFetcher<typeof action>();
  const { submit } = fetcher;
  useEffect(() => {
    submit({ intent: 'qr', uri }, { method: 'post' });
  }, [uri, submit]);
  const qr = fetcher.data?.qr;
  if (!qr)
    return (
      <p aria-live="polite" className="text-sm text-cocoa-light">
        {fetcher.data?.error ?? 'Drawing the QR code...'}
      </p>
    );
  return (
    <img
      src={qr}
      alt="QR code to scan with your authenticator app"
      width={192}
      height={192}
      className="mx-auto size-48 rounded-md bg-white"
    />
  );
}

type Step =
  | { kind: 'start' }
  | { kind: 'confirm'; uri: string; codes: string[] }
  | { kind: 'codes'; codes: string[] };
const linkClass = 'font-medium text-caramel-dark underline underline-offset-4';

export default function TwoFactorPage({ loaderData }: Route.ComponentProps) {
  const { inBackOffice, enabled, sessionVerified } = loaderData;
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'start' });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | undefined>();

  async function onStart(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    if (!password) return setError('Enter your password.');
    setPending(true);
    const answer = await callApi<{ totpURI: string; backupCodes: string[] }>(
      'POST',
      '/api/auth/two-factor/enable',
      {
        password,
      },
    );
    setPending(false);
    if (!answer.ok) {
      const message =
        answer.code === 'INVALID_PASSWORD'
          ? 'That password is not right.'
          : (answer.message ?? 'Please try again.');
      setError(message);
      toast.error(message);
      return;
    }
    setError(undefined);
    setStep({ kind: 'confirm', uri: answer.body.totpURI, codes: answer.body.backupCodes });
  }

  async function onConfirm(event: FormEvent<HTMLFormElement>, codes: string[]) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    if (!code) return setError('Enter the 6-digit code from your app.');
    setPending(true);
    const result = await verifyCode(code);
    setPending(false);
    if (!result.ok) {
      setError(result.message);
      toast.error(result.message);
      return;
    }
    setError(undefined);
    toast.success('Your second factor is set up.');
    setStep({ kind: 'codes', codes });
  }

  async function onTurnOff(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    setPending(true);
    const result = await send('POST', '/api/auth/two-factor/disable', { password }, 'Please try again.', {
      INVALID_PASSWORD: 'That password is not right.',
    });
    setPending(false);
    if (!result.ok) return setError(result.message);
    toast.success('Your second factor is off.');
    navigate('/account', { replace: true });
  }

  let body: React.ReactNode;
  if (step.kind === 'codes') {
    body = (
      <div className="flex flex-col gap-4">
        <h2 className="text-xl font-semibold">Your backup codes</h2>
        <p>
          Keep these somewhere safe, away from your phone. Each signs you in once if you lose your phone. They
          are shown only now.
        </p>
        <ul aria-label="Backup codes" className="grid grid-cols-2 gap-2 font-mono">
          {step.codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <Button asChild size="lg">
          <Link to={inBackOffice ? '/admin' : '/account'}>
            {inBackOffice ? 'Continue to the back office' : 'Back to your account'}
          </Link>
        </Button>
      </div>
    );
  } else if (step.kind === 'confirm') {
    const secret = secretOfOtpauthUri(step.uri);
    body = (
      <form
        method="post"
        noValidate
        onSubmit={(e) => onConfirm(e, step.codes)}
        className="flex flex-col gap-4"
        aria-label="Confirm your authenticator"
      >
        <p>
          Add this shop to your authenticator app (Google Authenticator, 1Password, Authy...): scan the QR
          code, or on your phone open{' '}
          <a href={step.uri} className={linkClass}>
            this setup link
          </a>
          , or type in the secret key below.
        </p>
        <SetupQr uri={step.uri} />
        <label htmlFor="two-factor-secret" className="flex flex-col gap-1">
          Secret key
          {/* A box that wraps: the whole 32-character key stays in view on a phone. */}
          <textarea
            id="two-factor-secret"
            readOnly
            rows={1}
            value={secret}
            className="field-sizing-content resize-none break-all rounded-md border border-cocoa/20 bg-dough px-3 py-2 font-mono"
          />
        </label>
        <p className="break-all text-sm text-cocoa-light">Setup address: {step.uri}</p>
        <Field
          id="two-factor-code"
          name="code"
          label="Code from your app"
          autoComplete="one-time-code"
          inputMode="numeric"
          error={error}
        />
        <Button type="submit" size="lg" disabled={!hydrated || pending}>
          {pending ? 'Checking...' : 'Confirm'}
        </Button>
      </form>
    );
  } else if (enabled && !sessionVerified && inBackOffice) {
    body = (
      <p>
        Your second factor is set up, but this sign-in did not use it. Please sign out and sign in again with
        the code from your app.
      </p>
    );
  } else if (enabled) {
    body = inBackOffice ? (
      <p>
        Your second factor is on. The back office needs it; if you lose your phone, sign in with a backup code
        or ask the owner to reset it.{' '}
        <Link to="/admin" className={linkClass}>
          Go to the back office
        </Link>
      </p>
    ) : (
      <form
        method="post"
        noValidate
        onSubmit={onTurnOff}
        className="flex flex-col gap-4"
        aria-label="Turn off your second factor"
      >
        <p>Your second factor is on: signing in asks for a code from your app.</p>
        <Field
          id="two-factor-off-password"
          name="password"
          type="password"
          label="Password"
          autoComplete="current-password"
          error={error}
        />
        <Button type="submit" variant="outline" disabled={!hydrated || pending}>
          Turn off the second factor
        </Button>
      </form>
    );
  } else {
    body = (
      <form
        method="post"
        noValidate
        onSubmit={onStart}
        className="flex flex-col gap-4"
        aria-label="Set up your second factor"
      >
        <p>
          {inBackOffice
            ? 'The back office needs a second factor: a code from an authenticator app on your phone, asked each time you sign in.'
            : 'Add a second factor to your account: signing in will also ask for a code from an authenticator app on your phone.'}
        </p>
        <Field
          id="two-factor-password"
          name="password"
          type="password"
          label="Password"
          autoComplete="current-password"
          error={error}
        />
        <Button type="submit" size="lg" disabled={!hydrated || pending}>
          {pending ? 'Starting...' : 'Set up authenticator'}
        </Button>
      </form>
    );
  }

  return (
    <main className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <h1 className="mb-8 text-center text-3xl font-bold sm:text-4xl">Second factor</h1>
      <Card className="p-5 sm:p-8">{body}</Card>
    </main>
  );
}

import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { signIn, signUp, verifyCode } from '~/app/api/auth-client';
import { MarketingOptIn } from '~/app/components/marketing/marketing-opt-in';
import { Button } from '~/app/components/ui/button';
import { toast } from '~/app/toast/toast';
import { SignInSchema, type SignUpField, SignUpSchema } from '~/shared/schemas/sign-up';
import { Field } from './form-field';
import { useFormCheck } from './use-form-check';

interface SignInFormProps {
  defaultEmail?: string;
  /** False until hydrated: the form only works with JavaScript. */
  ready: boolean;
  onSignedIn: () => Promise<void>;
  /** Opens "Forgot password?" with what is typed in the e-mail field. */
  onForgotPassword: (email: string) => void;
}

export function SignInForm({ defaultEmail, ready, onSignedIn, onForgotPassword }: SignInFormProps) {
  const { errors, check, pending, send, stay } = useFormCheck(SignInSchema);
  const [askingCode, setAskingCode] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = check(event.currentTarget);
    if (!checked) return;
    let needsCode = false;
    const result = await send(
      async () => {
        const r = await signIn(checked.data.email, checked.data.password);
        needsCode = r.ok && !!r.needsCode;
        return r;
      },
      { leaving: true },
    );
    if (!result.ok) return;
    if (needsCode) {
      stay();
      setAskingCode(true);
      return;
    }
    toast.success('Signed in successfully!');
    await onSignedIn();
  }

  if (askingCode) return <SecondFactorForm ready={ready} onSignedIn={onSignedIn} />;

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Sign in">
      <Field
        id="sign-in-email"
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        defaultValue={defaultEmail}
        error={errors.email}
      />
      <Field
        id="sign-in-password"
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password}
      />
      <Button type="submit" size="lg" className="mt-2" disabled={!ready || pending}>
        {pending ? 'Signing in...' : 'Sign In'}
      </Button>
      <Button
        type="button"
        variant="ghost"
        className="self-center underline underline-offset-4"
        disabled={!ready}
        onClick={(event) => {
          const email = event.currentTarget.form?.elements.namedItem('email');
          onForgotPassword(email instanceof HTMLInputElement ? email.value : '');
        }}
      >
        Forgot password?
      </Button>
    </form>
  );
}

/** The code step of signing in: the authenticator's code (or a backup code), and "trust this device". */
function SecondFactorForm({ ready, onSignedIn }: { ready: boolean; onSignedIn: () => Promise<void> }) {
  const [backup, setBackup] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | undefined>();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const code = String(form.get('code') ?? '').trim();
    if (!code) {
      setError(backup ? 'Enter one of your backup codes.' : 'Enter the 6-digit code from your app.');
      return;
    }
    setPending(true);
    const result = await verifyCode(code, { backup, trustDevice: form.get('trustDevice') === 'on' });
    if (!result.ok) {
      setPending(false);
      setError(result.message);
      toast.error(result.message);
      return;
    }
    toast.success('Signed in successfully!');
    await onSignedIn();
  }

  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
      aria-label="Second factor"
    >
      <p>
        {backup
          ? 'Enter one of the backup codes you saved when you set up your second factor. Each works once.'
          : 'Open your authenticator app and enter the 6-digit code it shows for this shop.'}
      </p>
      <Field
        key={backup ? 'backup' : 'totp'}
        id="sign-in-code"
        name="code"
        label={backup ? 'Backup code' : 'Authentication code'}
        autoComplete="one-time-code"
        inputMode={backup ? 'text' : 'numeric'}
        error={error}
      />
      <label className="flex items-center gap-2">
        <input type="checkbox" name="trustDevice" className="size-4" />
        Trust this device for 30 days
      </label>
      <Button type="submit" size="lg" disabled={!ready || pending}>
        {pending ? 'Checking...' : 'Verify'}
      </Button>
      <Button
        type="button"
        variant="ghost"
        className="self-center underline underline-offset-4"
        onClick={() => {
          setBackup(!backup);
          setError(undefined);
        }}
      >
        {backup ? 'Use the code from my app' : 'Use a backup code instead'}
      </Button>
    </form>
  );
}

const SIGN_UP_FIELDS: {
  name: SignUpField;
  label: string;
  type?: string;
  autoComplete: string;
  hint?: string;
}[] = [
  { name: 'fullName', label: 'Full Name', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', hint: 'UK mobile, e.g. 07123456789' },
  { name: 'address', label: 'Address', autoComplete: 'address-line1' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'postcode', label: 'Postcode', autoComplete: 'postal-code' },
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: 'new-password',
    hint: 'At least 6 characters',
  },
];

/** Decision 034: the original "You can now sign in" is said only when signing in did not follow. */
export const SIGNED_UP_AND_IN = 'Account created successfully! You are now signed in.';

interface SignUpFormProps {
  ready: boolean;
  /** The new account exists and is signed in: take the customer on (decision 034). */
  onSignedIn: () => Promise<void>;
  /** The account exists but signing in failed: called with its e-mail, for the Sign In tab. */
  onSignedUp: (email: string) => void;
}

export function SignUpForm({ ready, onSignedIn, onSignedUp }: SignUpFormProps) {
  const { errors, check, onChange, reset, pending, send, stay } = useFormCheck(SignUpSchema);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const checked = check(form);
    if (!checked) return;
    const marketing = (form.elements.namedItem('marketing') as HTMLInputElement | null)?.checked === true;
    const result = await send(() => signUp(checked.values as Record<SignUpField, string>, marketing), {
      leaving: true,
    });
    if (!result.ok) return;
    // The customer has just proved the password: sign them in at once, as they expect.
    const session = await signIn(checked.data.email, checked.data.password);
    if (session.ok) {
      toast.success(SIGNED_UP_AND_IN);
      await onSignedIn();
      return;
    }
    stay();
    toast.success('Account created successfully! You can now sign in.');
    form.reset();
    reset();
    onSignedUp(checked.data.email);
  }

  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      onChange={onChange}
      className="flex flex-col gap-4"
      aria-label="Sign up"
    >
      {SIGN_UP_FIELDS.map(({ name, ...field }) => (
        <Field key={name} id={`sign-up-${name}`} name={name} error={errors[name]} {...field} />
      ))}
      <MarketingOptIn id="sign-up-marketing" />
      <p className="text-sm text-cocoa-light">
        We keep these details to bake, deliver and tell you about your orders. Read how in our{' '}
        <Link to="/privacy" className="font-medium text-caramel-dark underline underline-offset-4">
          privacy notice
        </Link>
        .
      </p>
      <Button type="submit" size="lg" className="mt-2" disabled={!ready || pending}>
        {pending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}

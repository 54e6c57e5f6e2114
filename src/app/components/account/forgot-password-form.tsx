import { type FormEvent, useState } from 'react';
import { requestPasswordReset } from '~/app/components/account/account-client';
import { Button } from '~/app/components/ui/button';
import { ForgotPasswordSchema, PASSWORD_MESSAGES } from '~/shared/schemas/account';
import { Field } from './form-field';
import { useFormCheck } from './use-form-check';

interface ForgotPasswordFormProps {
  defaultEmail?: string;
  ready: boolean;
  onBack: () => void;
}

/** "Forgot password?": asks for a reset link. The answer never says whether the account exists. */
export function ForgotPasswordForm({ defaultEmail, ready, onBack }: ForgotPasswordFormProps) {
  const { errors, check, pending, send } = useFormCheck(ForgotPasswordSchema);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = check(event.currentTarget);
    if (!checked) return;
    const result = await send(() => requestPasswordReset(checked.data.email));
    if (!result.ok) return;
    setSentTo(checked.data.email);
  }

  return (
    <div className="flex flex-col gap-4">
      <div>
        <h2 className="font-sans text-xl font-semibold">Forgot your password?</h2>
        {!sentTo && (
          <p className="mt-1 text-cocoa-light">
            Enter the email you signed up with and we'll send you a link to choose a new one.
          </p>
        )}
      </div>
      {sentTo ? (
        <div role="status" className="rounded-md bg-dough p-4">
          <p className="font-medium">{PASSWORD_MESSAGES.resetSent}</p>
          <p className="mt-2 text-sm text-cocoa-light">
            The link works once, within one hour. If nothing arrives, check your spam folder or try again.
          </p>
        </div>
      ) : (
        <form
          method="post"
          noValidate
          onSubmit={onSubmit}
          className="flex flex-col gap-4"
          aria-label="Reset your password"
        >
          <Field
            id="forgot-email"
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            defaultValue={defaultEmail}
            error={errors.email}
          />
          <Button type="submit" size="lg" disabled={!ready || pending}>
            {pending ? 'Sending...' : 'Send reset link'}
          </Button>
        </form>
      )}
      <Button type="button" variant="ghost" onClick={onBack} className="self-center">
        Back to sign in
      </Button>
    </div>
  );
}

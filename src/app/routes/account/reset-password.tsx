import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { resetPassword } from '~/app/components/account/account-client';
import { NewPasswordForm } from '~/app/components/account/new-password-fields';
import { useFormCheck } from '~/app/components/account/use-form-check';
import { Card } from '~/app/components/ui/card';
import { useHydrated } from '~/app/components/ui/use-hydrated';
import { pageMeta } from '~/app/seo/meta';
import { toast } from '~/app/toast/toast';
import { PASSWORD_MESSAGES, ResetPasswordSchema } from '~/shared/schemas/account';
import type { Route } from './+types/reset-password';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Choose a New Password',
    description: 'Set a new password for your account.',
    noIndex: true,
  });

/** The token from the e-mailed link; better-auth checks it when the form is sent. */
export async function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token')?.trim() ?? '' };
}

const linkClass = 'font-medium text-caramel-dark underline underline-offset-4';

export default function ResetPasswordPage({ loaderData }: Route.ComponentProps) {
  const { token } = loaderData;
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const { errors, check, pending, send } = useFormCheck(ResetPasswordSchema);
  const [linkDead, setLinkDead] = useState(!token);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = check(event.currentTarget);
    if (!checked) return;
    const result = await send(() => resetPassword(token, checked.data.newPassword));
    if (!result.ok) {
      if (result.message === PASSWORD_MESSAGES.linkInvalid) setLinkDead(true);
      return;
    }
    toast.success('Your password has been changed. Please sign in.');
    navigate('/auth', { replace: true });
  }

  return (
    <main className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <h1 className="mb-2 text-center text-3xl font-bold sm:text-4xl">Choose a new password</h1>
      <p className="mb-8 text-center text-cocoa-light">
        Once it is set, every device signed in to your account is signed out.
      </p>
      <Card className="p-5 sm:p-8">
        {linkDead ? (
          <div role="alert" className="flex flex-col gap-4 text-center">
            <p>
              {token ? PASSWORD_MESSAGES.linkInvalid : 'This link is incomplete. Please ask for a new one.'}
            </p>
            <p>
              <Link to="/auth" className={linkClass}>
                Back to sign in
              </Link>{' '}
              and choose "Forgot password?".
            </p>
          </div>
        ) : (
          <NewPasswordForm
            label="Choose a new password"
            idPrefix="reset-"
            errors={errors}
            onSubmit={onSubmit}
            disabled={!hydrated || pending}
            pending={pending}
            submitLabel="Set new password"
          />
        )}
      </Card>
    </main>
  );
}

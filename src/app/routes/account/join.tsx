import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { acceptStaffInvite } from '~/app/components/account/account-client';
import { NewPasswordForm } from '~/app/components/account/new-password-fields';
import { useFormCheck } from '~/app/components/account/use-form-check';
import { Card } from '~/app/components/ui/card';
import { useHydrated } from '~/app/components/ui/use-hydrated';
import { pageMeta } from '~/app/seo/meta';
import { toast } from '~/app/toast/toast';
import { ResetPasswordSchema } from '~/shared/schemas/account';
import type { Route } from './+types/join';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Join the Back Office',
    description: 'Choose your password for the back office.',
    noIndex: true,
  });

/** The invitation behind the e-mailed link, or why it cannot be used. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token')?.trim() ?? '';
  const invite = token
    ? await context.services.staffInvites.view(token)
    : { error: 'This link is incomplete. Ask the owner for a new invitation.' };
  return { token, invite };
}

const linkClass = 'font-medium text-caramel-dark underline underline-offset-4';

export default function JoinPage({ loaderData }: Route.ComponentProps) {
  const { token, invite } = loaderData;
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const { errors, check, pending, send } = useFormCheck(ResetPasswordSchema);
  const [refused, setRefused] = useState<string | null>('error' in invite ? invite.error : null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = check(event.currentTarget);
    if (!checked) return;
    const result = await send(() => acceptStaffInvite(token, checked.data.newPassword));
    if (!result.ok) {
      if (/invitation/.test(result.message)) setRefused(result.message);
      return;
    }
    toast.success('Your password is set. Sign in to set up your second factor.');
    navigate('/auth', { replace: true });
  }

  return (
    <main className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <h1 className="mb-2 text-center text-3xl font-bold sm:text-4xl">Join the back office</h1>
      {'error' in invite || refused ? null : (
        <p className="mb-8 text-center text-cocoa-light">
          Hello {invite.name}: you are invited as {invite.roleLabel}, signing in as {invite.email}.
        </p>
      )}
      <Card className="p-5 sm:p-8">
        {refused ? (
          <div role="alert" className="flex flex-col gap-4 text-center">
            <p>{refused}</p>
            <p>
              <Link to="/auth" className={linkClass}>
                Go to sign in
              </Link>
            </p>
          </div>
        ) : (
          <NewPasswordForm
            label="Choose your password"
            idPrefix="join-"
            errors={errors}
            onSubmit={onSubmit}
            disabled={!hydrated || pending}
            pending={pending}
            submitLabel="Set password"
          />
        )}
      </Card>
    </main>
  );
}

import { data } from 'react-router';
import { Button } from '~/app/components/ui/button';
import { pageMeta } from '~/app/seo/meta';
import { CONSENT_WITHDRAW_LINK } from '~/shared/marketing/consent';
import type { Route } from './+types/unsubscribe';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Unsubscribe', description: 'Stop our e-mails with one click.', noIndex: true });

/** What the link stops; the button posts to /unsubscribe/:token (marketing-routes.ts), no sign-in needed. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const view = await context.services.marketing.describeUnsubscribe(params.token);
  const done = new URL(request.url).searchParams.get('done') === '1';
  return data(
    { view, done, token: params.token },
    { status: view.valid ? 200 : 400, headers: { 'Cache-Control': 'private, no-store' } },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function Unsubscribe({ loaderData }: Route.ComponentProps) {
  const { view, done, token } = loaderData;
  const what = !view.valid
    ? null
    : view.kind === 'marketing'
      ? 'marketing e-mails (news, offers and basket reminders)'
      : `the e-mail telling you ${view.productName} is back`;
  return (
    <main className="mx-auto w-full max-w-xl px-4 py-12">
      <h1 className="mb-6 text-3xl font-bold">Unsubscribe</h1>
      {!view.valid ? (
        <p role="alert">
          This unsubscribe link is not valid: it may have been changed or cut short. Nothing was changed. Use
          the link in the e-mail exactly as it is, or change your choices on your account page.
        </p>
      ) : !view.subscribed ? (
        <p role="status">
          {done ? `Done: you are unsubscribed from ${what}.` : `You are already unsubscribed from ${what}.`}
        </p>
      ) : (
        <form method="post" action={`/unsubscribe/${token}`} className="flex flex-col gap-4">
          <p>One click stops {what}. You do not need to sign in. Order e-mails still come.</p>
          <div>
            <Button type="submit" size="lg">
              {view.kind === 'marketing' ? CONSENT_WITHDRAW_LINK : 'Unsubscribe'}
            </Button>
          </div>
        </form>
      )}
    </main>
  );
}

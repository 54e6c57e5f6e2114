import { Send } from 'lucide-react';
import { Link } from 'react-router';
import { EmailStatusBadge, ResendButton } from '~/app/components/admin/email-parts';
import { EmptyState } from '~/app/components/admin/load-error';
import { PagedList } from '~/app/components/admin/paged-list';
import { resendAction } from '~/app/components/admin/resend-action.server';
import { Card } from '~/app/components/ui/card';
import { pageMeta } from '~/app/seo/meta';
import { requireAdminPage } from '~/app/server/guards.server';
import { loadOrNull } from '~/app/server/page-action.server';
import { emailKindLabel } from '~/shared/mail/outbox';
import { pageAsked } from '~/shared/schemas/admin';
import { formatDateTime } from '~/shared/time/london-time';
import type { Route } from './+types/emails';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'E-mails',
    description: 'Every e-mail the shop has sent or is sending, newest first.',
    noIndex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const page = pageAsked(request.url);
  return {
    smtp: context.services.mail.mode === 'smtp',
    alertTo: context.services.config.mail.orderAlertTo,
    off: [...context.services.config.mail.orderEmailsOff],
    result: await loadOrNull(context, 'e-mails', () => context.services.mail.outbox.list({ page: page })),
  };
}

export const action = ({ request, context }: Route.ActionArgs) => resendAction(request, context);

export default function Emails({ loaderData }: Route.ComponentProps) {
  const { result, smtp, alertTo, off } = loaderData;
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-8">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-3xl font-bold">E-mails</h1>
        {result && result.total > 0 && (
          <p className="text-cocoa-light">
            {result.total.toLocaleString('en-GB')} {result.total === 1 ? 'e-mail' : 'e-mails'}
          </p>
        )}
      </div>
      <p className="mb-2 text-cocoa-light">
        {smtp
          ? 'Every e-mail the shop sends, newest first. One that keeps failing is marked Failed and can be resent.'
          : 'No mail server is set up (SMTP_URL), so nothing is sent: each e-mail is kept here as Logged and written to the server log.'}
      </p>
      <p className="mb-6 text-sm text-cocoa-light">
        New order alerts go to <span className="font-medium text-cocoa">{alertTo}</span> (ORDER_ALERT_EMAIL).{' '}
        {off.length > 0
          ? `Switched off (ORDER_EMAILS_OFF): ${off.join(', ')}.`
          : 'Every order e-mail is on (ORDER_EMAILS_OFF switches them off).'}
      </p>
      <PagedList
        result={result}
        failed="Failed to load e-mails"
        empty={
          <EmptyState icon={<Send aria-hidden />} title="No e-mails yet">
            <p className="mt-1 text-cocoa-light">Order confirmations, updates and alerts will appear here.</p>
          </EmptyState>
        }
        noun="e-mails"
        className="space-y-3"
      >
        {(e) => (
          <Card className="p-4">
            <article aria-labelledby={`email-${e.id}`}>
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-cocoa-light">
                <span className="inline-flex items-center gap-2">
                  <EmailStatusBadge status={e.status} />
                  {emailKindLabel(e.kind)}
                </span>
                <span className="whitespace-nowrap">
                  <time dateTime={e.created_at}>{formatDateTime(e.created_at)}</time>
                  <span aria-hidden> · </span>
                  {e.attempts} {e.attempts === 1 ? 'attempt' : 'attempts'}
                </span>
              </p>
              <h2 id={`email-${e.id}`} className="mt-2 font-sans text-base font-semibold wrap-anywhere">
                <Link to={`/admin/emails/${e.id}`} className="hover:text-caramel-dark hover:underline">
                  {e.subject}
                </Link>
              </h2>
              <p className="text-sm wrap-anywhere">
                <span className="text-cocoa-light">To </span>
                {e.to}
              </p>
              {e.last_error && (
                <p className="mt-2 text-sm wrap-anywhere">
                  <span className="text-cocoa-light">Last error: </span>
                  <span className="text-red-800">{e.last_error}</span>
                </p>
              )}
              <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
                <Link
                  to={`/admin/emails/${e.id}`}
                  className="text-sm font-medium text-caramel-dark hover:underline"
                >
                  Read e-mail<span className="sr-only"> “{e.subject}”</span>
                </Link>
                {e.status === 'failed' && <ResendButton id={e.id} subject={e.subject} />}
              </div>
            </article>
          </Card>
        )}
      </PagedList>
    </main>
  );
}

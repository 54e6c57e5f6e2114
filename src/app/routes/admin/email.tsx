import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { EmailStatusBadge, ResendButton } from '~/app/components/admin/email-parts';
import { resendAction } from '~/app/components/admin/resend-action.server';
import { Card } from '~/app/components/ui/card';
import { pageMeta } from '~/app/seo/meta';
import { requireAdminPage } from '~/app/server/guards.server';
import { orNotFoundPage } from '~/app/server/service-errors.server';
import { EMAIL_STATUS_HINTS, emailKindLabel } from '~/shared/mail/outbox';
import { formatDateTime } from '~/shared/time/london-time';
import type { Route } from './+types/email';

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: loaderData ? `E-mail: ${loaderData.email.subject}` : 'E-mail',
    description: 'One e-mail the shop sent: who to, its status and its text.',
    noIndex: true,
  });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  return {
    email: await orNotFoundPage(() => context.services.mail.outbox.get(params.id), 'E-mail not found'),
  };
}

export const action = ({ request, context }: Route.ActionArgs) => resendAction(request, context);

export default function AdminEmailPage({ loaderData }: Route.ComponentProps) {
  const { email } = loaderData;
  const rows: [string, React.ReactNode][] = [
    ['To', email.to],
    ...(email.reply_to ? ([['Reply to', email.reply_to]] as [string, string][]) : []),
    ...Object.entries(email.headers).map(([name, value]) => [name, value] as [string, string]),
    ['Kind', emailKindLabel(email.kind)],
    [
      'Status',
      <span key="status" className="inline-flex flex-wrap items-center gap-2">
        <EmailStatusBadge status={email.status} />
        <span className="text-sm text-cocoa-light">{EMAIL_STATUS_HINTS[email.status]}</span>
      </span>,
    ],
    [
      'Queued',
      <time key="queued" dateTime={email.created_at}>
        {formatDateTime(email.created_at)}
      </time>,
    ],
    ...(email.sent_at
      ? ([
          [
            'Done',
            <time key="sent" dateTime={email.sent_at}>
              {formatDateTime(email.sent_at)}
            </time>,
          ],
        ] as [string, React.ReactNode][])
      : []),
    ...(email.status === 'pending' && email.attempts > 0
      ? ([
          [
            'Next attempt',
            <time key="next" dateTime={email.next_attempt_at}>
              {formatDateTime(email.next_attempt_at)}
            </time>,
          ],
        ] as [string, React.ReactNode][])
      : []),
    ['Attempts', String(email.attempts)],
    ...(email.last_error
      ? ([
          [
            'Last error',
            <span key="err" className="text-red-800">
              {email.last_error}
            </span>,
          ],
        ] as [string, React.ReactNode][])
      : []),
  ];
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-8">
      <Link
        to="/admin/emails"
        className="mb-4 inline-flex items-center gap-1 text-caramel-dark hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" /> All e-mails
      </Link>
      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <h1 className="min-w-0 text-2xl font-bold break-words sm:text-3xl">{email.subject}</h1>
        {email.status === 'failed' && <ResendButton id={email.id} subject={email.subject} />}
      </div>
      <Card className="mb-6 p-5">
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[8rem_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-sans text-sm font-semibold text-cocoa-light uppercase sm:pt-0.5">
                {label}
              </dt>
              <dd className="mb-2 min-w-0 wrap-anywhere sm:mb-0">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <section aria-labelledby="email-text" className="mb-6">
        <h2 id="email-text" className="mb-2 text-xl font-bold">
          Text
        </h2>
        <Card className="p-5">
          <pre className="font-sans text-sm leading-relaxed wrap-anywhere whitespace-pre-wrap">
            {email.text}
          </pre>
        </Card>
      </section>
      <section aria-labelledby="email-html">
        <h2 id="email-html" className="mb-2 text-xl font-bold">
          As the recipient sees it
        </h2>
        {/* No scripts, no same-origin access: the e-mail's HTML is shown, never run. */}
        <iframe
          title={`The e-mail “${email.subject}” as the recipient sees it`}
          srcDoc={email.html}
          sandbox=""
          className="h-[36rem] w-full rounded-lg border border-crumb bg-white"
        />
      </section>
    </main>
  );
}

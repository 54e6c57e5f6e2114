import { RotateCw } from 'lucide-react';
import { useFetcher } from 'react-router';
import { Button } from '~/app/components/ui/button';
import { Badge } from '~/app/components/ui/card';
import { cn } from '~/app/components/ui/cn';
import { type PageActionResult, useActionToast } from '~/app/toast/use-action-toast';
import { EMAIL_STATUS_HINTS, EMAIL_STATUS_LABELS, type EmailStatus } from '~/shared/mail/outbox';

const tone: Record<EmailStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  sent: 'bg-green-100 text-green-900',
  logged: 'bg-sky-100 text-sky-900',
  failed: 'bg-red-700 text-white',
};

/** "Queued", "Sent", "Logged" or "Failed", with what it means as a tooltip. */
export function EmailStatusBadge({ status }: { status: EmailStatus }) {
  return (
    <Badge className={cn(tone[status])} title={EMAIL_STATUS_HINTS[status]}>
      {EMAIL_STATUS_LABELS[status]}
    </Badge>
  );
}

const TOASTS = {
  resend: { success: 'E-mail queued to be sent again', failure: 'Could not resend the e-mail' },
};

/** "Resend" for a failed e-mail: posts `intent=resend` to the page's action. */
export function ResendButton({ id, subject }: { id: string; subject: string }) {
  const fetcher = useFetcher<PageActionResult>();
  useActionToast(fetcher, TOASTS);
  const busy = fetcher.state !== 'idle';
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" size="sm" variant="outline" disabled={busy}>
        <RotateCw aria-hidden className={cn('size-4', busy && 'animate-spin')} />
        {busy ? 'Resending...' : 'Resend'}
        <span className="sr-only"> “{subject}”</span>
      </Button>
    </fetcher.Form>
  );
}

import { Check, CheckCheck, Undo2 } from 'lucide-react';
import { useFetcher } from 'react-router';
import { Button } from '~/app/components/ui/button';
import { type PageActionResult, useActionToast } from '~/app/toast/use-action-toast';
import type { MessageState } from '~/shared/message-states';

const TOASTS = { state: { success: 'Message updated', failure: 'Failed to update the message' } };

const ACTIONS: { to: MessageState; label: string; icon: typeof Check; from: MessageState[] }[] = [
  { to: 'read', label: 'Mark as read', icon: Check, from: ['unread'] },
  { to: 'handled', label: 'Mark as handled', icon: CheckCheck, from: ['unread', 'read'] },
  { to: 'unread', label: 'Mark as unread', icon: Undo2, from: ['read', 'handled'] },
];

/** The owner's buttons that move a message between unread, read and handled. */
export function MessageStateForm({ id, name, state }: { id: string; name: string; state: MessageState }) {
  const fetcher = useFetcher<PageActionResult>();
  useActionToast(fetcher, TOASTS);
  const busy = fetcher.state !== 'idle';
  return (
    <fetcher.Form method="post" className="contents">
      <input type="hidden" name="id" value={id} />
      {ACTIONS.filter((a) => a.from.includes(state)).map(({ to, label, icon: Icon }) => (
        <Button
          key={to}
          type="submit"
          name="state"
          value={to}
          variant="ghost"
          size="sm"
          disabled={busy}
          aria-label={`${label}: ${name}`}
        >
          <Icon aria-hidden className="size-4" />
          {label}
        </Button>
      ))}
    </fetcher.Form>
  );
}

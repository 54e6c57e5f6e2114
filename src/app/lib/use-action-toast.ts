import { useEffect, useRef } from 'react';
import { toast } from '~/app/lib/toast';

/** What a page's action answers (runPageAction); the page turns it into a toast. */
export type PageActionResult =
  | { ok: true; intent: string }
  /** `fields`: the refusal's message for each field it names, to show beside them. */
  | { ok: false; intent: string; error: string; fields?: Record<string, string> };
type Result = PageActionResult | undefined;

/**
 * Toasts the outcome of a fetcher's action as soon as it answers: `messages[intent]` gives the
 * success and failure texts; the server's reason, when there is one, is the failure toast's
 * description. It does not wait for the revalidation that follows a success, because that may
 * remove the component (a deleted product, an order leaving a filtered list).
 */
export function useActionToast(
  fetcher: { state: string; data?: Result },
  messages: Record<string, { success: string; failure: string }>,
  onSuccess?: (intent: string) => void,
) {
  const shown = useRef<Result>(undefined);
  const latest = useRef({ messages, onSuccess });
  latest.current = { messages, onSuccess };

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state === 'submitting' || !result || shown.current === result) return;
    shown.current = result;
    const text = latest.current.messages[result.intent];
    if (!text) return;
    if (result.ok) {
      toast.success(text.success);
      latest.current.onSuccess?.(result.intent);
    } else {
      toast.error(text.failure, { description: result.error });
    }
  }, [fetcher.state, fetcher.data]);
}

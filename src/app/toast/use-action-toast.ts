import { useEffect, useRef } from 'react';
import { toast } from '~/app/toast/toast';

/** What a page's action answers (runPageAction); the page turns it into a toast. */
export type PageActionResult =
  | { ok: true; intent: string }
  /** `fields`: the refusal's message for each field it names, to show beside them. */
  | { ok: false; intent: string; error: string; fields?: Record<string, string> };
type Result = PageActionResult | undefined;
type Messages = Record<string, { success: string; failure: string }>;

/** Results already toasted, by whichever saw them first: the route's clientAction or the hook. */
const toasted = new WeakSet<object>();

function showToast(result: PageActionResult, messages: Messages) {
  const text = messages[result.intent];
  if (!text || toasted.has(result)) return;
  toasted.add(result);
  if (result.ok) toast.success(text.success);
  else toast.error(text.failure, { description: result.error });
}

/**
 * A route's clientAction that toasts each answer the moment the server gives it, for actions whose
 * success removes the component that sent them (a deleted product, a review leaving the Pending
 * list). The router renders in transitions, so a revalidation that lands while the page is still
 * rendering merges with the answer, and the component is gone before its `useActionToast` effect
 * could run.
 */
export function toastWhenAnswered(messages: Messages) {
  return async ({ serverAction }: { serverAction: <T>() => Promise<T> }) => {
    const result = await serverAction<Result>();
    if (result && typeof result === 'object' && 'intent' in result) showToast(result, messages);
    return result;
  };
}

/**
 * Toasts the outcome of a fetcher's action as soon as it answers: `messages[intent]` gives the
 * success and failure texts; the server's reason, when there is one, is the failure toast's
 * description. A component that may be removed by its own success also needs its route to export
 * `clientAction = toastWhenAnswered(...)`.
 */
export function useActionToast(
  fetcher: { state: string; data?: Result },
  messages: Messages,
  onSuccess?: (intent: string) => void,
) {
  const seen = useRef<Result>(undefined);
  const latest = useRef({ messages, onSuccess });
  latest.current = { messages, onSuccess };

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state === 'submitting' || !result || seen.current === result) return;
    seen.current = result;
    showToast(result, latest.current.messages);
    if (result.ok) latest.current.onSuccess?.(result.intent);
  }, [fetcher.state, fetcher.data]);
}

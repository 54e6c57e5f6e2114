import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { aria, Field } from '~/app/components/ui/field';
import { Input } from '~/app/components/ui/input';
import { type PageActionResult, useActionToast } from '~/app/toast/use-action-toast';
import {
  CREDIT_NOTE_NOTE_MAX,
  CREDIT_NOTE_REASON_LABELS,
  CREDIT_NOTE_REASONS,
} from '~/shared/trade/credit-notes';

export const CREDIT_NOTE_TOASTS = {
  credit: { success: 'Credit note issued and e-mailed', failure: 'Could not issue the credit note' },
};

/**
 * The owner credits cookies short on the day or returned: how many of each invoice line (never
 * more than is left of it), why, and a note; the server prices it at the invoice's prices.
 */
export function CreditNoteForm({
  lines,
  paid,
}: {
  lines: { position: number; description: string; left: number }[];
  /** The invoice was paid by bank transfer: the credit is paid back rather than taken off. */
  paid: boolean;
}) {
  const fetcher = useFetcher<PageActionResult>();
  const form = useRef<HTMLFormElement>(null);
  useActionToast(fetcher, CREDIT_NOTE_TOASTS);
  const refused = fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  const err = (f: string) => (refused?.fields?.[f] ? { message: refused.fields[f] } : undefined);
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) form.current?.reset();
  }, [fetcher.state, fetcher.data]);
  const creditable = lines.filter((l) => l.left > 0);
  return (
    <Card className="mt-8 p-6 print:hidden">
      <h2 id="credit-note-form" className="mb-1 text-xl font-bold">
        Issue a credit note
      </h2>
      <p className="mb-4 text-sm text-cocoa-light">
        {paid
          ? 'This invoice is paid: the credit note’s amount is recorded as paid back to the customer by bank transfer.'
          : 'The credit note is taken off what this invoice asks; the customer is e-mailed it.'}
      </p>
      {creditable.length === 0 ? (
        <p>Every cookie on this invoice has been credited.</p>
      ) : (
        <fetcher.Form method="post" ref={form} aria-labelledby="credit-note-form" className="grid gap-4">
          <input type="hidden" name="intent" value="credit" />
          <fieldset>
            <legend className="mb-2 font-medium">Why</legend>
            <div className="flex flex-wrap gap-4">
              {CREDIT_NOTE_REASONS.map((r) => (
                <label key={r} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="reason"
                    value={r}
                    required
                    className="size-4 accent-caramel-dark"
                  />
                  {CREDIT_NOTE_REASON_LABELS[r]}
                </label>
              ))}
            </div>
            {err('reason') && (
              <p className="mt-1 text-sm font-medium text-red-700">{err('reason')?.message}</p>
            )}
          </fieldset>
          <div className="grid gap-3 sm:grid-cols-2">
            {creditable.map((l) => {
              const id = `q_${l.position}`;
              return (
                <Field key={l.position} id={id} label={`${l.description} (up to ${l.left})`} error={err(id)}>
                  <Input
                    id={id}
                    name={id}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={l.left}
                    step={1}
                    defaultValue=""
                    {...aria(id, err(id))}
                  />
                </Field>
              );
            })}
          </div>
          <Field id="note" label="Note (optional)" error={err('note')}>
            <Input id="note" name="note" maxLength={CREDIT_NOTE_NOTE_MAX} {...aria('note', err('note'))} />
          </Field>
          {refused && !refused.fields && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {refused.error}
            </p>
          )}
          <div>
            <Button type="submit" disabled={fetcher.state !== 'idle'} aria-busy={fetcher.state !== 'idle'}>
              {fetcher.state !== 'idle' ? 'Issuing…' : 'Issue credit note'}
            </Button>
          </div>
        </fetcher.Form>
      )}
    </Card>
  );
}

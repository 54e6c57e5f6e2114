import { useId, useState } from 'react';
import { useFetcher } from 'react-router';
import { Button } from '~/app/components/ui/button';
import { Input } from '~/app/components/ui/input';
import { type PageActionResult, useActionToast } from '~/app/toast/use-action-toast';
import { formatPence } from '~/shared/money/money';
import { parsePounds, poundsInput } from '~/shared/money/pounds';
import {
  MANUAL_PAYMENT_LABELS,
  MANUAL_PAYMENT_METHODS,
  type ManualPaymentMethod,
} from '~/shared/orders/manual-payment';
import type { OrderView } from '~/shared/orders/order-view';
import { ManualPaymentFormSchema } from '~/shared/orders/payment-schemas';
import { Dialog, DialogContent } from './dialog';

export const MARK_PAID_TOASTS = {
  'mark-paid': { success: 'Payment recorded', failure: 'Failed to record the payment' },
};

type Payable = Pick<OrderView, 'id' | 'number' | 'status' | 'paid_at' | 'total_pennies' | 'paid_pennies'>;

/** Whether the owner may record money for the order by hand: unpaid and not cancelled. */
export const canMarkAsPaid = (o: Payable) => !o.paid_at && o.status !== 'cancelled';

/**
 * "Mark as paid": money a bakery takes by hand (cash or card on collection, a bank transfer) is
 * recorded as a payment, after a dialog that says what will be recorded (docs/decisions/032).
 * Choosing the Paid status alone takes no money, so it is not offered for an unpaid order.
 */
export function MarkAsPaidButton({ order, className }: { order: Payable; className?: string }) {
  const [open, setOpen] = useState(false);
  // A new key each time the dialog opens: a double click records one payment.
  const [key, setKey] = useState('');
  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className={className}
        onClick={() => {
          setKey(crypto.randomUUID());
          setOpen(true);
        }}
      >
        Mark as paid<span className="sr-only"> order {order.number}</span>
      </Button>
      {open && <MarkAsPaidDialog order={order} requestKey={key} onClose={() => setOpen(false)} />}
    </>
  );
}

function MarkAsPaidDialog({
  order,
  requestKey,
  onClose,
}: {
  order: Payable;
  requestKey: string;
  onClose: () => void;
}) {
  const fetcher = useFetcher<PageActionResult>();
  useActionToast(fetcher, MARK_PAID_TOASTS, onClose);
  const owed = Math.max(order.total_pennies - order.paid_pennies, 0);
  const [method, setMethod] = useState<ManualPaymentMethod>('cash');
  const [amount, setAmount] = useState(poundsInput(owed));
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const saving = fetcher.state !== 'idle';
  const pence = parsePounds(amount);
  const serverError = fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  const shown = error ?? serverError;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const fields = { method, amount, request_key: requestKey };
    const parsed = ManualPaymentFormSchema.safeParse(fields);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the amount');
    if (parsed.data.amount > owed) return setError(`At most ${formatPence(owed)} is owed on this order.`);
    setError(null);
    fetcher.submit({ ...fields, intent: 'mark-paid', id: order.id }, { method: 'post' });
  };

  return (
    <Dialog open onOpenChange={(next) => !next && !saving && onClose()}>
      <DialogContent
        title={`Mark order ${order.number} as paid`}
        description={`Record money taken by hand. ${formatPence(owed)} is owed.`}
      >
        <form onSubmit={submit} noValidate className="space-y-4">
          <fieldset>
            <legend className="mb-1 text-sm font-medium">How was it paid?</legend>
            <div className="flex flex-col gap-1 sm:flex-row sm:flex-wrap sm:gap-x-5">
              {MANUAL_PAYMENT_METHODS.map((m) => (
                <label key={m} className="flex min-h-11 items-center gap-2 sm:min-h-0">
                  <input
                    type="radio"
                    name="method"
                    value={m}
                    checked={method === m}
                    onChange={() => setMethod(m)}
                    className="size-4 accent-caramel-dark"
                  />
                  {MANUAL_PAYMENT_LABELS[m]}
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <label htmlFor={`${id}-amount`} className="mb-1 block text-sm font-medium">
              Amount paid (£)
            </label>
            <Input
              id={`${id}-amount`}
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              className="max-w-40"
              value={amount}
              onChange={(e) => {
                setAmount(e.target.value);
                setError(null);
              }}
              aria-invalid={shown ? true : undefined}
              aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}
            />
            <p id={`${id}-hint`} className="mt-1 text-sm text-cocoa-light">
              In pounds and pence, e.g. {poundsInput(owed)}.
            </p>
            {shown && (
              <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
                {shown}
              </p>
            )}
          </div>
          <p className="rounded-md bg-crumb/40 p-3 text-sm" aria-live="polite">
            {pence !== null && pence > 0 && pence <= owed
              ? `This records ${formatPence(pence)} paid by ${MANUAL_PAYMENT_LABELS[method].toLowerCase()} under your name.${
                  pence < owed
                    ? ` ${formatPence(owed - pence)} will still be owed and the order stays unpaid.`
                    : ' The order becomes Paid and the customer is sent their confirmation.'
                }`
              : 'Type the amount taken, up to what is owed.'}
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Recording...' : 'Record payment'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

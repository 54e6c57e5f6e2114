import { useState } from 'react';
import { useFetcher } from 'react-router';
import { OrderStatusOptions } from '~/app/components/admin/order-status-options';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { ConfirmDialog } from '~/app/components/ui/confirm-dialog';
import { Input, Label, Select, Textarea } from '~/app/components/ui/input';
import { type PageActionResult, useActionToast } from '~/app/toast/use-action-toast';
import { formatPence } from '~/shared/money/money';
import { type OrderView, refundableOf } from '~/shared/orders/order-view';
import { REFUND_REASON_MAX, RefundFormSchema } from '~/shared/orders/payment-schemas';
import { mayCancelOrder, STAFF_MAY_NOT_CANCEL_PAID, type StaffRole } from '~/shared/staff/back-office-access';
import { canMarkAsPaid, MarkAsPaidButton } from './mark-as-paid';

export const ORDER_FORM_TOASTS = {
  status: { success: 'Order status updated', failure: 'Failed to update order' },
  refund: { success: 'Refund made', failure: 'Failed to refund' },
};

/**
 * The controls on an order page: its status (with a tracking code), and the owner's payments and
 * refunds. Shop staff may not cancel a paid order (it would refund it), so they are not offered it.
 */
export function OrderAdminForms({
  order,
  refundKey,
  role,
}: {
  order: OrderView;
  refundKey: string;
  role: StaffRole;
}) {
  return (
    <div className="space-y-6 print:hidden">
      <StatusForm order={order} mayCancel={mayCancelOrder(role, order.paid_at !== null)} />
      {role === 'owner' && canMarkAsPaid(order) && <PaymentCard order={order} />}
      {role === 'owner' && <RefundForm order={order} refundKey={refundKey} />}
    </div>
  );
}

function StatusForm({ order, mayCancel }: { order: OrderView; mayCancel: boolean }) {
  const fetcher = useFetcher<PageActionResult>();
  useActionToast(fetcher, ORDER_FORM_TOASTS);
  const [status, setStatus] = useState(order.status);
  const busy = fetcher.state !== 'idle';
  return (
    <Card className="p-5">
      <h2 className="mb-3 font-sans text-lg font-semibold">Status</h2>
      <fetcher.Form method="post" className="space-y-3">
        <input type="hidden" name="intent" value="status" />
        <div>
          <Label htmlFor="order-status">Order status</Label>
          <Select
            id="order-status"
            name="status"
            value={status}
            onChange={(e) => setStatus(e.target.value as OrderView['status'])}
          >
            <OrderStatusOptions order={order} withCancelled={mayCancel || order.status === 'cancelled'} />
          </Select>
          {!mayCancel && order.status !== 'cancelled' && (
            <p className="mt-1 text-sm text-cocoa-light">{STAFF_MAY_NOT_CANCEL_PAID}</p>
          )}
        </div>
        {order.delivery && (
          <div>
            <input type="hidden" name="delivery_id" value={order.delivery.id} />
            <Label htmlFor="tracking-code">Tracking code (optional)</Label>
            <Input
              id="tracking-code"
              name="tracking_code"
              defaultValue={order.delivery.tracking_code ?? ''}
              maxLength={100}
              autoComplete="off"
              aria-describedby="tracking-hint"
            />
            <p id="tracking-hint" className="mt-1 text-sm text-cocoa-light">
              Sent to the customer in the “on its way” e-mail.
            </p>
          </div>
        )}
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : 'Update status'}
        </Button>
      </fetcher.Form>
    </Card>
  );
}

/** An unpaid order: what is owed, and "Mark as paid" for money taken by hand. */
function PaymentCard({ order }: { order: OrderView }) {
  const owed = Math.max(order.total_pennies - order.paid_pennies, 0);
  return (
    <Card className="p-5">
      <h2 className="mb-1 font-sans text-lg font-semibold">Payment</h2>
      <p className="mb-3 text-cocoa-light">
        {order.paid_pennies === 0
          ? `Nothing has been paid yet: ${formatPence(owed)} is owed.`
          : `${formatPence(order.paid_pennies)} paid; ${formatPence(owed)} is still owed.`}
      </p>
      <MarkAsPaidButton order={order} />
    </Card>
  );
}

function RefundForm({ order, refundKey }: { order: OrderView; refundKey: string }) {
  const fetcher = useFetcher<PageActionResult>();
  const [scope, setScope] = useState<'full' | 'part'>('full');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  // Decision 044: the gift-card part goes back to the cards unless the owner says otherwise.
  const [toBankCard, setToBankCard] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // The refund waiting for the owner's confirmation, in pence.
  const [confirming, setConfirming] = useState<number | null>(null);
  useActionToast(fetcher, ORDER_FORM_TOASTS, () => {
    setAmount('');
    setReason('');
    setScope('full');
    setToBankCard(false);
  });
  const remaining = refundableOf(order);
  const busy = fetcher.state !== 'idle';
  const refused =
    fetcher.data && !fetcher.data.ok && fetcher.data.intent === 'refund' ? fetcher.data.error : null;
  const error = problem ?? refused;
  if (order.paid_pennies === 0 && canMarkAsPaid(order)) return null;

  const fields = () => ({
    scope,
    amount: scope === 'full' ? 'full' : amount,
    reason,
    request_key: refundKey,
    ...(toBankCard ? { to_bank_card: 'on' } : {}),
  });
  // The same rules as the server's, so the confirmation shows an amount it will accept.
  const check = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = RefundFormSchema.safeParse(fields());
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Check the refund');
    const pence = parsed.data.amount === 'full' ? remaining : parsed.data.amount;
    if (pence > remaining)
      return setProblem(`You can refund at most ${formatPence(remaining)} on this order.`);
    setProblem(null);
    setConfirming(pence);
  };
  const left = confirming === null ? 0 : remaining - confirming;

  return (
    <Card className="p-5">
      <h2 className="mb-1 font-sans text-lg font-semibold">Refund</h2>
      {remaining === 0 ? (
        <p className="text-cocoa-light">
          {order.paid_pennies === 0 ? 'Nothing has been paid yet.' : 'This order has been refunded in full.'}
        </p>
      ) : (
        <form method="post" onSubmit={check} noValidate className="space-y-3">
          <input type="hidden" name="intent" value="refund" />
          <input type="hidden" name="request_key" value={refundKey} />
          <p className="text-sm text-cocoa-light">Up to {formatPence(remaining)} can be refunded.</p>
          <fieldset className="space-y-1">
            <legend className="font-medium">Amount</legend>
            <label className="flex min-h-11 items-center gap-2 sm:min-h-0">
              <input
                type="radio"
                name="scope"
                value="full"
                checked={scope === 'full'}
                onChange={() => setScope('full')}
              />
              Everything remaining ({formatPence(remaining)})
            </label>
            <label className="flex min-h-11 items-center gap-2 sm:min-h-0">
              <input
                type="radio"
                name="scope"
                value="part"
                checked={scope === 'part'}
                onChange={() => setScope('part')}
              />
              Part of it
            </label>
          </fieldset>
          {scope === 'part' && (
            <div>
              <Label htmlFor="refund-amount">Amount to refund (£)</Label>
              <Input
                id="refund-amount"
                name="amount"
                inputMode="decimal"
                autoComplete="off"
                value={amount}
                onChange={(e) => {
                  setAmount(e.target.value);
                  setProblem(null);
                }}
                required
                aria-invalid={error ? true : undefined}
                aria-describedby="refund-amount-hint"
              />
              <p id="refund-amount-hint" className="mt-1 text-sm text-cocoa-light">
                In pounds and pence, e.g. 4.75 for £4.75.
              </p>
            </div>
          )}
          <div>
            <Label htmlFor="refund-reason">Reason</Label>
            <Textarea
              id="refund-reason"
              name="reason"
              required
              maxLength={REFUND_REASON_MAX}
              rows={2}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setProblem(null);
              }}
            />
          </div>
          {order.gift_card_pennies > 0 && (
            <label className="flex min-h-11 items-center gap-2 sm:min-h-0">
              <input
                type="checkbox"
                name="to_bank_card"
                checked={toBankCard}
                onChange={(e) => setToBankCard(e.target.checked)}
              />
              Refund the gift card part to the bank card instead (say why in the reason)
            </label>
          )}
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <Button type="submit" variant="danger" disabled={busy}>
            {busy ? 'Refunding...' : 'Refund'}
          </Button>
        </form>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`Refund ${formatPence(confirming ?? 0)}?`}
        description={
          <>
            {formatPence(confirming ?? 0)} of order {order.number} goes back to {order.customer.full_name}
            {order.gift_card_pennies > 0 && (toBankCard ? ' on the bank card' : ', to the gift cards first')}
            {order.payments.every((p) => p.provider === 'manual') && order.payments.length > 0
              ? ' (paid by hand: give it back by hand)'
              : ''}
            . {left > 0 ? `${formatPence(left)} will be left to refund.` : 'Nothing will be left to refund.'}
          </>
        }
        keep="Don’t refund"
        confirm={`Refund ${formatPence(confirming ?? 0)}`}
        onConfirm={() => fetcher.submit({ ...fields(), intent: 'refund' }, { method: 'post' })}
      />
    </Card>
  );
}

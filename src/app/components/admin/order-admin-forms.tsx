import { useState } from 'react';
import { useFetcher } from 'react-router';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { Input, Label, Select, Textarea } from '~/app/components/ui/input';
import { formatPence } from '~/shared/money';
import { type OrderView, refundableOf } from '~/shared/orders/order-view';
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '~/shared/orders/statuses';
import { REFUND_REASON_MAX } from '~/shared/schemas/orders';
import { type AdminActionResult, useActionToast } from './use-action-toast';

const TOASTS = {
  status: { success: 'Order status updated', failure: 'Failed to update order' },
  refund: { success: 'Refund made', failure: 'Failed to refund' },
};

/** The owner's controls on an order page: its status (with a tracking code) and refunds. */
export function OrderAdminForms({ order, refundKey }: { order: OrderView; refundKey: string }) {
  return (
    <div className="space-y-6 print:hidden">
      <StatusForm order={order} />
      <RefundForm order={order} refundKey={refundKey} />
    </div>
  );
}

function StatusForm({ order }: { order: OrderView }) {
  const fetcher = useFetcher<AdminActionResult>();
  useActionToast(fetcher, TOASTS);
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
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {ORDER_STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
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

function RefundForm({ order, refundKey }: { order: OrderView; refundKey: string }) {
  const fetcher = useFetcher<AdminActionResult>();
  useActionToast(fetcher, TOASTS);
  const [scope, setScope] = useState<'full' | 'part'>('full');
  const remaining = refundableOf(order);
  const busy = fetcher.state !== 'idle';
  const error =
    fetcher.data && !fetcher.data.ok && fetcher.data.intent === 'refund' ? fetcher.data.error : null;
  return (
    <Card className="p-5">
      <h2 className="mb-1 font-sans text-lg font-semibold">Refund</h2>
      {remaining === 0 ? (
        <p className="text-cocoa-light">
          {order.paid_pennies === 0 ? 'Nothing has been paid yet.' : 'This order has been refunded in full.'}
        </p>
      ) : (
        <fetcher.Form method="post" className="space-y-3">
          <p className="text-sm text-cocoa-light">Up to {formatPence(remaining)} can be refunded.</p>
          <input type="hidden" name="intent" value="refund" />
          <input type="hidden" name="request_key" value={refundKey} />
          <fieldset className="space-y-1">
            <legend className="font-medium">Amount</legend>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="scope"
                value="full"
                checked={scope === 'full'}
                onChange={() => setScope('full')}
              />
              Everything remaining ({formatPence(remaining)})
            </label>
            <label className="flex items-center gap-2">
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
              <Label htmlFor="refund-amount">Amount in pence</Label>
              <Input
                id="refund-amount"
                name="amount"
                type="number"
                inputMode="numeric"
                min={1}
                max={remaining}
                step={1}
                required
                aria-describedby="refund-amount-hint"
              />
              <p id="refund-amount-hint" className="mt-1 text-sm text-cocoa-light">
                For example 250 for £2.50.
              </p>
            </div>
          )}
          <div>
            <Label htmlFor="refund-reason">Reason</Label>
            <Textarea id="refund-reason" name="reason" required maxLength={REFUND_REASON_MAX} rows={2} />
          </div>
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <Button type="submit" variant="danger" disabled={busy}>
            {busy ? 'Refunding...' : 'Refund'}
          </Button>
        </fetcher.Form>
      )}
    </Card>
  );
}

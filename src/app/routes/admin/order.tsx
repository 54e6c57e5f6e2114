import { ArrowLeft, Printer } from 'lucide-react';
import { data, Form, Link } from 'react-router';
import { markPaidAction } from '~/app/components/admin/admin-action.server';
import { MARK_PAID_TOASTS } from '~/app/components/admin/mark-as-paid';
import { ORDER_FORM_TOASTS, OrderAdminForms } from '~/app/components/admin/order-admin-forms';
import { RecordActivity } from '~/app/components/admin/record-activity';
import { OrderLines, StatusHistory, WhereAndHow } from '~/app/components/orders/order-details';
import { OrderHeader, orderTitle } from '~/app/components/orders/order-header';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { pageMeta } from '~/app/seo/meta';
import { requireAdminPage } from '~/app/server/guards.server';
import { field, runPageAction } from '~/app/server/page-action.server';
import { orNotFoundPage } from '~/app/server/service-errors.server';
import { toastWhenAnswered } from '~/app/toast/use-action-toast';
import { forbidden, parseOrThrow } from '~/server/errors';
import { formatPence } from '~/shared/money/money';
import { adminActor } from '~/shared/orders/actor';
import { MANUAL_PAYMENT_LABELS } from '~/shared/orders/manual-payment';
import { RefundFormSchema, toRefundInput } from '~/shared/orders/payment-schemas';
import { OrderStatusUpdateSchema } from '~/shared/orders/schemas';
import { formatDateTime } from '~/shared/time/london-time';
import type { Route } from './+types/order';

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: orderTitle(loaderData?.order),
    description: 'One order: its items, delivery, history and refunds.',
    noIndex: true,
  });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { staffRole } = await requireAdminPage(request, context);
  const order = await orNotFoundPage(() => context.services.orders.getForAdmin(params.id));
  const [activity, isJob] = await Promise.all([
    context.services.activity.forRecord('order', order.id),
    context.services.madeToOrderJobs.isJob(order.id),
  ]);
  // A fresh key each time the page is shown: a double-clicked refund is one refund.
  return { order, refundKey: crypto.randomUUID(), role: staffRole, activity, isJob };
}

/**
 * `intent=status` (status, tracking_code), `intent=refund` (scope, amount in pounds, reason,
 * request_key) or `intent=mark-paid` (method, amount in pounds, request_key).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireAdminPage(request, context);
  const form = await request.formData();
  const intent = field(form, 'intent');
  const { orders } = context.services;
  if (intent === 'status') {
    return runPageAction(context, intent, async () => {
      const { status } = parseOrThrow(OrderStatusUpdateSchema, { status: field(form, 'status') });
      const tracking = field(form, 'tracking_code').trim();
      const deliveryId = field(form, 'delivery_id');
      // The tracking code goes on first, so the "on its way" e-mail carries it.
      if (tracking && deliveryId) await orders.deliveries.update(deliveryId, { tracking_code: tracking });
      await orders.setStatus(params.id, status, adminActor(user));
    });
  }
  if (intent === 'refund') {
    return runPageAction(context, intent, () => {
      const amount =
        field(form, 'scope') === 'part' ? field(form, 'amount') : field(form, 'amount') || 'full';
      const input = parseOrThrow(RefundFormSchema, {
        amount,
        reason: field(form, 'reason'),
        request_key: field(form, 'request_key'),
      });
      // The owner may send a gift-card-paid part to the bank card instead, with the reason (decision 044).
      const toBankCard = field(form, 'to_bank_card') === 'on';
      return orders.refund(params.id, { ...toRefundInput(input), toBankCard }, adminActor(user));
    });
  }
  if (intent === 'mark-paid') return markPaidAction(context, form, params.id, user);
  if (intent === 'cancel-job') {
    // A made-to-order job's cancel, with the owner's choice for its deposit (decision 088).
    return runPageAction(context, intent, async () => {
      if (user.staffRole !== 'owner') throw forbidden('Only the owner may cancel a made-to-order job.');
      await context.services.madeToOrderJobs.cancel(
        params.id,
        { deposit: field(form, 'deposit'), requestKey: field(form, 'request_key') },
        adminActor(user),
      );
    });
  }
  return data({ ok: false as const, intent, error: 'Unknown action' }, { status: 400 });
}

/** Marking paid or cancelling removes the form that asked, so the answer is toasted as it arrives. */
export const clientAction = toastWhenAnswered({ ...ORDER_FORM_TOASTS, ...MARK_PAID_TOASTS });

export default function AdminOrderPage({ loaderData }: Route.ComponentProps) {
  const { order, refundKey, role, activity, isJob } = loaderData;
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-8">
      <Link
        to="/admin/orders"
        className="mb-4 inline-flex items-center gap-1 text-caramel-dark hover:underline print:hidden"
      >
        <ArrowLeft aria-hidden className="size-4" /> All orders
      </Link>
      <OrderHeader
        order={order}
        subtitle={
          <>
            <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time> ·{' '}
            {order.customer.full_name}
            {order.customer.email && (
              <>
                {' · '}
                <a href={`mailto:${order.customer.email}`} className="text-caramel-dark underline">
                  {order.customer.email}
                </a>
              </>
            )}
          </>
        }
        actions={
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm" className="print:hidden">
              <a href={`/admin/orders/${order.id}/packing-slip`} target="_blank" rel="noreferrer">
                <Printer aria-hidden className="size-4" /> Print packing slip
              </a>
            </Button>
            <Button asChild variant="outline" size="sm" className="print:hidden">
              <a href={`/admin/orders/${order.id}/labels`} target="_blank" rel="noreferrer">
                <Printer aria-hidden className="size-4" /> Print labels
              </a>
            </Button>
          </div>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <Card className="space-y-6 p-5">
          <OrderLines order={order} />
          <WhereAndHow order={order} />
          <p className="text-sm text-cocoa-light">
            Paid:{' '}
            {order.paid_at
              ? `${formatPence(order.paid_pennies)} on ${formatDateTime(order.paid_at)}`
              : order.paid_pennies > 0
                ? `${formatPence(order.paid_pennies)} of ${formatPence(order.total_pennies)} so far`
                : 'not yet'}
            {order.payment.provider === 'test' &&
              order.payments.some((p) => p.provider === 'test') &&
              ' (test payment)'}
          </p>
          {order.payments.some((p) => p.provider === 'manual') && (
            <ul className="-mt-4 text-sm text-cocoa-light" aria-label="Payments taken by hand">
              {order.payments
                .filter((p) => p.provider === 'manual')
                .map((p) => (
                  <li key={p.created_at}>
                    {formatPence(p.amount_pennies)} by{' '}
                    {MANUAL_PAYMENT_LABELS[p.method ?? 'cash'].toLowerCase()}, recorded by {p.by} ·{' '}
                    <time dateTime={p.created_at}>{formatDateTime(p.created_at)}</time>
                  </li>
                ))}
            </ul>
          )}
          <StatusHistory order={order} />
          {order.refunds.length > 0 && (
            <section aria-labelledby="refunds-heading">
              <h2 id="refunds-heading" className="font-sans text-sm font-semibold text-cocoa-light uppercase">
                Refunds
              </h2>
              <ul className="mt-2 space-y-1">
                {order.refunds.map((r) => (
                  <li key={r.id}>
                    {formatPence(r.amount_pennies)} · {r.reason} · {r.by} ·{' '}
                    <time dateTime={r.created_at}>{formatDateTime(r.created_at)}</time>
                    {r.status !== 'succeeded' && ` · ${r.status}`}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </Card>
        <div className="space-y-6">
          <OrderAdminForms order={order} refundKey={refundKey} role={role} />
          {isJob && role === 'owner' && order.status !== 'cancelled' && (
            <Card className="p-5 print:hidden">
              <Form method="post" className="space-y-3">
                <input type="hidden" name="intent" value="cancel-job" />
                <input type="hidden" name="request_key" value={refundKey} />
                <fieldset className="space-y-2">
                  <legend className="font-sans text-sm font-semibold text-cocoa-light uppercase">
                    Cancel this made-to-order job
                  </legend>
                  <label className="flex items-center gap-2">
                    <input type="radio" name="deposit" value="keep" required /> Keep the money taken
                  </label>
                  <label className="flex items-center gap-2">
                    <input type="radio" name="deposit" value="refund" required /> Refund the money taken
                  </label>
                </fieldset>
                <Button type="submit" variant="danger" size="sm">
                  Cancel the job
                </Button>
              </Form>
            </Card>
          )}
        </div>
        <RecordActivity entries={activity} noun="order" />
      </div>
    </main>
  );
}

import type { AppLoadContext } from 'react-router';
import { field, runPageAction } from '~/app/server/page-action.server';
import { parseOrThrow } from '~/server/errors';
import { adminActor } from '~/shared/orders/actor';
import { ManualPaymentFormSchema, toManualPaymentInput } from '~/shared/orders/payment-schemas';

/** "Mark as paid" from the orders list or an order's page (method, amount in pounds, request_key). */
export function markPaidAction(
  context: AppLoadContext,
  form: FormData,
  orderId: string,
  user: { id: string; name: string },
) {
  return runPageAction(context, 'mark-paid', () => {
    const input = parseOrThrow(ManualPaymentFormSchema, {
      method: field(form, 'method'),
      amount: field(form, 'amount'),
      request_key: field(form, 'request_key'),
    });
    return context.services.payments.markAsPaid(orderId, toManualPaymentInput(input), adminActor(user));
  });
}

import { type AppLoadContext, data } from 'react-router';
import { refusalOf } from '~/app/lib/service-errors.server';
import { isConnectionLost } from '~/server/db/connection-lost';
import { parseOrThrow } from '~/server/errors';
import { adminActor } from '~/shared/orders/actor';
import { ManualPaymentFormSchema, toManualPaymentInput } from '~/shared/orders/payment-schemas';
import type { AdminActionResult } from './use-action-toast';

/**
 * Runs one admin change for a page's action. A refused change (bad input, unknown id) answers
 * with its status and message; anything else is logged and reported as a plain failure, so the
 * page shows a toast instead of an error screen.
 */
export async function runAdminAction(
  context: AppLoadContext,
  intent: string,
  change: () => Promise<unknown>,
) {
  try {
    await change();
    return { ok: true, intent } satisfies AdminActionResult;
  } catch (err) {
    const refused = refusalOf(err);
    if (refused) {
      const { message: error, fields } = refused;
      return data({ ok: false, intent, error, fields } satisfies AdminActionResult, {
        status: refused.status,
      });
    }
    if (isConnectionLost(err)) {
      // Kept for the server, which makes this answer a 503 with Retry-After: nothing was wrong
      // with the change, the database went away for a moment.
      context.errors.push(err);
      return data({ ok: false, intent, error: DATABASE_AWAY } satisfies AdminActionResult, { status: 503 });
    }
    context.services.log.error({ err, intent }, 'admin action failed');
    return data(
      { ok: false, intent, error: 'Something went wrong. Please try again.' } satisfies AdminActionResult,
      { status: 500 },
    );
  }
}

const DATABASE_AWAY = 'The shop lost its database for a moment. Please try again.';

/**
 * Loads a page's data; a failure is logged and reported as `null` so the page can say so (and
 * toast) instead of replacing the whole back office with an error screen. A lost database
 * connection is rethrown: the server answers it 503 with Retry-After, as on the storefront.
 */
export async function loadOrNull<T>(context: AppLoadContext, what: string, load: () => Promise<T>) {
  try {
    return await load();
  } catch (err) {
    if (isConnectionLost(err)) {
      context.services.log.warn({ err }, `lost the database loading ${what}`);
      context.errors.push(err);
      // The back office's error page ("try again in a moment"), answered 503 with Retry-After.
      throw data(DATABASE_AWAY, { status: 503 });
    }
    context.services.log.error({ err }, `failed to load ${what}`);
    return null;
  }
}

/** A form field as text ('' when missing or a file). */
export const field = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v : '';
};

/** "Mark as paid" from the orders list or an order's page (method, amount in pounds, request_key). */
export function markPaidAction(
  context: AppLoadContext,
  form: FormData,
  orderId: string,
  user: { id: string; name: string },
) {
  return runAdminAction(context, 'mark-paid', () => {
    const input = parseOrThrow(ManualPaymentFormSchema, {
      method: field(form, 'method'),
      amount: field(form, 'amount'),
      request_key: field(form, 'request_key'),
    });
    return context.services.payments.markAsPaid(orderId, toManualPaymentInput(input), adminActor(user));
  });
}

import { type AppLoadContext, data } from 'react-router';
import type { PageActionResult } from '~/app/toast/use-action-toast';
import { isConnectionLost } from '~/server/db/connection-lost';
import { refusalOf } from './service-errors.server';

/**
 * Runs one change for a page's action (the back office's, and a customer's own: cancelling an
 * order, a subscription's changes). A refused change (bad input, unknown id) answers
 * with its status and message; anything else is logged and reported as a plain failure, so the
 * page shows a toast instead of an error screen.
 */
export async function runPageAction(context: AppLoadContext, intent: string, change: () => Promise<unknown>) {
  try {
    await change();
    return { ok: true, intent } satisfies PageActionResult;
  } catch (err) {
    const refused = refusalOf(err);
    if (refused) {
      const { message: error, fields } = refused;
      return data({ ok: false, intent, error, fields } satisfies PageActionResult, {
        status: refused.status,
      });
    }
    if (isConnectionLost(err)) {
      // Kept for the server, which makes this answer a 503 with Retry-After: nothing was wrong
      // with the change, the database went away for a moment.
      context.errors.push(err);
      return data({ ok: false, intent, error: DATABASE_AWAY } satisfies PageActionResult, { status: 503 });
    }
    context.services.log.error({ err, intent }, 'page action failed');
    return data(
      { ok: false, intent, error: 'Something went wrong. Please try again.' } satisfies PageActionResult,
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

/**
 * A number field as the JSON API takes it: digits (spaces around allowed) become a number, a blank
 * is left out (undefined), and anything else is passed on as typed for the service to refuse with
 * its own message (the API refuses strings where numbers belong).
 */
export function numberField(form: FormData, name: string): number | string | undefined {
  const v = field(form, name);
  if (v.trim() === '') return undefined;
  return /^\s*\d{1,15}\s*$/.test(v) ? Number(v) : v;
}

import { data } from 'react-router';
import { isAppError } from '~/server/errors';

/** What a page shows of a request a service refused (its 4xx AppError); null for anything else. */
export interface Refusal {
  status: number;
  message: string;
  fields: Record<string, string>;
}

/** The one reading of service errors for pages: a refusal to show, or null (rethrow it). */
export function refusalOf(err: unknown): Refusal | null {
  if (!isAppError(err) || err.status >= 500) return null;
  return { status: err.status, message: err.message, fields: err.fields ?? {} };
}

/** Loads what a page is about; a service's "not found" becomes the 404 page. */
export async function orNotFoundPage<T>(load: () => Promise<T>, message = 'Not found'): Promise<T> {
  try {
    return await load();
  } catch (err) {
    if (refusalOf(err)?.status === 404) throw data(message, { status: 404 });
    throw err;
  }
}

/**
 * Runs a form's service call: a refusal comes back to the form (its message, the fields it names
 * and its status); with `notFound`, a service's "not found" is the 404 page instead, because then
 * there is no form left to show.
 */
export async function orFormRefusal<T>(act: () => Promise<T>, notFound?: string) {
  try {
    return await act();
  } catch (err) {
    const refused = refusalOf(err);
    if (!refused) throw err;
    if (notFound && refused.status === 404) throw data(notFound, { status: 404 });
    return data({ error: refused.message, fields: refused.fields }, { status: refused.status });
  }
}

import { redirect } from 'react-router';
import { refusalOf } from '~/app/server/service-errors.server';
import type { Route } from './+types/pay';

/**
 * The balance e-mail's link (decision 088): opens the hosted payment page for what is still owed
 * on the job. Nothing owed (paid in full, cancelled): back to the quote's page, which says so.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    const { url } = await context.services.madeToOrderJobs.pay(params.token);
    return redirect(url);
  } catch (err) {
    const refused = refusalOf(err);
    if (!refused) throw err;
    if (refused.status === 404) throw new Response('We cannot find that quote.', { status: 404 });
    return redirect(`/made-to-order/quotes/${encodeURIComponent(params.token)}`);
  }
}

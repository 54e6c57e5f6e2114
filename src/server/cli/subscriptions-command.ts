import { isIsoDate } from '~/shared/time/london-time';
import type { SubscriptionsService } from '../club/club-service';
import { asOfInstant } from '../club/club-service';

export const SUBSCRIPTIONS_USAGE = 'Usage: npm run subscriptions -- --run-due [--as-of YYYY-MM-DD]';

/**
 * `--run-due [--as-of YYYY-MM-DD]`: makes and charges every Cookie Club box due as of that London
 * date (today when unset), as the running shop's scheduler does; safe beside it (decision 045).
 */
export async function runSubscriptionsCommand(
  argv: string[],
  club: Pick<SubscriptionsService, 'runDue'>,
): Promise<{ code: number; message: string }> {
  if (!argv.includes('--run-due')) return { code: 2, message: SUBSCRIPTIONS_USAGE };
  const at = argv.indexOf('--as-of');
  const asOf = at >= 0 ? argv[at + 1] : undefined;
  if (at >= 0 && !isIsoDate(asOf))
    return { code: 2, message: `--as-of needs a date YYYY-MM-DD. ${SUBSCRIPTIONS_USAGE}` };
  const counts = await club.runDue(asOfInstant(asOf));
  const summary = Object.entries(counts)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  return { code: 0, message: `Cookie Club boxes due${asOf ? ` as of ${asOf}` : ''}: ${summary}` };
}

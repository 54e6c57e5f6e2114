/**
 * Standing orders for trade customers (decision 089, docs/rules/trade.md): the same cookies on
 * the same weekdays, made into real orders on account shortly before each day's cut-off.
 * No zod here: pages import it.
 */
import { formatBakeDay, WEEKDAY_NAMES } from '../time/london-time';

/**
 * How long before a delivery day's cut-off its order is made: from then on it is a real order
 * (booked in the day's capacity, counted against the credit limit) that the customer can still
 * change until the cut-off. A week gives the café its whole week's orders to check at once.
 */
export const STANDING_ORDER_LEAD_DAYS = 7;

export const STANDING_ORDER_STATUSES = ['active', 'paused'] as const;
export type StandingOrderStatus = (typeof STANDING_ORDER_STATUSES)[number];

/** What became of one standing order's day: its order made, skipped, or not made (and why). */
export const STANDING_RUN_STATUSES = ['made', 'skipped', 'not_made'] as const;
export type StandingRunStatus = (typeof STANDING_RUN_STATUSES)[number];

export const STANDING_RUN_LABELS: Record<StandingRunStatus, string> = {
  made: 'Order made',
  skipped: 'Skipped',
  not_made: 'Not made',
};

export const STANDING_MESSAGES = {
  weekdays: 'Please choose at least one delivery day of the week.',
  notFound: 'Standing order not found',
  skipDate: 'Please choose a date this standing order delivers on.',
  skipPast: 'That day’s cut-off has passed: it can no longer be skipped.',
  alreadySkipped: 'That day is already skipped.',
  notSkipped: 'That day is not skipped.',
  unskipPast: 'That day’s cut-off has passed: it can no longer be ordered.',
  notPending: 'This order is already being baked or was cancelled: it can no longer be changed.',
  pastCutoff: 'This order’s cut-off has passed: it can no longer be changed.',
  notMadeDay: (day: string) => `That date was not made: ${day}.`,
} as const;

/** "Mondays and Thursdays" (or "Monday and Thursday") — the weekdays a standing order delivers on, Monday first. */
export function weekdaysText(weekdays: readonly number[], plural = true): string {
  const names = [...weekdays]
    .sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7))
    .map((d) => `${WEEKDAY_NAMES[d]}${plural ? 's' : ''}`);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** Why a standing order is refused on a weekday the account's zone does not deliver. */
export const notDeliveredMessage = (weekday: number, days: readonly number[]) =>
  days.length === 0
    ? 'Your delivery zone has no delivery days: please contact us.'
    : `We do not deliver to you on ${WEEKDAY_NAMES[weekday]}s: your delivery days are ${weekdaysText(days)}.`;

/** The subject of the e-mail saying a standing order's day was not made. */
export const notMadeSubject = (businessName: string, date: string) =>
  `Standing order for ${formatBakeDay(date)} not made: ${businessName}`;

import { addDays, londonDate, londonInstant } from '~/shared/time/london-time';

/**
 * When the daily backup next runs: today at `at` (London wall-clock, 'HH:MM') if that is still to
 * come, else tomorrow at `at`. Worked out from the London date, so on the days the clocks change the
 * backup still runs at the time the owner set, 23 or 25 hours after the last.
 */
export function nextBackupAt(now: Date, at: string): Date {
  const today = londonDate(now);
  const next = londonInstant(today, at);
  return next.getTime() > now.getTime() ? next : londonInstant(addDays(today, 1), at);
}

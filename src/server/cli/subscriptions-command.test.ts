import { describe, expect, it } from 'vitest';
import { londonDate } from '~/shared/time/london-time';
import { runSubscriptionsCommand, SUBSCRIPTIONS_USAGE } from './subscriptions-command';

// `npm run subscriptions -- --run-due [--as-of YYYY-MM-DD]` runs the scheduler as of that London date.
const fake = () => {
  const seen: Date[] = [];
  return {
    seen,
    club: {
      runDue: async (now?: Date) => {
        seen.push(now!);
        return { resumed: 0, reminded: 0, made: 2, moved: 1, paid: 2, declined: 0, refunded: 0 };
      },
    },
  };
};

describe('npm run subscriptions', () => {
  it('runs the boxes due as of a date and says what it did', async () => {
    const { seen, club } = fake();
    const { code, message } = await runSubscriptionsCommand(['--run-due', '--as-of', '2030-03-04'], club);
    expect(code).toBe(0);
    expect(message).toBe(
      'Cookie Club boxes due as of 2030-03-04: resumed 0, reminded 0, made 2, moved 1, paid 2, declined 0, refunded 0',
    );
    expect(londonDate(seen[0]!)).toBe('2030-03-04');
  });

  it('runs as of today without --as-of, and refuses anything else', async () => {
    const { seen, club } = fake();
    expect((await runSubscriptionsCommand(['--run-due'], club)).code).toBe(0);
    expect(londonDate(seen[0]!)).toBe(londonDate(new Date()));
    expect(await runSubscriptionsCommand([], club)).toEqual({ code: 2, message: SUBSCRIPTIONS_USAGE });
    expect((await runSubscriptionsCommand(['--run-due', '--as-of', '2030-02-30'], club)).code).toBe(2);
    expect(seen).toHaveLength(1);
  });
});

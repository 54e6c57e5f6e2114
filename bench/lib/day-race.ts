import type { Services } from '../../src/server/services';
import { overHttp, signIn } from '../../src/test/sign-in';
import { honouringBusy } from './honour-busy';
import type { RunningServer } from './server';

/**
 * The bake-day race of `bench:checkout`: RACE_CUSTOMERS customers check out at the same moment
 * for one delivery day that has room for RACE_ROOM orders. Exactly RACE_ROOM must get the day;
 * every other one must be told it is fully booked.
 */
export const RACE_CUSTOMERS = Number(process.env.BENCH_RACE_CUSTOMERS ?? 50);
export const RACE_ROOM = Number(process.env.BENCH_RACE_ROOM ?? 20);
const COOKIES_PER_ORDER = 2;
const PASSWORD = 'bench-race-2026';
const emailOf = (i: number) => `race-${i}@shop-bench.example`;

export interface RaceResult {
  date: string;
  got: number;
  full: number;
  other: string[];
}

/** Creates the racing customers and gives the first open day room for exactly RACE_ROOM orders. */
export async function seedDayRace(services: Services): Promise<string> {
  for (let i = 0; i < RACE_CUSTOMERS; i++) {
    await services.accounts.signUp({
      fullName: `Race Customer ${String.fromCharCode(65 + (i % 26))}`,
      email: emailOf(i),
      phone: '07123456789',
      address: `${i + 1} Race Lane`,
      // In the van zone the bench opens every day (vanEveryDay), as the other bench customers.
      city: 'Shrewsbury',
      postcode: 'SY1 1AA',
      password: PASSWORD,
    });
  }
  // The last open day of the horizon: the bench's other checkouts name no day, so they fill the
  // first days and leave this one to the race.
  const day = (await services.bakeDays.choices(1)).filter((d) => d.state === 'open').at(-1);
  if (!day) throw new Error('no open delivery day to race for');
  await services.bakeDays.setOverride({
    date: day.date,
    closed: false,
    capacityCookies: RACE_ROOM * COOKIES_PER_ORDER,
  });
  return day.date;
}

export async function runDayRace(server: RunningServer, date: string): Promise<RaceResult> {
  const { products } = (await (await fetch(`${server.url}/api/products`)).json()) as {
    products: { id: string }[];
  };
  // Signed in one after another (password hashing is the slow part, and not what is measured).
  const cookies: string[] = [];
  for (let i = 0; i < RACE_CUSTOMERS; i++) {
    cookies.push(await signIn(overHttp(server.url), server.url, { email: emailOf(i), password: PASSWORD }));
  }
  const answers = await Promise.all(
    cookies.map(async (cookie) => {
      const res = await honouringBusy(() =>
        fetch(`${server.url}/api/checkout/create-checkout-session`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: server.url, cookie },
          body: JSON.stringify({
            items: [{ product_id: products[0]!.id, quantity: COOKIES_PER_ORDER }],
            delivery_date: date,
          }),
        }),
      );
      const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
      return { status: res.status, message: body?.error?.message ?? '' };
    }),
  );
  const got = answers.filter((a) => a.status === 200).length;
  const full = answers.filter((a) => a.status === 400 && a.message === 'That day is fully booked').length;
  const other = answers
    .filter((a) => a.status !== 200 && !(a.status === 400 && a.message === 'That day is fully booked'))
    .map((a) => `${a.status} ${a.message}`);
  return { date, got, full, other };
}

import { z } from 'zod';
import { MAX_LINE_QUANTITY } from '../constants';
import { BoxFillingSchema } from '../schemas/checkout';
import { isIsoDate } from '../time/london-time';

// The Cookie Club's requests, apart from club.ts so pages that show a subscription do not ship zod
// and the box rules (the checkout's page shares those, and its script budget is spent).
// Numbers are JSON numbers, as everywhere in the API: `"6"`, `true` and `[2]` are
// refused, not coerced. A page's form reads its fields with `numberField` (app/server/page-action.server.ts) first.

export const EVERY_WEEKS_MESSAGE = 'Choose every 2 or every 4 weeks';
export const CLUB_QUANTITY_MESSAGE = `Choose how many, a whole number from 1 to ${MAX_LINE_QUANTITY}`;
export const WEEKDAY_MESSAGE = 'Choose a day of the week';

const EveryWeeks = z
  .number({ error: EVERY_WEEKS_MESSAGE })
  .refine((n) => n === 2 || n === 4, EVERY_WEEKS_MESSAGE)
  .transform((n) => n as 2 | 4);
const Quantity = z
  .number({ error: CLUB_QUANTITY_MESSAGE })
  .int(CLUB_QUANTITY_MESSAGE)
  .min(1, CLUB_QUANTITY_MESSAGE)
  .max(MAX_LINE_QUANTITY, CLUB_QUANTITY_MESSAGE);
const Day = z
  .string({ error: 'Please choose a delivery day' })
  .refine(isIsoDate, 'Please choose a delivery day');

/** "Join the Cookie Club": what comes, how often, and the first delivery day. */
export const JoinClubSchema = z.object({
  product_id: z.uuid('Choose a cookie'),
  quantity: Quantity,
  /** For a box the member fills: what goes in each box (checked against the box by the server). */
  box: BoxFillingSchema.optional(),
  every_weeks: EveryWeeks,
  first_date: Day,
});
export type JoinClubInput = z.input<typeof JoinClubSchema>;

/** Changes from the next unbilled delivery: any of frequency, weekday and contents. */
export const ChangeClubSchema = z
  .object({
    every_weeks: EveryWeeks.optional(),
    weekday: z
      .number({ error: WEEKDAY_MESSAGE })
      .int(WEEKDAY_MESSAGE)
      .min(0, WEEKDAY_MESSAGE)
      .max(6, WEEKDAY_MESSAGE)
      .optional(),
    product_id: z.uuid('Choose a cookie').optional(),
    quantity: Quantity.optional(),
    box: BoxFillingSchema.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to change');
export type ChangeClubInput = z.output<typeof ChangeClubSchema>;

/** Pause until a date (deliveries resume on it), or until resumed (`until` null). */
export const PauseClubSchema = z.object({ until: Day.nullable().default(null) });

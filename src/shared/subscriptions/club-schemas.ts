import { z } from 'zod';
import { MAX_LINE_QUANTITY } from '../constants';
import { BoxFillingSchema } from '../schemas/checkout';
import { isIsoDate } from '../time/london-time';

// The Cookie Club's requests, apart from club.ts so pages that show a subscription do not ship zod
// and the box rules (the checkout's page shares those, and its script budget is spent).

const EveryWeeks = z.coerce
  .number()
  .refine((n) => n === 2 || n === 4, 'Choose every 2 or every 4 weeks')
  .transform((n) => n as 2 | 4);
const Quantity = z.coerce
  .number()
  .int('Choose a whole number of cookies')
  .min(1, 'Choose at least 1 cookie')
  .max(MAX_LINE_QUANTITY, `At most ${MAX_LINE_QUANTITY} cookies`);
const Day = z.string().refine(isIsoDate, 'Please choose a delivery day');

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

/** Changes from the next unbilled box: any of frequency, weekday and contents. */
export const ChangeClubSchema = z
  .object({
    every_weeks: EveryWeeks.optional(),
    weekday: z.coerce.number().int().min(0).max(6).optional(),
    product_id: z.uuid('Choose a cookie').optional(),
    quantity: Quantity.optional(),
    box: BoxFillingSchema.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to change');

/** Pause until a date (boxes resume on it), or until resumed (`until` null). */
export const PauseClubSchema = z.object({ until: Day.nullable().default(null) });

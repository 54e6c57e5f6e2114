import { z } from 'zod';
import { wholeNumberField } from '../schemas/whole-number';
import { isIsoDate } from '../time/london-time';
import { DEFAULT_BAKE_TEMPLATE } from './calendar';

export const IsoDateSchema = z.string().refine(isIsoDate, 'Enter a date as YYYY-MM-DD');

const wholeNumber = (label: string, min: number, max: number) =>
  wholeNumberField(
    {
      type: `${label} must be a number`,
      int: `${label} must be a whole number`,
      min: `${label} must be at least ${min}`,
      max: `${label} must be at most ${max}`,
    },
    min,
    max,
  );

const weekdays = (message: string) =>
  z
    .array(wholeNumberField({ type: 'Days are numbered 0 (Sunday) to 6 (Saturday)' }, 0, 6))
    .min(1, message)
    .transform((days) => [...new Set(days)].sort((a, b) => a - b));

/** The weekly template as the owner edits it; without collection days, they are the delivery days. */
export const BakeTemplateSchema = z
  .object({
    deliveryWeekdays: weekdays('Choose at least one delivery day'),
    collectionWeekdays: weekdays('Choose at least one collection day').optional(),
    workingWeekdays: weekdays('Choose at least one day the bakery works').optional(),
    cutoffTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter the cut-off time as HH:MM'),
    cutoffDaysBefore: wholeNumber('Days before', 1, 7),
    horizonDays: wholeNumber('Days ahead', 1, 90),
    capacityCookies: wholeNumber('Capacity', 0, 100_000),
  })
  .transform((t) => ({
    ...t,
    collectionWeekdays: t.collectionWeekdays ?? t.deliveryWeekdays,
    workingWeekdays: t.workingWeekdays ?? DEFAULT_BAKE_TEMPLATE.workingWeekdays,
  }));
export type BakeTemplateInput = z.input<typeof BakeTemplateSchema>;

/** One date override: closed (a note says why), or open with another capacity. */
export const CLOSED_WITH_CAPACITY =
  'A closed date bakes no cookies: choose “Open with capacity”, or leave the cookies empty';

export const BakeOverrideSchema = z
  .object({
    date: IsoDateSchema,
    closed: z.boolean(),
    capacityCookies: z.preprocess(
      (v) => (v === undefined || v === '' ? null : v),
      wholeNumber('Capacity', 0, 100_000).nullable(),
    ),
    note: z
      .string()
      .trim()
      .max(200, 'Keep the note under 200 characters')
      .transform((s) => s || null)
      .nullable()
      .default(null),
  })
  .refine((o) => o.closed || o.capacityCookies !== null, {
    message: 'Give the day a capacity, or close it',
    path: ['capacityCookies'],
  })
  // A number of cookies for a closed date is a contradiction: refused, never silently dropped.
  .refine((o) => !o.closed || o.capacityCookies === null, {
    message: CLOSED_WITH_CAPACITY,
    path: ['capacityCookies'],
  });

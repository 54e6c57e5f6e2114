import { z } from 'zod';

/** A form's blank field, or a missing one, is no value. */
export const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A day as YYYY-MM-DD (a day in Europe/London); blank means no bound. */
export const day = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${label} must be a date` })
      .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
      // A real day of a real month (a Date would roll 30 February over to March).
      .refine((d) => {
        const [y, m, dd] = d.split('-').map(Number) as [number, number, number];
        const at = new Date(Date.UTC(y, m - 1, dd));
        return at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === dd;
      }, `${label} must be a real date`)
      .optional(),
  );

import { z } from 'zod';

/** "20", "20.5", "20.00", "£1,020.00" -> pence; null when it is not an amount of money. */
export function parsePounds(text: string): number | null {
  const m = /^£?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const pounds = Number(m[1]!.replace(/,/g, ''));
  const pence = Number((m[2] ?? '0').padEnd(2, '0'));
  return pounds * 100 + pence;
}

/** Pence as the owner types pounds in a form: 2000 -> "20.00". */
export const poundsInput = (pence: number) => (pence / 100).toFixed(2);

/**
 * An amount the owner types in pounds ("20.00"), kept in pence; the messages name the field and
 * the range in pounds.
 */
export const poundsField = (
  label: string,
  { min = 0, max = 99_999_99 }: { min?: number; max?: number } = {},
) =>
  z
    .string({ error: `${label} must be an amount in pounds, like 20.00` })
    .transform((v, ctx) => {
      const pence = parsePounds(v);
      if (pence === null) {
        ctx.addIssue({ code: 'custom', message: `${label} must be an amount in pounds, like 20.00` });
        return z.NEVER;
      }
      return pence;
    })
    .refine((p) => p >= min, `${label} must be at least £${poundsInput(min)}`)
    .refine((p) => p <= max, `${label} must be at most £${poundsInput(max)}`);

/**
 * An amount in whole pence as the JSON API takes it: a JSON number and nothing else. `true`,
 * `[100]`, `"100"`, `"0x10"` and `"1e3"` are refused rather than coerced.
 */
export const penceField = (
  label: string,
  { min = 1, max = 99_999_99 }: { min?: number; max?: number } = {},
) =>
  z
    .number({ error: `${label} must be a whole number of pence` })
    .int(`${label} must be a whole number of pence`)
    .min(min, `${label} must be at least ${min}p`)
    .max(max, `${label} must be at most ${max}p (£${poundsInput(max)})`);

/**
 * "full" or an amount: a refused amount says what is wrong with it (a bare union would only say
 * "Invalid input").
 */
export const fullOr = <S extends z.ZodType>(amount: S, message: string) =>
  z.union([z.literal('full'), amount], {
    error: (issue) => {
      const inner = issue.code === 'invalid_union' ? issue.errors?.[1]?.[0]?.message : undefined;
      return inner ?? message;
    },
  });

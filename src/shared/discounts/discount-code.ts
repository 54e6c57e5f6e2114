import { z } from 'zod';
import { formatPence } from '../money/money';
import { poundsField } from '../money/pounds';
import { DISCOUNT_KINDS, type DiscountKind } from '../pricing/price-order';
import { wholeNumberField } from '../schemas/whole-number';
import { day } from '../time/day-field';
import { isIsoDate } from '../time/london-time';

export const MAX_CODE_LENGTH = 40;
const CODE_PATTERN = /^[A-Z0-9-]+$/;

/** What a customer is told when a code cannot be used (the wording). */
export const DISCOUNT_REFUSALS = {
  invalid: "That code isn't valid",
  expired: 'That code has expired',
  usedUp: 'That code has been used up',
  alreadyUsed: "You've already used that code",
  minimum: (pennies: number) => `Spend ${formatPence(pennies)} or more to use that code`,
} as const;

/**
 * A code as the customer typed it, trimmed and upper-cased; null when it cannot be a code (too
 * long, or characters other than letters, digits and dashes), which is simply "not valid".
 */
export function normaliseCode(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const code = raw.trim().toUpperCase();
  return code.length > 0 && code.length <= MAX_CODE_LENGTH && CODE_PATTERN.test(code) ? code : null;
}

export const DISCOUNT_KIND_LABELS: Record<DiscountKind, string> = {
  percent: 'Percent off the cookies',
  fixed: 'Amount off the cookies',
  free_delivery: 'Free delivery',
};

/** "10% off", "£3.00 off", "Free delivery". */
export function describeDiscount(kind: DiscountKind, value: number): string {
  if (kind === 'percent') return `${value}% off`;
  if (kind === 'fixed') return `${formatPence(value)} off`;
  return 'Free delivery';
}

const amountOff = poundsField('Amount off', { min: 1 });

/** A whole percent from 1 to 100 as typed, or null. */
function percentOf(typed: unknown): number | null {
  if (typeof typed !== 'string' || !/^\s*\d+\s*$/.test(typed)) return null;
  const n = Number(typed);
  return n >= 1 && n <= 100 ? n : null;
}

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const checkbox = z.preprocess((v) => v === true || v === 'on' || v === 'true', z.boolean());

/**
 * The owner's discount code form (admin Discounts). Amounts are typed in pounds and kept in pence;
 * the same schema checks the form in the browser and on the server.
 */
export const DiscountCodeFormSchema = z
  .object({
    code: z
      .string({ error: 'Code is required' })
      .trim()
      .min(1, 'Code is required')
      .max(MAX_CODE_LENGTH, `Code must be at most ${MAX_CODE_LENGTH} characters`)
      .regex(/^[A-Za-z0-9-]+$/, 'Code can only contain letters, digits and dashes')
      .transform((c) => c.toUpperCase()),
    kind: z.enum(DISCOUNT_KINDS, { error: 'Choose what the code gives' }),
    /** Percent (1-100) for percent codes, pounds for amount codes; ignored for free delivery. */
    percent: z.preprocess(blank, z.string().optional()),
    amount: z.preprocess(blank, z.string().optional()),
    min_subtotal: z.preprocess(blank, poundsField('Minimum spend').optional()),
    starts_on: day('Start date'),
    ends_on: day('End date'),
    max_uses: z.preprocess(
      blank,
      wholeNumberField(
        { type: 'Use limit must be a whole number from 1', max: 'Use limit must be at most 1,000,000' },
        1,
        1_000_000,
      ).optional(),
    ),
    once_per_customer: checkbox,
    is_active: checkbox,
  })
  // Checked even when another field failed, so the owner sees every problem at once; the
  // fields may then be unparsed, hence the type checks.
  .superRefine(
    (f, ctx) => {
      if (typeof f !== 'object' || f === null) return;
      if (f.kind === 'percent' && percentOf(f.percent) === null) {
        ctx.addIssue({
          code: 'custom',
          path: ['percent'],
          message: 'Percent off must be a whole number from 1 to 100',
        });
      }
      if (f.kind === 'fixed') {
        const parsed = amountOff.safeParse(f.amount ?? '');
        if (!parsed.success) {
          const message = f.amount ? parsed.error.issues[0]!.message : 'Amount off is required';
          ctx.addIssue({ code: 'custom', path: ['amount'], message });
        }
      }
      if (isIsoDate(f.starts_on) && isIsoDate(f.ends_on) && f.starts_on > f.ends_on) {
        ctx.addIssue({
          code: 'custom',
          path: ['ends_on'],
          message: 'End date must be on or after the start date',
        });
      }
    },
    { when: () => true },
  )
  .transform((f) => ({
    code: f.code,
    kind: f.kind,
    value: f.kind === 'percent' ? percentOf(f.percent)! : f.kind === 'fixed' ? amountOff.parse(f.amount) : 0,
    minSubtotalPennies: f.min_subtotal ?? 0,
    startsOn: f.starts_on ?? null,
    endsOn: f.ends_on ?? null,
    maxUses: f.max_uses ?? null,
    oncePerCustomer: f.once_per_customer,
    isActive: f.is_active,
  }));

/** Turning a code on or off (Deactivate / Activate). */
export const DiscountActiveSchema = z.object({
  is_active: z.boolean({ error: 'is_active must be true or false' }),
});

export type DiscountCodeForm = z.input<typeof DiscountCodeFormSchema>;
export type DiscountCodeInput = z.output<typeof DiscountCodeFormSchema>;

/** A code as the owner's list shows it. */
export interface DiscountCodeView {
  id: string;
  code: string;
  kind: DiscountKind;
  value: number;
  min_subtotal_pennies: number;
  starts_on: string | null;
  ends_on: string | null;
  max_uses: number | null;
  once_per_customer: boolean;
  is_active: boolean;
  /** Orders holding or having used it (pending, paid and on; cancelled ones gave it back). */
  uses: number;
  /** What it took off paid orders: cookies, or delivery waived. */
  given_pennies: number;
}

import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE as bad, isPlainLines } from './plain-text';

export const REFUND_REASON_MAX = 200;

/**
 * The admin's refund: everything that remains, or a number of pence up to it, with a reason. The
 * request key (made when the form is shown) turns a double click into one refund.
 */
export const RefundRequestSchema = z.object({
  amount: z.union([
    z.literal('full'),
    z.coerce
      .number({ error: 'Amount must be a whole number of pence' })
      .int('Amount must be a whole number of pence')
      .min(1, 'Amount must be at least 1p')
      .max(99_999_999, 'Amount is too large'),
  ]),
  reason: z
    .string({ error: 'Please give a reason' })
    .trim()
    .min(1, 'Please give a reason')
    .max(REFUND_REASON_MAX, `Reason must be less than ${REFUND_REASON_MAX} characters`)
    .refine(isPlainLines, bad('Reason')),
  request_key: z
    .string({ error: 'Missing request key' })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'Missing request key'),
});
export type RefundRequest = z.input<typeof RefundRequestSchema>;

export const toRefundInput = (r: z.output<typeof RefundRequestSchema>) => ({
  amountPennies: r.amount === 'full' ? null : r.amount,
  reason: r.reason,
  requestKey: r.request_key,
});

import { z } from 'zod';
import { fullOr, penceField, poundsField } from '../money/pounds';
import { CONTROL_CHARACTERS_MESSAGE as bad, isPlainLines } from '../schemas/plain-text';
import { MANUAL_PAYMENT_METHODS } from './manual-payment';

export const REFUND_REASON_MAX = 200;

const reason = z
  .string({ error: 'Please give a reason' })
  .trim()
  .min(1, 'Please give a reason')
  .max(REFUND_REASON_MAX, `Reason must be less than ${REFUND_REASON_MAX} characters`)
  .refine(isPlainLines, bad('Reason'));

/** The form's one-time key (made when the form is shown): a double click is one refund or payment. */
const requestKey = z
  .string({ error: 'Missing request key' })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'Missing request key');

/**
 * The admin's refund through the JSON API: everything that remains, or a JSON number of pence up
 * to it, with a reason. Nothing is coerced: `true`, `[100]`, `"0x10"`, `"1e3"` are refused.
 */
export const RefundRequestSchema = z.object({
  amount: fullOr(
    penceField('Amount', { max: 99_999_999 }),
    'Amount must be "full" or a whole number of pence',
  ),
  reason,
  request_key: requestKey,
});
/** The back office's refund form: the part to refund typed in pounds and pence ("4.75", "£4.75"). */
export const RefundFormSchema = z.object({
  amount: fullOr(poundsField('Amount to refund', { min: 1 }), 'Amount to refund must be an amount in pounds'),
  reason,
  request_key: requestKey,
});
export type RefundRequest = z.input<typeof RefundRequestSchema>;

export const toRefundInput = (r: z.output<typeof RefundRequestSchema | typeof RefundFormSchema>) => ({
  amountPennies: r.amount === 'full' ? null : r.amount,
  reason: r.reason,
  requestKey: r.request_key,
});

const method = z.enum(MANUAL_PAYMENT_METHODS, {
  error: 'Choose how it was paid: cash, bank transfer or card in person',
});

/** "Mark as paid" through the JSON API: how, and a JSON number of pence (never coerced). */
export const ManualPaymentSchema = z.object({
  method,
  amount: penceField('Amount', { max: 99_999_999 }),
  request_key: requestKey,
});
/** "Mark as paid" from the back office's form: the amount typed in pounds and pence. */
export const ManualPaymentFormSchema = z.object({
  method,
  amount: poundsField('Amount paid', { min: 1 }),
  request_key: requestKey,
});
export type ManualPaymentRequest = z.input<typeof ManualPaymentSchema>;

export const toManualPaymentInput = (
  p: z.output<typeof ManualPaymentSchema | typeof ManualPaymentFormSchema>,
) => ({ method: p.method, amountPennies: p.amount, requestKey: p.request_key });

import { z } from 'zod';
import { poundsField } from '../money/pounds';
import { FULFILMENTS } from '../orders/fulfilment';
import { CONTROL_CHARACTERS_MESSAGE as bad, isOneLine, isPlainLines } from '../schemas/plain-text';
import { wholeNumberField } from '../schemas/whole-number';
import { isIsoDate } from '../time/london-time';
import { DEPOSIT_KINDS, MAX_QUANTITY, MAX_QUOTE_LINES } from './made-to-order';

const line = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isOneLine, bad(label));
const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isPlainLines, bad(label))
    .default('');
const isoDate = (label: string) =>
  z.string({ error: `Please choose ${label}` }).refine(isIsoDate, `Please choose ${label}`);
const optionalPounds = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(poundsField(label, { max: 1_000_000_00 }).optional());

/** A customer's enquiry (the /made-to-order form and the service share it; pictures apart). */
export const EnquirySchema = z.object({
  occasion: line('Occasion', 80),
  dateWanted: isoDate('the date you want them'),
  fulfilment: z.enum(FULFILMENTS, { error: 'Please choose delivery or collection' }),
  quantity: z
    .unknown()
    .refine(
      (v) => !(v === undefined || (typeof v === 'string' && v.trim() === '')),
      'Please say how many cookies',
    )
    .pipe(
      wholeNumberField(
        {
          type: 'Quantity must be a whole number',
          min: 'Quantity must be at least 1',
          max: `Quantity must be at most ${MAX_QUANTITY}`,
        },
        1,
        MAX_QUANTITY,
      ),
    ),
  wording: text('Wording', 1000),
  designNotes: text('Design notes', 2000),
  budget: optionalPounds('Budget'),
  name: line('Name', 100),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .email('Please enter a valid email address')
    .max(254, 'Email must be at most 254 characters'),
});
export type EnquiryData = z.output<typeof EnquirySchema>;

export const DeclineSchema = z.object({
  message: z
    .string({ error: 'Please write a message to the customer' })
    .trim()
    .min(1, 'Please write a message to the customer')
    .max(2000, 'The message must be at most 2000 characters')
    .refine(isPlainLines, bad('The message')),
});

export const QuoteLineSchema = z.object({
  productId: z.string().uuid().optional(),
  description: line('Each line’s description', 200),
  quantity: wholeNumberField(
    {
      type: 'Each line’s quantity must be a whole number',
      min: 'Each line’s quantity must be at least 1',
      max: `Each line’s quantity must be at most ${MAX_QUANTITY}`,
    },
    1,
    MAX_QUANTITY,
  ),
  unitPrice: poundsField('Each line’s unit price', { max: 1_000_00 }),
});

/** The owner's quote for an enquiry. */
export const QuoteSchema = z.object({
  lines: z.array(QuoteLineSchema).min(1, 'A quote needs at least one line').max(MAX_QUOTE_LINES),
  delivery: poundsField('Delivery', { max: 500_00 }),
  depositKind: z.enum(DEPOSIT_KINDS, { error: 'Please choose the kind of deposit' }),
  depositValue: z.string().trim().default(''),
  balanceDaysBefore: wholeNumberField({ type: 'Days before must be a whole number from 0 to 60' }, 0, 60),
  validUntil: isoDate('the date the quote is valid until'),
  cookies: wholeNumberField(
    { type: 'Cookies of the day’s capacity must be a whole number from 1 to 5000' },
    1,
    MAX_QUANTITY,
  ),
  message: text('Message', 2000),
});
export type QuoteData = z.output<typeof QuoteSchema>;

import { z } from 'zod';
import { ProfileSchema } from './account';
import { GIFT_MESSAGE_MAX } from './gift-limits';
import { CONTROL_CHARACTERS_MESSAGE, isPlainLines } from './plain-text';

export { GIFT_MESSAGE_MAX };
export const GIFT_MESSAGES = {
  giftMessageTooLong: `Gift message must be ${GIFT_MESSAGE_MAX} characters or fewer`,
  recipientPhone: 'Their phone must be a UK number (e.g., 01743 123456 or 07123456789), or leave it empty',
} as const;

/** A UK number written the usual ways: 01743 123456, 07123 456789, (01743) 123-456, +44 1743 123456. */
const UK_PHONE = /^0\d{9,10}$/;

/**
 * A recipient's phone: a landline or a mobile, or none; stored as digits from 0 ("" when
 * none). Only the customer's own phone must be a mobile (sign-up's rule, docs/rules/accounts.md).
 */
const RecipientPhoneSchema = z
  .string({ error: GIFT_MESSAGES.recipientPhone })
  .optional()
  .transform((v) => (v ?? '').replace(/[\s().-]/g, '').replace(/^\+44/, '0'))
  .refine((v) => v === '' || UK_PHONE.test(v), GIFT_MESSAGES.recipientPhone);

/** Who receives a gift: the rules of a customer's own details (docs/rules/accounts.md), but any UK phone or none. */
export const RecipientSchema = ProfileSchema.extend({ phone: RecipientPhoneSchema });
export type RecipientInput = z.input<typeof RecipientSchema>;
export type RecipientField = keyof RecipientInput;

/**
 * Where a checkout's cookies go: to the customer (the profile's address, as before) or to someone
 * else, with an optional message printed on the packing slip. Absent means "to me".
 */
export const DeliverySchema = z.discriminatedUnion(
  'to',
  [
    z.object({ to: z.literal('me') }),
    z.object({
      to: z.literal('someone-else'),
      recipient: RecipientSchema,
      giftMessage: z
        .string()
        .trim()
        .max(GIFT_MESSAGE_MAX, GIFT_MESSAGES.giftMessageTooLong)
        .refine(isPlainLines, CONTROL_CHARACTERS_MESSAGE('Gift message'))
        .optional()
        .transform((v) => v || null),
    }),
  ],
  { error: 'Choose who the cookies are for' },
);

export type DeliveryInput = z.input<typeof DeliverySchema>;
export type Delivery = z.output<typeof DeliverySchema>;

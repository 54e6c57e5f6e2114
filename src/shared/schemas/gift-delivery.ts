import { z } from 'zod';
import { ProfileSchema } from './account';
import { GIFT_MESSAGE_MAX } from './gift-limits';
import { CONTROL_CHARACTERS_MESSAGE, isPlainLines } from './plain-text';

export { GIFT_MESSAGE_MAX };
export const GIFT_MESSAGES = {
  giftMessageTooLong: `Gift message must be ${GIFT_MESSAGE_MAX} characters or fewer`,
} as const;

/** Who receives a gift: the same fields and rules as a customer's own details (docs/rules/accounts.md). */
export const RecipientSchema = ProfileSchema;
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

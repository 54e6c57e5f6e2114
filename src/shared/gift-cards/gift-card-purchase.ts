import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE, isOneLine, isPlainLines } from '../schemas/plain-text';
import { addDays, type IsoDate, isIsoDate, londonDate } from '../time/london-time';
import { GIFT_CARD_AMOUNTS, GIFT_CARD_MAX_PENNIES, GIFT_CARD_MIN_PENNIES } from './gift-card-code';

/** A bought card may be sent up to this many days ahead (a birthday next year, not in ten years). */
export const GIFT_CARD_SEND_WITHIN_DAYS = 365;
export const GIFT_CARD_MESSAGE_MAX = 300;
/**
 * Cards one order may buy (decision 064): a card is issued and e-mailed one by one in the
 * payment's transaction, so a basket of thousands would hold the order's lock and a database
 * connection for seconds. Twenty covers an office's Christmas; more go on another order.
 */
export const MAX_GIFT_CARDS_PER_PURCHASE = 20;

export const GIFT_CARD_PURCHASE_MESSAGES = {
  amount: `Choose an amount, or another amount from £${GIFT_CARD_MIN_PENNIES / 100} to £${GIFT_CARD_MAX_PENNIES / 100} in whole pounds`,
  name: "Enter the recipient's name",
  email: "Enter the recipient's e-mail address",
  message: `The message must be ${GIFT_CARD_MESSAGE_MAX} characters or fewer`,
  sendOn: 'Choose the date to send it: today or a later day',
  sendTooLate: `Choose a date to send it within ${GIFT_CARD_SEND_WITHIN_DAYS} days`,
  mixed:
    'Gift cards are bought on an order of their own: please buy the cookies and the gift card separately.',
  noCode: 'Discount codes cannot be used to buy gift cards.',
  noGiftCard: 'A gift card cannot be paid for with another gift card.',
  tooMany: `At most ${MAX_GIFT_CARDS_PER_PURCHASE} gift cards can be bought on one order: please remove some and buy them on another order.`,
} as const;

/** An amount a card may be bought for: one of the amounts offered, or whole pounds from £5 to £200. */
export const isGiftCardAmount = (pennies: unknown): pennies is number =>
  typeof pennies === 'number' &&
  Number.isInteger(pennies) &&
  (GIFT_CARD_AMOUNTS.includes(pennies as (typeof GIFT_CARD_AMOUNTS)[number]) ||
    (pennies % 100 === 0 && pennies >= GIFT_CARD_MIN_PENNIES && pennies <= GIFT_CARD_MAX_PENNIES));

/** Whether a send date is allowed today (London): not in the past, within the limit. */
export function sendOnRefusal(sendOn: IsoDate, now = new Date()): string | null {
  const today = londonDate(now);
  if (!isIsoDate(sendOn) || sendOn < today) return GIFT_CARD_PURCHASE_MESSAGES.sendOn;
  if (sendOn > addDays(today, GIFT_CARD_SEND_WITHIN_DAYS)) return GIFT_CARD_PURCHASE_MESSAGES.sendTooLate;
  return null;
}

/**
 * A gift card line's details as the browser sends them (decision 047): the amount and who it is
 * for. The server checks them all again (the amount's range, and the date against today).
 */
export const GiftCardLineSchema = z.object({
  amount_pennies: z.number({ error: GIFT_CARD_PURCHASE_MESSAGES.amount }).refine(isGiftCardAmount, {
    error: GIFT_CARD_PURCHASE_MESSAGES.amount,
  }),
  recipient_name: z
    .string({ error: GIFT_CARD_PURCHASE_MESSAGES.name })
    .trim()
    .min(1, GIFT_CARD_PURCHASE_MESSAGES.name)
    .max(100, 'The name must be 100 characters or fewer')
    .refine(isOneLine, CONTROL_CHARACTERS_MESSAGE('The name')),
  recipient_email: z
    .string({ error: GIFT_CARD_PURCHASE_MESSAGES.email })
    .trim()
    .max(254, GIFT_CARD_PURCHASE_MESSAGES.email)
    .pipe(z.email({ error: GIFT_CARD_PURCHASE_MESSAGES.email })),
  message: z
    .string()
    .trim()
    .max(GIFT_CARD_MESSAGE_MAX, GIFT_CARD_PURCHASE_MESSAGES.message)
    .refine(isPlainLines, CONTROL_CHARACTERS_MESSAGE('The message'))
    .default(''),
  send_on: z.string({ error: GIFT_CARD_PURCHASE_MESSAGES.sendOn }).refine(isIsoDate, {
    error: GIFT_CARD_PURCHASE_MESSAGES.sendOn,
  }),
});
export type GiftCardLine = z.output<typeof GiftCardLineSchema>;

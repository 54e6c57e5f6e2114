/**
 * Gift card codes as people read and type them (decision 044): 20 characters from a 30-letter
 * alphabet with no look-alikes (no 0/O, 1/I/L, and no U), about 98 random bits, shown in five
 * groups of four: "7KQM-X3HD-9TPW-R2FB-NC6V". Typed codes are read leniently: any case, spaces
 * or dashes anywhere.
 */

export const GIFT_CARD_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const GIFT_CARD_CODE_LENGTH = 20;
const GROUP = 4;

/** Bits of randomness in a code: log2(30) * 20 ≈ 98 (the issue asks for at least 80). */
export const GIFT_CARD_CODE_BITS = Math.floor(Math.log2(GIFT_CARD_ALPHABET.length) * GIFT_CARD_CODE_LENGTH);

/** The code's characters only, upper-cased; null when it cannot be a gift card code. */
export function normaliseGiftCardCode(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > 100) return null;
  const code = raw.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== GIFT_CARD_CODE_LENGTH) return null;
  for (const ch of code) if (!GIFT_CARD_ALPHABET.includes(ch)) return null;
  return code;
}

/** "7KQMX3HD…" -> "7KQM-X3HD-9TPW-R2FB-NC6V". */
export function groupGiftCardCode(code: string): string {
  const groups: string[] = [];
  for (let i = 0; i < code.length; i += GROUP) groups.push(code.slice(i, i + GROUP));
  return groups.join('-');
}

/** What the shop shows of a card it no longer knows the code of: "•••• NC6V". */
export const maskedGiftCard = (last4: string) => `•••• ${last4}`;

/** A card is good for this many months from the day it is issued. */
export const GIFT_CARD_VALID_MONTHS = 24;

/** The amounts offered, in pence, and the range of "another amount" (whole pounds). */
export const GIFT_CARD_AMOUNTS = [1000, 2000, 3000, 5000] as const;
export const GIFT_CARD_MIN_PENNIES = 500;
export const GIFT_CARD_MAX_PENNIES = 20_000;

/** When a card issued at `issuedAt` expires: the same instant 24 months later. */
export function giftCardExpiry(issuedAt: Date): Date {
  const d = new Date(issuedAt);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + GIFT_CARD_VALID_MONTHS);
  // 29 February + 24 months is 28 February, never 1 March.
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** What a customer is told when a gift card cannot be used. One answer for wrong and unknown codes. */
export const GIFT_CARD_REFUSALS = {
  invalid: "That gift card code isn't valid",
  expired: 'That gift card has expired',
  empty: 'That gift card has no balance left',
  repeated: 'That gift card is already on this order',
  tooMany: 'At most 5 gift cards can be used on one order',
} as const;

export const MAX_GIFT_CARDS_PER_ORDER = 5;

/** Movements of a card's balance: each is a ledger row, and the balance is their sum. */
export const GIFT_CARD_MOVEMENTS = [
  'issued',
  'held',
  'released',
  'spent',
  'refunded',
  'adjusted',
  'expired',
] as const;
export type GiftCardMovement = (typeof GIFT_CARD_MOVEMENTS)[number];

export const GIFT_CARD_MOVEMENT_LABELS: Record<GiftCardMovement, string> = {
  issued: 'Issued',
  held: 'Held by a pending order',
  released: 'Released',
  spent: 'Spent',
  refunded: 'Refunded to the card',
  adjusted: 'Adjusted',
  expired: 'Expired',
};

export const GIFT_CARD_STATUSES = ['active', 'void', 'expired'] as const;
export type GiftCardStatus = (typeof GIFT_CARD_STATUSES)[number];

/**
 * How much each card (in the order given) pays of `totalPennies`: each up to its balance, until
 * the order is covered. `toPayPennies` is what is left for the bank card.
 */
export function applyGiftCards(
  totalPennies: number,
  balances: readonly number[],
): { amounts: number[]; coveredPennies: number; toPayPennies: number } {
  let left = Math.max(totalPennies, 0);
  const amounts = balances.map((b) => {
    const take = Math.min(Math.max(b, 0), left);
    left -= take;
    return take;
  });
  return { amounts, coveredPennies: totalPennies - left, toPayPennies: left };
}

/** A gift card line's details, as the order keeps them until the card is issued. */
export interface GiftCardPurchase {
  recipientName: string;
  recipientEmail: string;
  message: string;
  /** London date 'YYYY-MM-DD' to send it. */
  sendOn: string;
}

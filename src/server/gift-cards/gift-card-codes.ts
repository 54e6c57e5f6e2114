import { createHash, randomBytes } from 'node:crypto';
import { GIFT_CARD_ALPHABET, GIFT_CARD_CODE_LENGTH } from '~/shared/gift-cards/gift-card-code';

/**
 * A new code: each character drawn uniformly from the alphabet (bytes of 240 or more are thrown
 * away, so no letter is likelier than another).
 */
export function newGiftCardCode(): string {
  const n = GIFT_CARD_ALPHABET.length;
  const limit = 256 - (256 % n);
  let code = '';
  while (code.length < GIFT_CARD_CODE_LENGTH) {
    for (const byte of randomBytes(32)) {
      if (byte >= limit) continue;
      code += GIFT_CARD_ALPHABET[byte % n];
      if (code.length === GIFT_CARD_CODE_LENGTH) break;
    }
  }
  return code;
}

/**
 * What the database keeps of a code (normalised first): its SHA-256. A code has ~98 random bits,
 * so the hash cannot be reversed by guessing, and a leaked database hands out no card.
 */
export const hashGiftCardCode = (code: string) => createHash('sha256').update(code).digest('hex');

import { z } from 'zod';
import { parsePounds } from '../money/pounds';
import { isOneLine } from '../schemas/plain-text';
import { SignUpSchema } from '../schemas/sign-up';
import { TRADE_MESSAGES as m } from './trade';

// Apart from trade.ts: the order form imports that, and zod must stay out of storefront pages.

const line = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, message).refine(isOneLine, message);

/** A business's application (or the owner's new account): business, address, contact, VAT number. */
export const TradeApplicationSchema = z.object({
  businessName: line(m.businessName, 120),
  address: line(m.address),
  city: line(m.address, 100),
  postcode: SignUpSchema.shape.postcode,
  contactName: line(m.contact, 100),
  contactPhone: z
    .string({ error: m.contact })
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^0\d{9,10}$/, m.contact)),
  vatNumber: z
    .string()
    .optional()
    .transform((v) => (v ?? '').toUpperCase().replace(/\s+/g, ''))
    .pipe(z.string().regex(/^(GB\d{9})?$/, m.vatNumber))
    .transform((v) => v || null),
});
export type TradeApplication = z.output<typeof TradeApplicationSchema>;

const whole = (message: string, min: number, max: number) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });

/** The owner's terms for an account: days to pay, credit limit in pounds, delivery zone. */
export const TradeTermsSchema = z.object({
  paymentTermsDays: whole(m.terms, 0, 120),
  creditLimit: z.string({ error: m.creditLimit }).transform((v, ctx) => {
    const p = parsePounds(v);
    if (p === null) {
      ctx.addIssue({ code: 'custom', message: m.creditLimit });
      return z.NEVER;
    }
    return p;
  }),
  deliveryZoneId: z
    .string()
    .optional()
    .transform((v) => v || null),
});

/** One product's line on a price list, as the owner's form sends it. */
export const TradePriceSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('fixed'),
    price: z.string({ error: m.fixedPrice }).transform((v, ctx) => {
      const p = parsePounds(v);
      if (p === null) {
        ctx.addIssue({ code: 'custom', message: m.fixedPrice });
        return z.NEVER;
      }
      return p;
    }),
    caseSize: whole(m.caseSize, 1, 500),
    minQuantity: whole(m.minQuantity, 0, 5000),
  }),
  z.object({
    kind: z.literal('percent'),
    percentOff: whole(m.percentOff, 0, 90),
    caseSize: whole(m.caseSize, 1, 500),
    minQuantity: whole(m.minQuantity, 0, 5000),
  }),
]);

import type { TestApp } from './test-app';

/** A café's application as the form sends it. */
export const CAFE = {
  businessName: 'The Corner Café',
  address: '12 Broad Street',
  city: 'Ludlow',
  postcode: 'SY8 1NL',
  contactName: 'Ann Baker',
  contactPhone: '01584 123456',
  vatNumber: 'GB123456789',
};

/** An approved trade account for the customer `userId`, with the prices given (pounds ex VAT). */
export async function approvedCafe(
  t: TestApp,
  userId: string,
  prices: { productId: string; price: string; caseSize?: number; minQuantity?: number }[] = [],
  terms: { paymentTermsDays?: number; creditLimit?: string } = {},
) {
  const account = await t.services.trade.apply(userId, CAFE);
  await t.services.trade.approve(account.id);
  await t.services.trade.setTerms(account.id, {
    paymentTermsDays: String(terms.paymentTermsDays ?? 30),
    creditLimit: terms.creditLimit ?? '1000',
  });
  for (const p of prices)
    await t.services.trade.setPrice(account.id, p.productId, {
      kind: 'fixed',
      price: p.price,
      caseSize: String(p.caseSize ?? 1),
      minQuantity: String(p.minQuantity ?? 0),
    });
  return account;
}

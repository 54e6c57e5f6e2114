import { and, asc, eq, notExists } from 'drizzle-orm';
import { exVat } from '~/shared/trade/trade';
import type { Db } from '../db/client';
import { productBoxes, products, profiles, tradeAccounts, tradePrices } from '../db/schema';

/** The demo's trade customer: a café with a price list (`npm start` shows it in the back office). */
export const DEMO_CAFE = {
  fullName: 'Demo Café',
  email: 'cafe@shropshirecookies.example',
  password: 'cafe-demo-2026',
  phone: '07911123456',
  address: '4 Quality Square',
  city: 'Ludlow',
  postcode: 'SY8 1AR',
};

/**
 * Makes the demo café once: its shop account (through `signUp`, as any customer's), an approved
 * trade account on 30 days with a £2,000 limit, and three loose cookies (no boxes) in cases of 12 at fixed prices.
 */
export async function seedDemoTrade(
  db: Db,
  signUp: (details: typeof DEMO_CAFE) => Promise<unknown>,
): Promise<boolean> {
  const profileOf = async () =>
    (await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, DEMO_CAFE.email)))[0];
  let profile = await profileOf();
  if (!profile) {
    try {
      await signUp(DEMO_CAFE);
    } catch {
      // Another instance starting at the same moment made it first.
    }
    profile = await profileOf();
  }
  if (!profile) return false;
  const [account] = await db
    .insert(tradeAccounts)
    .values({
      profileId: profile.id,
      businessName: 'The Quality Square Café',
      address: DEMO_CAFE.address,
      city: DEMO_CAFE.city,
      postcode: DEMO_CAFE.postcode,
      contactName: 'Demo Café',
      contactPhone: '01584 000000',
      vatNumber: 'GB987654321',
      status: 'approved',
      paymentTermsDays: 30,
      creditLimitPennies: 200000,
      decidedAt: new Date(),
    })
    .onConflictDoNothing({ target: tradeAccounts.profileId })
    .returning();
  if (!account) return false;
  const cookies = await db
    .select()
    .from(products)
    // Loose cookies only: a box of choice on account has no filling for the bake list to count.
    .where(
      and(
        eq(products.kind, 'cookie'),
        eq(products.isActive, true),
        notExists(db.select().from(productBoxes).where(eq(productBoxes.productId, products.id))),
      ),
    )
    .orderBy(asc(products.createdAt), asc(products.name))
    .limit(3);
  if (cookies.length > 0)
    await db.insert(tradePrices).values(
      cookies.map((p) => ({
        accountId: account.id,
        productId: p.id,
        kind: 'fixed' as const,
        fixedPenniesExVat: Math.round(exVat(p.pricePennies, p.vatRate) * 0.6),
        caseSize: 12,
        minQuantity: 12,
      })),
    );
  return true;
}

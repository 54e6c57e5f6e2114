import { and, asc, desc, eq, notExists, sql } from 'drizzle-orm';
import { isUuid } from '~/shared/ids';
import { TRADE_MESSAGES, type TradePriceRule, type TradeStatus, tradeUnitPrice } from '~/shared/trade/trade';
import { TradeApplicationSchema, TradePriceSchema, TradeTermsSchema } from '~/shared/trade/trade-schema';
import { recordActivity } from '../activity/activity-log';
import type { Db, Tx } from '../db/client';
import { productBoxes, products, profiles, tradeAccounts, tradePrices } from '../db/schema';
import { badRequest, notFound, parseOrThrow } from '../errors';

export type TradeAccount = typeof tradeAccounts.$inferSelect;

/** A product as an account's price list shows it to the owner: retail beside the trade price. */
export interface PriceListRow {
  productId: string;
  name: string;
  vatRate: number;
  retailPennies: number;
  rule: TradePriceRule | null;
  /** The unit price ex VAT the account pays, or null when it is not on its list. */
  unitPenniesExVat: number | null;
}

/** What an approved account may order, priced: only the products on its list. */
export interface TradeOffer {
  productId: string;
  name: string;
  vatRate: number;
  unitPenniesExVat: number;
  caseSize: number;
  minQuantity: number;
}

const ruleOf = (r: typeof tradePrices.$inferSelect): TradePriceRule => ({
  productId: r.productId,
  kind: r.kind,
  fixedPenniesExVat: r.fixedPenniesExVat,
  percentOff: r.percentOff,
  caseSize: r.caseSize,
  minQuantity: r.minQuantity,
});

/** The terms the activity log keeps of an account: no business's or person's contact details. */
const termsOf = (a: TradeAccount) => ({
  status: a.status,
  paymentTermsDays: a.paymentTermsDays,
  creditLimitPennies: a.creditLimitPennies,
  deliveryZoneId: a.deliveryZoneId,
});

/**
 * Trade accounts and their price lists (decision 082). The trade prices live in their own table
 * that only this module reads, and only for the account's own customer or the owner: the shop's
 * catalogue, pages and feeds never join it, so they cannot leak.
 */
export function createTradeAccountsService(db: Db) {
  async function lockAccount(tx: Tx, id: string) {
    const [row] = isUuid(id)
      ? await tx.select().from(tradeAccounts).where(eq(tradeAccounts.id, id)).for('update')
      : [];
    if (!row) throw notFound('Trade account not found');
    return row;
  }

  async function decide(id: string, status: Exclude<TradeStatus, 'applied'>) {
    await db.transaction(async (tx) => {
      const before = await lockAccount(tx, id);
      const [after] = await tx
        .update(tradeAccounts)
        .set({ status, decidedAt: new Date() })
        .where(eq(tradeAccounts.id, id))
        .returning();
      await recordActivity(tx, {
        kind: `trade.${status === 'approved' ? 'approve' : 'decline'}`,
        record: ['trade_account', id],
        before: termsOf(before),
        after: termsOf(after!),
      });
    });
  }

  return {
    /** The customer's own trade account, whatever its status, or null. */
    async mine(userId: string): Promise<TradeAccount | null> {
      const [row] = await db.select().from(tradeAccounts).where(eq(tradeAccounts.profileId, userId));
      return row ?? null;
    },

    /** A signed-in customer applies for their business; once per shop account. */
    async apply(userId: string, input: unknown): Promise<TradeAccount> {
      const application = parseOrThrow(TradeApplicationSchema, input);
      const made = await db
        .insert(tradeAccounts)
        .values({ ...application, profileId: userId })
        .onConflictDoNothing({ target: tradeAccounts.profileId })
        .returning();
      if (made.length === 0) throw badRequest(TRADE_MESSAGES.already);
      return made[0]!;
    },

    /** The owner opens an approved account for a customer who has a shop account. */
    async create(email: string, input: unknown): Promise<TradeAccount> {
      const application = parseOrThrow(TradeApplicationSchema, input);
      if (!email.trim()) throw badRequest(TRADE_MESSAGES.email);
      return db.transaction(async (tx) => {
        const [profile] = await tx
          .select({ id: profiles.id })
          .from(profiles)
          .where(
            and(
              eq(sql`lower(${profiles.email})`, email.trim().toLowerCase()),
              sql`${profiles.deletedAt} is null`,
            ),
          );
        if (!profile) throw badRequest(TRADE_MESSAGES.noCustomer);
        const made = await tx
          .insert(tradeAccounts)
          .values({ ...application, profileId: profile.id, status: 'approved', decidedAt: new Date() })
          .onConflictDoNothing({ target: tradeAccounts.profileId })
          .returning();
        if (made.length === 0) throw badRequest(TRADE_MESSAGES.already);
        await recordActivity(tx, {
          kind: 'trade.create',
          record: ['trade_account', made[0]!.id],
          after: termsOf(made[0]!),
        });
        return made[0]!;
      });
    },

    /** Every account for the owner: applications waiting first, then by business name. */
    async list() {
      return db
        .select({ account: tradeAccounts, email: profiles.email })
        .from(tradeAccounts)
        .innerJoin(profiles, eq(profiles.id, tradeAccounts.profileId))
        .orderBy(
          sql`${tradeAccounts.status} = 'applied' desc`,
          asc(tradeAccounts.businessName),
          desc(tradeAccounts.createdAt),
        );
    },

    async get(id: string) {
      const [row] = isUuid(id)
        ? await db
            .select({ account: tradeAccounts, email: profiles.email })
            .from(tradeAccounts)
            .innerJoin(profiles, eq(profiles.id, tradeAccounts.profileId))
            .where(eq(tradeAccounts.id, id))
        : [];
      if (!row) throw notFound('Trade account not found');
      return row;
    },

    approve: (id: string) => decide(id, 'approved'),
    decline: (id: string) => decide(id, 'declined'),

    /** Payment terms, credit limit and delivery zone: the owner's. */
    async setTerms(id: string, input: unknown) {
      const terms = parseOrThrow(TradeTermsSchema, input);
      if (terms.deliveryZoneId && !isUuid(terms.deliveryZoneId))
        throw badRequest('Please choose a delivery zone.');
      await db.transaction(async (tx) => {
        const before = await lockAccount(tx, id);
        const [after] = await tx
          .update(tradeAccounts)
          .set({
            paymentTermsDays: terms.paymentTermsDays,
            creditLimitPennies: terms.creditLimit,
            deliveryZoneId: terms.deliveryZoneId,
          })
          .where(eq(tradeAccounts.id, id))
          .returning();
        await recordActivity(tx, {
          kind: 'trade.terms',
          record: ['trade_account', id],
          before: termsOf(before),
          after: termsOf(after!),
        });
      });
    },

    /** Puts a product on the account's price list, or changes its line there. */
    async setPrice(id: string, productId: string, input: unknown) {
      const price = parseOrThrow(TradePriceSchema, input);
      const values = {
        kind: price.kind,
        fixedPenniesExVat: price.kind === 'fixed' ? price.price : null,
        percentOff: price.kind === 'percent' ? price.percentOff : null,
        caseSize: price.caseSize,
        minQuantity: price.minQuantity,
      };
      await db.transaction(async (tx) => {
        await lockAccount(tx, id);
        const [product] = isUuid(productId)
          ? await tx
              .select({
                id: products.id,
                box: sql<boolean>`${productBoxes.productId} is not null`,
              })
              .from(products)
              .leftJoin(productBoxes, eq(productBoxes.productId, products.id))
              .where(eq(products.id, productId))
          : [];
        if (!product) throw badRequest(TRADE_MESSAGES.unknownProduct);
        // An order on account carries no box filling: the bake list could not count its cookies.
        if (product.box) throw badRequest(TRADE_MESSAGES.box);
        const [before] = await tx
          .select()
          .from(tradePrices)
          .where(and(eq(tradePrices.accountId, id), eq(tradePrices.productId, productId)));
        await tx
          .insert(tradePrices)
          .values({ accountId: id, productId, ...values })
          .onConflictDoUpdate({ target: [tradePrices.accountId, tradePrices.productId], set: values });
        await recordActivity(tx, {
          kind: 'trade.price',
          record: ['trade_account', id],
          before: before ? ruleOf(before) : null,
          after: { productId, ...values },
        });
      });
    },

    /** Takes a product off the account's price list. */
    async removePrice(id: string, productId: string) {
      await db.transaction(async (tx) => {
        await lockAccount(tx, id);
        const gone = isUuid(productId)
          ? await tx
              .delete(tradePrices)
              .where(and(eq(tradePrices.accountId, id), eq(tradePrices.productId, productId)))
              .returning()
          : [];
        if (gone.length === 0) throw notFound('That product is not on this price list');
        await recordActivity(tx, {
          kind: 'trade.price-remove',
          record: ['trade_account', id],
          before: ruleOf(gone[0]!),
        });
      });
    },

    /** The owner's view of an account's price list: every cookie, with its line if it has one. */
    async priceList(id: string): Promise<PriceListRow[]> {
      if (!isUuid(id)) throw notFound('Trade account not found');
      const rows = await db
        .select({ product: products, price: tradePrices })
        .from(products)
        .leftJoin(tradePrices, and(eq(tradePrices.productId, products.id), eq(tradePrices.accountId, id)))
        .where(
          and(
            eq(products.kind, 'cookie'),
            eq(products.isActive, true),
            // Boxes cannot go on a price list (setPrice says why), so they are not offered.
            notExists(db.select().from(productBoxes).where(eq(productBoxes.productId, products.id))),
          ),
        )
        .orderBy(asc(products.name));
      return rows.map(({ product, price }) => ({
        productId: product.id,
        name: product.name,
        vatRate: product.vatRate,
        retailPennies: product.pricePennies,
        rule: price ? ruleOf(price) : null,
        unitPenniesExVat: tradeUnitPrice(product, price ? ruleOf(price) : undefined),
      }));
    },

    /**
     * What the customer's approved account may order, at its prices; null when the customer has
     * no approved account. Only this customer's own list is ever read.
     */
    async offerFor(
      userId: string,
      exec: Db | Tx = db,
    ): Promise<{ account: TradeAccount; offer: TradeOffer[] } | null> {
      const [account] = await exec
        .select()
        .from(tradeAccounts)
        .where(and(eq(tradeAccounts.profileId, userId), eq(tradeAccounts.status, 'approved')));
      if (!account) return null;
      const rows = await exec
        .select({ product: products, price: tradePrices })
        .from(tradePrices)
        .innerJoin(products, eq(products.id, tradePrices.productId))
        .where(
          and(
            eq(tradePrices.accountId, account.id),
            eq(products.isActive, true),
            eq(products.kind, 'cookie'),
          ),
        )
        .orderBy(asc(products.name));
      return {
        account,
        offer: rows.map(({ product, price }) => ({
          productId: product.id,
          name: product.name,
          vatRate: product.vatRate,
          unitPenniesExVat: tradeUnitPrice(product, ruleOf(price))!,
          caseSize: price.caseSize,
          minQuantity: price.minQuantity,
        })),
      };
    },
  };
}

export type TradeAccountsService = ReturnType<typeof createTradeAccountsService>;

import { and, asc, count, desc, eq, gte, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import { allergensWith } from '~/shared/food-information';
import { isUuid } from '~/shared/ids';
import { isFiltered, type ShopQuery } from '~/shared/shop-query';
import { type IsoDate, londonDate } from '~/shared/time/london-time';
import type { CatalogVersion } from '../db/catalog-version';
import type { Db } from '../db/client';
import { productPhotoFiles, products } from '../db/schema';
import { notFound } from '../errors';
import { freeFromSql, shopBoxes } from './box-catalogue';
import { type ProductDto, toProductDto } from './product-dto';
import { parsePhotoFileName } from './product-photos';

export { type ProductDto, type ProductRow, toProductDto } from './product-dto';

/** One page of the shop: the products on it and where it sits among all that match. */
export interface ShopPage {
  products: ProductDto[];
  total: number;
  page: number;
  pageCount: number;
}

/**
 * A box as the shop shows it (decision 042): its size and cookies, and for its card and the
 * free-from filter the allergens of every cookie it may hold.
 */
async function withBoxes(db: Db, list: ProductDto[]): Promise<ProductDto[]> {
  const boxes = await shopBoxes(
    db,
    list.map((p) => p.id),
  );
  if (boxes.size === 0) return list;
  return list.map((p) => {
    const found = boxes.get(p.id);
    if (!found) return p;
    return {
      ...p,
      box: found.box,
      allergen_info: found.mayHoldInfo,
      allergens: allergensWith(found.mayHoldInfo, 'contains'),
    };
  });
}

/** Shown in the shop: active, and not past the end of its sale (decision 043). */
const inShop = (today: IsoDate) =>
  and(eq(products.isActive, true), or(isNull(products.onSaleUntil), gte(products.onSaleUntil, today)));

/** Search text as an ILIKE pattern, its wildcards taken literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const ORDER_BY: Record<ShopQuery['sort'], SQL[]> = {
  newest: [desc(products.createdAt), desc(products.id)],
  'price-asc': [asc(products.pricePennies), asc(sql`lower(${products.name})`), asc(products.id)],
  'price-desc': [desc(products.pricePennies), asc(sql`lower(${products.name})`), asc(products.id)],
  name: [asc(sql`lower(${products.name})`), asc(products.id)],
};

/**
 * The public catalogue: only active products are visible to shoppers. The active list is kept in
 * memory per catalogue version (see db/catalog-version.ts), so browsing costs no query until an admin
 * changes a product. Searches, filters and other sorts are answered by the database (and their
 * pages by the page cache).
 */
export function createCatalogService(db: Db, version: CatalogVersion) {
  let cached: { version: number; today: IsoDate; list: ProductDto[]; byId: Map<string, ProductDto> } | null =
    null;

  async function active() {
    const current = await version.current();
    // A new day may end a product's sale (or start it): the list is the day's as well as the version's.
    const today = londonDate(new Date());
    if (cached?.version === current && cached.today === today) return cached;
    const rows = await db
      .select()
      .from(products)
      .where(and(inShop(today), eq(products.kind, 'cookie')))
      .orderBy(...ORDER_BY.newest);
    const list = await withBoxes(db, rows.map(toProductDto));
    cached = { version: current, today, list, byId: new Map(list.map((p) => [p.id, p])) };
    return cached;
  }

  const pageOf = (total: number, asked: number, size: number) => {
    const pageCount = Math.max(1, Math.ceil(total / size));
    return { page: Math.min(asked, pageCount), pageCount };
  };

  return {
    async listActive(): Promise<ProductDto[]> {
      return (await active()).list;
    },

    /** One active product; unknown, inactive or malformed ids are all "not found". */
    async getActive(id: string): Promise<ProductDto> {
      const product = isUuid(id) ? (await active()).byId.get(id.toLowerCase()) : undefined;
      if (!product) throw notFound('Product not found');
      return product;
    },

    /** A page of active products for /shop; a page past the end shows the last one. */
    async browse(query: ShopQuery, pageSize: number): Promise<ShopPage> {
      if (!isFiltered(query) && query.sort === 'newest') {
        const { list } = await active();
        const { page, pageCount } = pageOf(list.length, query.page, pageSize);
        const slice = list.slice((page - 1) * pageSize, page * pageSize);
        return { products: slice, total: list.length, page, pageCount };
      }
      const where = and(
        inShop(londonDate(new Date())),
        // Gift cards are bought on their own page (decision 047), not browsed with the cookies.
        eq(products.kind, 'cookie'),
        query.q
          ? or(ilike(products.name, contains(query.q)), ilike(products.description, contains(query.q)))
          : undefined,
        query.free.length ? freeFromSql(query.free) : undefined,
      );
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(products).where(where);
      const { page, pageCount } = pageOf(total, query.page, pageSize);
      const rows = await db
        .select()
        .from(products)
        .where(where)
        .orderBy(...ORDER_BY[query.sort])
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      return { products: await withBoxes(db, rows.map(toProductDto)), total, page, pageCount };
    },

    /** The gift card product (decision 047) while it is on sale, or null. */
    async giftCardProduct(): Promise<{ id: string; name: string; description: string | null } | null> {
      const [row] = await db
        .select({ id: products.id, name: products.name, description: products.description })
        .from(products)
        .where(and(eq(products.kind, 'gift_card'), eq(products.isActive, true), eq(products.soldOut, false)))
        .orderBy(products.createdAt)
        .limit(1);
      return row ?? null;
    },

    /** A photo variant by its public file name ("<hash>-400.avif"), or null. */
    async photoFile(file: string): Promise<{ contentType: string; bytes: Uint8Array } | null> {
      const name = parsePhotoFileName(file);
      if (!name) return null;
      const [row] = await db
        .select({ contentType: productPhotoFiles.contentType, bytes: productPhotoFiles.bytes })
        .from(productPhotoFiles)
        .where(and(eq(productPhotoFiles.hash, name.hash), eq(productPhotoFiles.variant, name.variant)));
      return row ?? null;
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;

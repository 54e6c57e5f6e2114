import { desc, eq, inArray } from 'drizzle-orm';
import { isUuid } from '~/shared/ids';
import type { Db } from '../db/client';
import { products } from '../db/schema';
import { notFound } from '../errors';
import type { CatalogVersion } from './catalog-version';

export type ProductRow = typeof products.$inferSelect;

/** A product as the screens and the JSON API see it (SPEC §3 field names). */
export interface ProductDto {
  id: string;
  name: string;
  description: string | null;
  price_pennies: number;
  allergens: string[];
  nutrition: Record<string, string>;
  is_active: boolean;
  created_at: string;
}

export const toProductDto = (p: ProductRow): ProductDto => ({
  id: p.id,
  name: p.name,
  description: p.description,
  price_pennies: p.pricePennies,
  allergens: p.allergens,
  nutrition: p.nutrition,
  is_active: p.isActive,
  created_at: p.createdAt.toISOString(),
});

/** What a packing slip says of a product's food information, by product id. */
export interface FoodInfo {
  allergens: string[];
}

/**
 * The public catalogue: only active products are visible to shoppers. The active list is kept in
 * memory per catalogue version (see catalog-version.ts), so browsing costs no query until an admin
 * changes a product.
 */
export function createCatalogService(db: Db, version: CatalogVersion) {
  let cached: { version: number; list: ProductDto[]; byId: Map<string, ProductDto> } | null = null;

  async function active() {
    const current = await version.current();
    if (cached?.version === current) return cached;
    const rows = await db
      .select()
      .from(products)
      .where(eq(products.isActive, true))
      .orderBy(desc(products.createdAt), desc(products.id));
    const list = rows.map(toProductDto);
    cached = { version: current, list, byId: new Map(list.map((p) => [p.id, p])) };
    return cached;
  }

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

    /** Food information of these products, active or not (packing slips print it). */
    async foodInfoOf(ids: (string | null)[]): Promise<Map<string, FoodInfo>> {
      const wanted = [...new Set(ids.filter(isUuid))];
      if (wanted.length === 0) return new Map();
      const rows = await db
        .select({ id: products.id, allergens: products.allergens })
        .from(products)
        .where(inArray(products.id, wanted));
      return new Map(rows.map((r) => [r.id, { allergens: r.allergens }]));
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;

import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { products } from '../db/schema';
import { notFound } from '../errors';

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (id: string) => UUID.test(id);

/** The public catalogue: only active products are visible to shoppers. */
export function createCatalogService(db: Db) {
  return {
    async listActive(): Promise<ProductDto[]> {
      const rows = await db
        .select()
        .from(products)
        .where(eq(products.isActive, true))
        .orderBy(desc(products.createdAt), desc(products.id));
      return rows.map(toProductDto);
    },

    /** One active product; unknown, inactive or malformed ids are all "not found". */
    async getActive(id: string): Promise<ProductDto> {
      if (!isUuid(id)) throw notFound('Product not found');
      const [row] = await db
        .select()
        .from(products)
        .where(and(eq(products.id, id), eq(products.isActive, true)))
        .limit(1);
      if (!row) throw notFound('Product not found');
      return toProductDto(row);
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;

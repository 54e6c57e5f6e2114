import { desc, eq } from 'drizzle-orm';
import { isUuid } from '~/shared/ids';
import { ProductInputSchema, type ProductPatch, ProductPatchSchema } from '~/shared/schemas/product';
import { type ProductDto, toProductDto } from '../catalog/catalog-service';
import type { CatalogVersion } from '../catalog/catalog-version';
import type { Db, Tx } from '../db/client';
import { newestFirst } from '../db/paging';
import { products } from '../db/schema';
import { notFound, parseOrThrow } from '../errors';

/**
 * The back office's products: all of them (active or not), created, edited and deleted. Every
 * write bumps the catalogue version in its transaction and invalidates this instance's cache
 * after commit, so the storefront shows the change at once (other instances poll the counter).
 */
export function createAdminProductsService(db: Db, catalogVersion: CatalogVersion) {
  async function write<T>(change: (tx: Tx) => Promise<T>): Promise<T> {
    const result = await db.transaction(async (tx) => {
      const out = await change(tx);
      await catalogVersion.recordChange(tx);
      return out;
    });
    catalogVersion.invalidate();
    return result;
  }

  return {
    /** All products, newest first. A bakery's range is small, so this list is not paged. */
    async list(): Promise<ProductDto[]> {
      const rows = await db
        .select()
        .from(products)
        .orderBy(newestFirst(products.createdAt), desc(products.id));
      return rows.map(toProductDto);
    },

    async create(input: unknown): Promise<ProductDto> {
      const data = parseOrThrow(ProductInputSchema, input);
      return write(async (tx) => {
        const [row] = await tx
          .insert(products)
          .values({
            name: data.name,
            description: data.description,
            pricePennies: data.price_pennies,
            allergens: data.allergens,
            nutrition: data.nutrition ?? {},
            isActive: data.is_active,
          })
          .returning();
        return toProductDto(row!);
      });
    },

    /** Changes only the fields given; nutrition left out keeps the product's own. */
    async update(id: string, input: unknown): Promise<ProductDto> {
      if (!isUuid(id)) throw notFound('Product not found');
      const patch: ProductPatch = parseOrThrow(ProductPatchSchema, input);
      return write(async (tx) => {
        const [row] = await tx
          .update(products)
          .set({
            name: patch.name,
            description: patch.description,
            pricePennies: patch.price_pennies,
            allergens: patch.allergens,
            nutrition: patch.nutrition,
            isActive: patch.is_active,
          })
          .where(eq(products.id, id))
          .returning();
        if (!row) throw notFound('Product not found');
        return toProductDto(row);
      });
    },

    /** Past orders keep their lines: order_items.product_id becomes null, name and price stay. */
    async remove(id: string): Promise<{ id: string }> {
      if (!isUuid(id)) throw notFound('Product not found');
      return write(async (tx) => {
        const [row] = await tx.delete(products).where(eq(products.id, id)).returning({ id: products.id });
        if (!row) throw notFound('Product not found');
        return row;
      });
    },
  };
}

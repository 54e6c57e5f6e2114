import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import { type AllergenInfo, allergensWith, UNASSESSED_MESSAGE } from '~/shared/food-information';
import { isUuid } from '~/shared/ids';
import { disagreementMessage } from '~/shared/recipes/recipe';
import {
  activeNeedsAllergens,
  type ProductData,
  ProductInputSchema,
  type ProductPatch,
  ProductPatchSchema,
} from '~/shared/schemas/product';
import { fieldsBefore, recordActivity } from '../activity/activity-log';
import type { CatalogVersion } from '../db/catalog-version';
import type { Db, Tx } from '../db/client';
import { newestFirst } from '../db/paging';
import { productBoxes, productPhotoFiles, products } from '../db/schema';
import { badRequest, notFound, parseOrThrow } from '../errors';
import { shopBoxes } from './box-catalogue';
import { type BoxRulesDto, saveBoxRules, toBoxRulesDto } from './box-writes';
import { type ProductDto, toProductDto } from './catalog-service';
import { type ProcessedPhoto, processPhoto, readPhotoCrop, recropPhoto } from './product-photos';

/**
 * What to do with a product's photo alongside an edit. `crop` is the owner's square as sent
 * (JSON text or an object; none is the centre), checked here.
 */
export type PhotoChange = { upload: Uint8Array; crop?: unknown } | { recrop: unknown } | 'remove' | undefined;

const NO_PHOTO_TO_CROP = 'This product has no photo to crop. Please choose one.';

const columnsOf = (p: Partial<ProductData> | ProductPatch) => ({
  name: p.name,
  description: p.description,
  pricePennies: p.price_pennies,
  ingredients: p.ingredients,
  allergenInfo: p.allergen_info,
  nutrition: p.nutrition,
  netWeightGrams: p.net_weight_grams,
  shelfLifeDays: p.shelf_life_days,
  storageAdvice: p.storage_advice,
  chocolateCovered: p.chocolate_covered,
  vatRate: p.vat_rate,
  isActive: p.is_active,
  soldOut: p.sold_out,
  onSaleFrom: p.on_sale_from,
  onSaleUntil: p.on_sale_until,
  deliverFrom: p.deliver_from,
  deliverUntil: p.deliver_until,
  leadDays: p.lead_days,
  dailyLimit: p.daily_limit,
});

/** A product as the back office sees it: also what kind it is and, for a box, the owner's rules. */
export interface AdminProductDto extends ProductDto {
  kind: 'cookie' | 'gift_card';
  box_rules: BoxRulesDto | null;
}

const toAdminDto = (
  row: typeof products.$inferSelect,
  box: typeof productBoxes.$inferSelect | null,
): AdminProductDto => ({ ...toProductDto(row), kind: row.kind, box_rules: toBoxRulesDto(box) });

/**
 * The box rules as given (or, when `rules` is undefined, as kept), saved in `tx`; a box's
 * allergens are those of every cookie it may hold, so the owner never types them (decision 042).
 */
async function withBoxRules(
  tx: Tx,
  row: typeof products.$inferSelect,
  rules: ProductData['box_rules'] | undefined,
) {
  if (rules !== undefined) {
    const info = await saveBoxRules(tx, row, rules);
    if (info)
      [row = row] = await tx
        .update(products)
        .set({ allergenInfo: info })
        .where(eq(products.id, row.id))
        .returning();
  }
  const [box] = await tx.select().from(productBoxes).where(eq(productBoxes.productId, row.id));
  return toAdminDto(row, box ?? null);
}

const refuseUnassessed = () => badRequest(UNASSESSED_MESSAGE, { allergen_info: UNASSESSED_MESSAGE });

/**
 * The back office's products: all of them (active or not), created, edited and deleted. Every
 * write bumps the catalogue version in its transaction and invalidates this instance's cache
 * after commit, so the storefront shows the change at once (other instances poll the counter).
 * A photo is checked and resized before the transaction starts, so a bad file changes nothing.
 */
/**
 * A product's food information from its recipe (the recipes module's, handed in by services.ts):
 * null without a recipe, else its ingredients list and where `ticked` disagrees with it.
 */
export type RecipeFoodCheck = (
  tx: Tx,
  productId: string,
  ticked: AllergenInfo,
) => Promise<{ ingredients: string; disagreements: string[] } | null>;

const noRecipes: RecipeFoodCheck = async () => null;

export function createProductWrites(
  db: Db,
  catalogVersion: CatalogVersion,
  recipeFood: RecipeFoodCheck = noRecipes,
) {
  const write = <T>(change: (tx: Tx) => Promise<T>) => catalogVersion.changing(change);

  async function storePhoto(tx: Tx, photo: ProcessedPhoto) {
    await tx
      .insert(productPhotoFiles)
      .values(photo.files.map((f) => ({ hash: photo.hash, ...f })))
      .onConflictDoNothing();
  }

  /** Drops photo files no product shows any more (after a replace, remove or delete). */
  async function dropUnusedPhotos(tx: Tx) {
    const used = tx
      .select({ hash: products.photoHash })
      .from(products)
      .where(sql`${products.photoHash} is not null`);
    await tx.delete(productPhotoFiles).where(notInArray(productPhotoFiles.hash, used));
  }

  /**
   * Points a product at its photo (or at none), in the activity log too, and lets go of the photos
   * no product shows any more; a product that is not there is "not found".
   */
  async function setPhoto(tx: Tx, id: string, hash: string | null): Promise<ProductDto> {
    const [row] = await tx.update(products).set({ photoHash: hash }).where(eq(products.id, id)).returning();
    if (!row) throw notFound('Product not found');
    await recordActivity(tx, { kind: 'product.photo', record: ['product', id], after: { photo_hash: hash } });
    await dropUnusedPhotos(tx);
    return toProductDto(row);
  }

  /** The product shows `photo` from now on (a new upload or a new crop); the old files go if unused. */
  function replacePhoto(id: string, photo: ProcessedPhoto): Promise<ProductDto> {
    return write(async (tx) => {
      await storePhoto(tx, photo);
      return setPhoto(tx, id, photo.hash);
    });
  }

  /** The kept master of a product's photo (bytes, webp), or null when it has none. */
  async function masterOf(id: string): Promise<Uint8Array | null> {
    if (!isUuid(id)) return null;
    const [row] = await db
      .select({ bytes: productPhotoFiles.bytes })
      .from(products)
      .innerJoin(
        productPhotoFiles,
        and(eq(productPhotoFiles.hash, products.photoHash), eq(productPhotoFiles.variant, 'master.webp')),
      )
      .where(eq(products.id, id));
    return row ? new Uint8Array(row.bytes) : null;
  }

  /** Placing the square again cuts the product's kept master; nothing is decoded from the browser. */
  async function recrop(id: string, rawCrop: unknown): Promise<ProcessedPhoto> {
    const crop = readPhotoCrop(rawCrop);
    const master = await masterOf(id);
    if (!master) throw badRequest(NO_PHOTO_TO_CROP, { photo: NO_PHOTO_TO_CROP });
    return recropPhoto(master, crop);
  }

  const prepare = async (change: PhotoChange, id?: string) => {
    if (!change || change === 'remove') return change;
    if ('recrop' in change) return recrop(id ?? '', change.recrop);
    return processPhoto(change.upload, readPhotoCrop(change.crop));
  };

  return {
    /** All products, newest first. A bakery's range is small, so this list is not paged. */
    async list(): Promise<AdminProductDto[]> {
      const rows = await db
        .select()
        .from(products)
        .leftJoin(productBoxes, eq(productBoxes.productId, products.id))
        .orderBy(newestFirst(products.createdAt), desc(products.id));
      const list = rows.map((r) => toAdminDto(r.products, r.product_boxes));
      // A box's allergens as the shop shows them, from its cookies now: the ones kept at its save
      // go stale when one of its cookies changes.
      const boxes = await shopBoxes(
        db,
        list.filter((p) => p.box_rules).map((p) => p.id),
      );
      return list.map((p) => {
        const fresh = boxes.get(p.id)?.mayHoldInfo;
        return fresh ? { ...p, allergen_info: fresh, allergens: allergensWith(fresh, 'contains') } : p;
      });
    },

    async create(input: unknown, photoChange?: PhotoChange): Promise<AdminProductDto> {
      const data = parseOrThrow(ProductInputSchema, input);
      const photo = await prepare(photoChange);
      return write(async (tx) => {
        if (photo && photo !== 'remove') await storePhoto(tx, photo);
        const [row] = await tx
          .insert(products)
          .values({
            ...columnsOf(data),
            nutrition: data.nutrition ?? {},
            photoHash: photo && photo !== 'remove' ? photo.hash : null,
          } as typeof products.$inferInsert)
          .returning();
        await recordActivity(tx, {
          kind: 'product.create',
          record: ['product', row!.id],
          after: columnsOf(data),
        });
        return withBoxRules(tx, row!, data.box_rules ?? undefined);
      });
    },

    /** Changes only the fields given; nutrition left out keeps the product's own. */
    async update(id: string, input: unknown, photoChange?: PhotoChange): Promise<AdminProductDto> {
      if (!isUuid(id)) throw notFound('Product not found');
      const patch: ProductPatch = parseOrThrow(ProductPatchSchema, input);
      const photo = await prepare(photoChange, id);
      return write(async (tx) => {
        // Locked, so a concurrent edit cannot slip an unassessed product onto the shelf.
        const [current] = await tx.select().from(products).where(eq(products.id, id)).for('update');
        if (!current) throw notFound('Product not found');
        const [box] =
          patch.box_rules === undefined
            ? await tx.select().from(productBoxes).where(eq(productBoxes.productId, id))
            : [patch.box_rules];
        const merged = {
          is_active: patch.is_active ?? current.isActive,
          allergen_info: patch.allergen_info ?? current.allergenInfo,
          box_rules: box,
        };
        if (!activeNeedsAllergens(merged)) throw refuseUnassessed();
        // With a recipe, the ingredients list is the recipe's, and on sale the allergens must agree.
        const food = await recipeFood(tx, id, merged.allergen_info);
        if (food && merged.is_active && food.disagreements.length > 0)
          throw badRequest(disagreementMessage(patch.name ?? current.name, food.disagreements), {
            allergen_info: food.disagreements.join(' '),
          });
        if (food) patch.ingredients = food.ingredients;
        const photoHash = photo === undefined ? undefined : photo === 'remove' ? null : photo.hash;
        if (photo && photo !== 'remove') await storePhoto(tx, photo);
        const [row] = await tx
          .update(products)
          // updatedAt too: an edit of the box rules alone sets no column of the product's own.
          .set({ ...columnsOf(patch), photoHash, updatedAt: new Date() })
          .where(eq(products.id, id))
          .returning();
        if (photo !== undefined) await dropUnusedPhotos(tx);
        await recordActivity(tx, {
          kind: 'product.update',
          record: ['product', id],
          before: fieldsBefore(current, columnsOf(patch)),
          after: columnsOf(patch),
        });
        return withBoxRules(tx, row!, patch.box_rules);
      });
    },

    /** Replaces the product's photo, cut as `crop` says (a bad file or crop is a 400 and nothing changes). */
    async setPhoto(id: string, upload: Uint8Array, crop?: unknown): Promise<ProductDto> {
      if (!isUuid(id)) throw notFound('Product not found');
      const photo = await processPhoto(upload, readPhotoCrop(crop));
      return replacePhoto(id, photo);
    },

    /** The product's photo cut again as `crop` says, from the master kept when it was uploaded. */
    async setPhotoCrop(id: string, crop: unknown): Promise<ProductDto> {
      if (!isUuid(id)) throw notFound('Product not found');
      const photo = await recrop(id, crop);
      return replacePhoto(id, photo);
    },

    /** The uncropped master of the product's photo, for the owner to place the square on. */
    async photoMaster(id: string): Promise<Uint8Array> {
      const master = await masterOf(id);
      if (!master) throw notFound('This product has no photo');
      return master;
    },

    /** The product goes back to its drawn picture. */
    async removePhoto(id: string): Promise<ProductDto> {
      if (!isUuid(id)) throw notFound('Product not found');
      return write(async (tx) => {
        return setPhoto(tx, id, null);
      });
    },

    /** Past orders keep their lines: order_items.product_id becomes null, name and price stay. */
    async remove(id: string): Promise<{ id: string }> {
      if (!isUuid(id)) throw notFound('Product not found');
      return write(async (tx) => {
        const [row] = await tx.delete(products).where(eq(products.id, id)).returning({ id: products.id });
        if (!row) throw notFound('Product not found');
        await recordActivity(tx, { kind: 'product.remove', record: ['product', id] });
        await dropUnusedPhotos(tx);
        return row;
      });
    },
  };
}

import { productBoxes } from '~/server/db/schema';
import type { Services } from '~/server/services';
import type { BoxFilling } from '~/shared/boxes/box';
import { createProduct } from './factories';

/** A box product (decision 042): `size` cookies, from `allowed` (null: any active cookie) or `fixed`. */
export async function createBox(
  services: Services,
  box: { size: number; allowed?: string[] | null; fixed?: BoxFilling | null },
  product: Parameters<typeof createProduct>[1] = {},
) {
  const row = await createProduct(services, { name: `Box of ${box.size}`, pricePennies: 2400, ...product });
  await services.db.insert(productBoxes).values({
    productId: row.id,
    size: box.size,
    allowedProductIds: box.allowed ?? null,
    fixedFilling: box.fixed ?? null,
  });
  await services.catalogVersion.recordChange(services.db);
  services.catalogVersion.invalidate();
  return row;
}

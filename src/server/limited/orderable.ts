import type { BakeDaysService } from '../bake-days/bake-days-service';
import type { Db } from '../db/client';
import { limitedDays } from './limited-days';
import { limitedLineOf, type ProductOnPage } from './product-days';

/**
 * Whether a product can be ordered for delivery on any coming day: what "in stock"
 * means to the shop's structured data and feeds. Sold out, not on sale yet, or every day it could
 * be had on full, closed or past its window: not. The days are the bake calendar's delivery days,
 * as on the product page (a postcode's zone may deliver on fewer; collection is not counted, as
 * search engines list delivered products).
 */
export async function orderableSoon(
  db: Db,
  bakeDays: BakeDaysService,
  product: ProductOnPage,
): Promise<boolean> {
  if (product.sold_out || product.sale_note) return false;
  const cookies = product.box?.size ?? 1;
  const offered = await limitedDays(db, bakeDays, [limitedLineOf(product)], cookies, 'delivery');
  return offered?.days.some((d) => d.state === 'open') ?? false;
}

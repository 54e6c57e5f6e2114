/** What a journey (or a bench) reads of `/api/products` to choose a cookie. */
export interface ListedProduct {
  id: string;
  name: string;
  box: unknown;
  daily_limit: number | null;
  deliver_from: string | null;
  on_sale_from: string | null;
  lead_days: number;
  sold_out: boolean;
}

/**
 * The cookies any basket can hold at once: not a box to fill, nor limited, seasonal or sold out.
 * Journeys share one shop, so the newest product may be another journey's box or Christmas
 * special; benches order from the demo catalogue, which holds both.
 */
export const plainCookies = <P extends ListedProduct>(products: P[]): P[] =>
  products.filter(
    (p) =>
      !p.box && p.daily_limit === null && !p.deliver_from && !p.on_sale_from && !p.lead_days && !p.sold_out,
  );

/** The newest plain cookie (the list is newest first). */
export function plainCookie<P extends ListedProduct>(products: P[]): P {
  const found = plainCookies(products)[0];
  if (!found) throw new Error('no plain cookie in the shop');
  return found;
}

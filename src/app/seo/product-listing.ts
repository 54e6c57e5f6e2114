import { productImageFor } from '~/app/images/product-image';
import { absolute, type SiteInfo } from './meta';

/** What a product page, its structured data and both shopping feeds say of a product. */
export interface ListedProduct {
  id: string;
  name: string;
  description: string | null;
  price_pennies: number;
  photo: string | null;
}

/**
 * A product as search engines and shopping catalogues are told of it. The product
 * page's JSON-LD, the Google Merchant feed and the Meta catalogue are all built from this one
 * value, so a price or availability can never differ between them (woocommerce #30799 is a
 * markup price that differed from the page's).
 */
export interface ProductListing {
  id: string;
  title: string;
  description: string;
  /** The product page, absolute. */
  url: string;
  /** Its picture, absolute. */
  image: string;
  /** "4.50": pounds with VAT, as the page shows "£4.50". */
  price: string;
  currency: 'GBP';
  inStock: boolean;
  brand: string;
}

/** The description a product without one is given, here and in the page's description tag. */
export const fallbackDescription = (name: string) =>
  `${name}, handmade in Shropshire and baked fresh to order.`;

export function productListing(product: ListedProduct, site: SiteInfo, inStock: boolean): ProductListing {
  return {
    id: product.id,
    title: product.name,
    description: product.description?.trim() || fallbackDescription(product.name),
    url: absolute(site.publicUrl, `/product/${product.id}`),
    image: absolute(site.publicUrl, productImageFor(product.name, product.photo).src),
    price: (product.price_pennies / 100).toFixed(2),
    currency: 'GBP',
    inStock,
    brand: site.name,
  };
}

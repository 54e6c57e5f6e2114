/**
 * Responsive product illustrations (rendered from the SVGs in ~/app/assets/products/src by
 * `node --import tsx scripts/build-images.ts`). Imported through Vite so URLs are content-hashed.
 */
import cinnamonAvif400 from '~/app/assets/products/cinnamon-orange-glaze-400.avif';
import cinnamonWebp400 from '~/app/assets/products/cinnamon-orange-glaze-400.webp';
import cinnamonAvif800 from '~/app/assets/products/cinnamon-orange-glaze-800.avif';
import cinnamonWebp800 from '~/app/assets/products/cinnamon-orange-glaze-800.webp';
import darkAvif400 from '~/app/assets/products/dark-chocolate-sea-salt-400.avif';
import darkWebp400 from '~/app/assets/products/dark-chocolate-sea-salt-400.webp';
import darkAvif800 from '~/app/assets/products/dark-chocolate-sea-salt-800.avif';
import darkWebp800 from '~/app/assets/products/dark-chocolate-sea-salt-800.webp';
import defaultAvif400 from '~/app/assets/products/default-cookie-400.avif';
import defaultWebp400 from '~/app/assets/products/default-cookie-400.webp';
import defaultAvif800 from '~/app/assets/products/default-cookie-800.avif';
import defaultWebp800 from '~/app/assets/products/default-cookie-800.webp';
import heroAvif960 from '~/app/assets/products/hero-960.avif';
import heroWebp960 from '~/app/assets/products/hero-960.webp';
import heroAvif1600 from '~/app/assets/products/hero-1600.avif';
import heroWebp1600 from '~/app/assets/products/hero-1600.webp';
import pecanAvif400 from '~/app/assets/products/pecan-maple-syrup-400.avif';
import pecanWebp400 from '~/app/assets/products/pecan-maple-syrup-400.webp';
import pecanAvif800 from '~/app/assets/products/pecan-maple-syrup-800.avif';
import pecanWebp800 from '~/app/assets/products/pecan-maple-syrup-800.webp';

import { productPhotoUrl } from '~/shared/product-photo-urls';

export type ResponsiveImage = {
  /** WebP fallback URL (largest size). */
  src: string;
  /** WebP `srcset` with width descriptors. */
  srcSet: string;
  /** AVIF `srcset` with width descriptors, for a `<source type="image/avif">`. */
  avifSrcSet: string;
  width: number;
  height: number;
};

export type ProductImage = ResponsiveImage & { width: 800; height: 800 };

function square(webp400: string, webp800: string, avif400: string, avif800: string): ProductImage {
  return {
    src: webp800,
    srcSet: `${webp400} 400w, ${webp800} 800w`,
    avifSrcSet: `${avif400} 400w, ${avif800} 800w`,
    width: 800,
    height: 800,
  };
}

const DEFAULT_IMAGE = square(defaultWebp400, defaultWebp800, defaultAvif400, defaultAvif800);

const BY_NAME = new Map<string, ProductImage>([
  ['Dark Chocolate & Sea Salt', square(darkWebp400, darkWebp800, darkAvif400, darkAvif800)],
  ['Cinnamon & Orange Glaze', square(cinnamonWebp400, cinnamonWebp800, cinnamonAvif400, cinnamonAvif800)],
  ['Pecan & Maple Syrup', square(pecanWebp400, pecanWebp800, pecanAvif400, pecanAvif800)],
]);

/** An uploaded photo's variants, served under its content hash. */
function uploaded(hash: string): ProductImage {
  return {
    src: productPhotoUrl(hash, 800, 'webp'),
    srcSet: `${productPhotoUrl(hash, 400, 'webp')} 400w, ${productPhotoUrl(hash, 800, 'webp')} 800w`,
    avifSrcSet: `${productPhotoUrl(hash, 400, 'avif')} 400w, ${productPhotoUrl(hash, 800, 'avif')} 800w`,
    width: 800,
    height: 800,
  };
}

/**
 * A product's picture: its uploaded photo, else the illustration drawn for its exact name, else
 * the classic golden cookie.
 */
export function productImageFor(name: string, photo?: string | null): ProductImage {
  if (photo) return uploaded(photo);
  return BY_NAME.get(name) ?? DEFAULT_IMAGE;
}

/** The photo hash inside a saved cart line's photo_url, if it points at an uploaded photo. */
export const photoHashIn = (url: string) => /^\/api\/photos\/([0-9a-f]{24})-/.exec(url)?.[1] ?? null;

/** Wide (16:9) bakery scene for the home-page hero; looks best under a dark overlay. */
export const heroImage: ResponsiveImage = {
  src: heroWebp1600,
  srcSet: `${heroWebp960} 960w, ${heroWebp1600} 1600w`,
  avifSrcSet: `${heroAvif960} 960w, ${heroAvif1600} 1600w`,
  width: 1600,
  height: 900,
};

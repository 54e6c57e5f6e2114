/**
 * Responsive product illustrations (rendered from the SVGs in ~/app/assets/products/src by
 * `node --import tsx scripts/build-images.ts`). Imported through Vite so URLs are content-hashed.
 */
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

/** Every rendered illustration, by file name (Vite gives each a content-hashed URL). */
const FILES = import.meta.glob<string>('../assets/products/*-{400,800}.{avif,webp}', {
  eager: true,
  query: '?url',
  import: 'default',
});
const file = (name: string) => {
  const url = FILES[`../assets/products/${name}`];
  if (!url) throw new Error(`missing illustration ${name}`);
  return url;
};
const drawn = (slug: string) =>
  square(
    file(`${slug}-400.webp`),
    file(`${slug}-800.webp`),
    file(`${slug}-400.avif`),
    file(`${slug}-800.avif`),
  );

const DEFAULT_IMAGE = drawn('default-cookie');

/**
 * The three pictures chosen by product name (docs/rules/shop-pages.md), and one drawn for each
 * other demo cookie.
 */
const BY_NAME = new Map<string, ProductImage>(
  (
    [
      ['Dark Chocolate & Sea Salt', 'dark-chocolate-sea-salt'],
      ['Cinnamon & Orange Glaze', 'cinnamon-orange-glaze'],
      ['Pecan & Maple Syrup', 'pecan-maple-syrup'],
      ['Classic Shropshire Butter', 'classic-shropshire-butter'],
      ['Double Ginger Crunch', 'double-ginger-crunch'],
      ['White Chocolate & Raspberry', 'white-chocolate-raspberry'],
      ['Oat & Golden Syrup', 'oat-golden-syrup'],
      ['Peanut Butter & Honey', 'peanut-butter-honey'],
      ['Lemon & Poppy Seed', 'lemon-poppy-seed'],
    ] as const
  ).map(([name, slug]) => [name, drawn(slug)]),
);

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
const HERO = import.meta.glob<string>('../assets/products/hero-{960,1600,square-480}.{avif,webp}', {
  eager: true,
  query: '?url',
  import: 'default',
});
const hero = (name: string) => HERO[`../assets/products/hero-${name}`]!;
export const heroImage: ResponsiveImage = {
  src: hero('1600.webp'),
  srcSet: `${hero('960.webp')} 960w, ${hero('1600.webp')} 1600w`,
  avifSrcSet: `${hero('960.avif')} 960w, ${hero('1600.avif')} 1600w`,
  width: 1600,
  height: 900,
};

/**
 * The hero's centre square, lighter, for screens up to 600 px wide: the 600 px tall hero shows no
 * more of the wide scene there (scripts/build-images.ts, docs/decisions/024-hero-square-for-phones.md).
 */
export const heroSquare = {
  media: '(max-width: 600px)',
  webp: hero('square-480.webp'),
  avif: hero('square-480.avif'),
  width: 480,
  height: 480,
} as const;

import { describe, expect, it } from 'vitest';
import { DEMO_PRODUCTS } from '~/server/db/seed-catalog';
import { photoHashIn, productImageFor } from './product-image';

describe('product pictures', () => {
  it('gives every demo cookie on sale its own drawn picture', () => {
    const onSale = DEMO_PRODUCTS.filter((p) => p.isActive !== false).map((p) => p.name);
    const pictures = onSale.map((name) => productImageFor(name).src);
    expect(new Set(pictures).size).toBe(onSale.length);
    expect(pictures).not.toContain(productImageFor('A cookie nobody drew').src);
  });

  it('prefers an uploaded photo, with 400 and 800 px AVIF and WebP', () => {
    const hash = 'b'.repeat(24);
    expect(productImageFor('Pecan & Maple Syrup', hash)).toEqual({
      src: `/api/photos/${hash}-800.webp`,
      srcSet: `/api/photos/${hash}-400.webp 400w, /api/photos/${hash}-800.webp 800w`,
      avifSrcSet: `/api/photos/${hash}-400.avif 400w, /api/photos/${hash}-800.avif 800w`,
      width: 800,
      height: 800,
    });
    expect(photoHashIn(productImageFor('x', hash).src)).toBe(hash);
    expect(photoHashIn(productImageFor('Pecan & Maple Syrup').src)).toBeNull();
  });
});

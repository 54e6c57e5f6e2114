import { cn } from '~/app/components/ui/cn';
import { productImageFor } from '~/app/images/product-image';

export type ProductImageProps = {
  /** Exact product name; unknown names fall back to the classic cookie illustration. */
  name: string;
  /** The uploaded photo's hash, if the product has one (it wins over the drawn picture). */
  photo?: string | null;
  /** Alt text; defaults to the product name. Pass "" when the image is purely decorative. */
  alt?: string;
  /** The `sizes` attribute: how wide the image is rendered, so the browser picks 400w or 800w. */
  sizes?: string;
  className?: string;
  /** Above-the-fold image (e.g. product page): load eagerly with high fetch priority. */
  priority?: boolean;
};

export function ProductImage({
  name,
  photo,
  alt,
  sizes = '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw',
  className,
  priority = false,
}: ProductImageProps) {
  const img = productImageFor(name, photo);
  return (
    <picture>
      <source type="image/avif" srcSet={img.avifSrcSet} sizes={sizes} />
      <img
        src={img.src}
        srcSet={img.srcSet}
        sizes={sizes}
        width={img.width}
        height={img.height}
        alt={alt ?? name}
        loading={priority ? 'eager' : 'lazy'}
        decoding={priority ? 'auto' : 'async'}
        fetchPriority={priority ? 'high' : undefined}
        className={cn('aspect-square w-full bg-dough object-cover', className)}
      />
    </picture>
  );
}

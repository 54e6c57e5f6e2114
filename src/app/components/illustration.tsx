import { cn } from '~/app/components/ui/cn';
import type { ResponsiveImage } from '~/app/images/product-image';

export type IllustrationProps = {
  image: ResponsiveImage;
  /** What the picture shows; "" when the text beside it says it all. */
  alt: string;
  /** The `sizes` attribute: how wide the picture is drawn, so the browser picks the smallest file that is sharp. */
  sizes: string;
  className?: string;
};

/** A drawn picture below the fold: AVIF or WebP at the width needed, loaded only as it scrolls near. */
export function Illustration({ image, alt, sizes, className }: IllustrationProps) {
  return (
    <picture>
      <source type="image/avif" srcSet={image.avifSrcSet} sizes={sizes} />
      <img
        src={image.src}
        srcSet={image.srcSet}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        loading="lazy"
        decoding="async"
        className={cn('h-auto w-full', className)}
      />
    </picture>
  );
}

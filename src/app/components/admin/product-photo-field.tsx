import { Label } from '~/app/components/ui/input';
import { productPhotoUrl } from '~/shared/product-photo-urls';

export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const PHOTO_TYPES = 'image/jpeg,image/png,image/webp,image/avif';

export interface PhotoChoice {
  file: File | null;
  remove: boolean;
}

/**
 * Choose, replace or remove a product's photo. The server decides whether it is a picture (by
 * decoding it); here only the size is checked early so a big file is not sent for nothing.
 */
export function ProductPhotoField({
  current,
  choice,
  error,
  onChange,
}: {
  /** The product's photo hash, if it has one. */
  current: string | null;
  choice: PhotoChoice;
  error: string | null;
  onChange: (choice: PhotoChoice, error: string | null) => void;
}) {
  const describedBy = ['product-photo-hint', error && 'product-photo-error'].filter(Boolean).join(' ');
  return (
    <div>
      <Label htmlFor="product-photo">{current ? 'Replace photo' : 'Photo (optional)'}</Label>
      {current && !choice.remove && (
        <img
          src={productPhotoUrl(current, 400, 'webp')}
          alt="Current product"
          width={96}
          height={96}
          className="mb-2 size-24 rounded-md border border-crumb object-cover"
        />
      )}
      <input
        id="product-photo"
        name="photo"
        type="file"
        accept={PHOTO_TYPES}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-cocoa/30 file:bg-white file:px-3 file:py-2 file:font-medium"
        onChange={(e) => {
          const file = e.target.files?.[0] ?? null;
          const tooBig = file && file.size > MAX_PHOTO_BYTES;
          onChange(
            { file: tooBig ? null : file, remove: false },
            tooBig ? 'The photo is larger than 10 MB. Please choose a smaller one.' : null,
          );
        }}
      />
      <p id="product-photo-hint" className="mt-1 text-sm text-cocoa-light">
        JPEG, PNG, WebP or AVIF, at most 10 MB. Location and camera details are removed.
      </p>
      {error && (
        <p id="product-photo-error" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      {current && (
        <div className="mt-2 flex items-center gap-2">
          <input
            id="product-photo-remove"
            type="checkbox"
            className="size-4 accent-caramel-dark"
            checked={choice.remove}
            onChange={(e) => onChange({ file: null, remove: e.target.checked }, null)}
          />
          <Label htmlFor="product-photo-remove" className="mb-0 font-normal">
            Remove the photo (show the drawn picture)
          </Label>
        </div>
      )}
    </div>
  );
}

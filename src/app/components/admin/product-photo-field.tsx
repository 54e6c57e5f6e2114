import { useEffect, useRef, useState } from 'react';
import { Button } from '~/app/components/ui/button';
import { Label } from '~/app/components/ui/input';
import { CENTRE_CROP, type PhotoCrop, photoShapeProblem } from '~/shared/photo-crop';
import { productPhotoUrl } from '~/shared/product-photo-urls';
import { PhotoCropper, type PhotoPreview } from './photo-cropper';

export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const PHOTO_TYPES = 'image/jpeg,image/png,image/webp,image/avif';
const TOO_BIG = 'The photo is larger than 10 MB. Please choose a smaller one.';

export interface PhotoChoice {
  file: File | null;
  remove: boolean;
  /** Place the square again on the photo already kept (no file is sent). */
  recrop: boolean;
  /** The square the shop will show of `file` or of the kept photo (the server cuts it). */
  crop: PhotoCrop;
}

export const NO_PHOTO_CHANGE: PhotoChoice = { file: null, remove: false, recrop: false, crop: CENTRE_CROP };

/** The kept photo, uncropped: the owner's own product, so served to the admin only. */
function readKept(url: string): Promise<PhotoPreview | null> {
  return new Promise((resolve) => {
    const img = new Image();
    img.onerror = () => resolve(null);
    img.onload = () => resolve({ url, width: img.naturalWidth, height: img.naturalHeight });
    img.src = url;
  });
}

/** The chosen file as a data: URL (the page's CSP allows those for pictures) and its upright size. */
function readPreview(file: File): Promise<PhotoPreview | null> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onerror = () => resolve(null);
    reader.onload = () => {
      const url = String(reader.result);
      const img = new Image();
      img.onerror = () => resolve(null);
      img.onload = () => resolve({ url, width: img.naturalWidth, height: img.naturalHeight });
      img.src = url;
    };
    reader.readAsDataURL(file);
  });
}

/**
 * Choose, replace or remove a product's photo, and the square of it the shop shows, with a
 * preview before saving. The server decides whether it is a picture (by decoding it) and cuts
 * the square; here the size and shape are checked early so a file is not sent for nothing.
 */
export function ProductPhotoField({
  productId,
  current,
  choice,
  error,
  onChange,
}: {
  /** The product being edited, if it is saved already. */
  productId: string | null;
  /** The product's photo hash, if it has one. */
  current: string | null;
  choice: PhotoChoice;
  error: string | null;
  onChange: (choice: PhotoChoice, error: string | null) => void;
}) {
  const [preview, setPreview] = useState<PhotoPreview | null>(null);
  const [reading, setReading] = useState(false);
  // The parent's callback changes every render; reading the file must not.
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const describedBy = ['product-photo-hint', error && 'product-photo-error'].filter(Boolean).join(' ');

  const keptUrl = productId && current ? `/api/admin/products/${productId}/photo/master.webp` : null;
  // A file the browser cannot show is still sent: the server's decoder has the last word.
  useEffect(() => {
    const loading = choice.file
      ? readPreview(choice.file)
      : choice.recrop && keptUrl
        ? readKept(keptUrl)
        : null;
    if (!loading) {
      setPreview(null);
      return;
    }
    let live = true;
    setReading(true);
    loading.then((read) => {
      if (!live) return;
      setReading(false);
      setPreview(read);
      const shape = read && photoShapeProblem(read.width, read.height);
      if (shape) onChangeRef.current(NO_PHOTO_CHANGE, shape);
    });
    return () => {
      live = false;
    };
  }, [choice.file, choice.recrop, keptUrl]);

  return (
    <div>
      <Label htmlFor="product-photo">{current ? 'Replace photo' : 'Photo (optional)'}</Label>
      {current && !choice.remove && !choice.file && !choice.recrop && (
        <div className="mb-2 flex items-end gap-3">
          <img
            src={productPhotoUrl(current, 400, 'webp')}
            alt="Current product"
            width={96}
            height={96}
            className="size-24 rounded-md border border-crumb object-cover"
          />
          {keptUrl && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => onChange({ ...NO_PHOTO_CHANGE, recrop: true }, null)}
            >
              Change the crop
            </Button>
          )}
        </div>
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
          onChange({ ...NO_PHOTO_CHANGE, file: tooBig ? null : file }, tooBig ? TOO_BIG : null);
        }}
      />
      <p id="product-photo-hint" className="mt-1 text-sm text-cocoa-light">
        JPEG, PNG, WebP or AVIF, at most 10 MB, at least 200 pixels each way. Location and camera details are
        removed.
      </p>
      {error && (
        <p id="product-photo-error" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      {(choice.file || choice.recrop) && reading && (
        <p className="mt-2 text-sm text-cocoa-light" aria-live="polite">
          Preparing the preview...
        </p>
      )}
      {(choice.file || choice.recrop) && preview && (
        <PhotoCropper
          preview={preview}
          crop={choice.crop}
          onCrop={(crop) => onChange({ ...choice, crop }, null)}
        />
      )}
      {choice.recrop && (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="mt-2"
          onClick={() => onChange(NO_PHOTO_CHANGE, null)}
        >
          Keep the crop as it was
        </Button>
      )}
      {current && (
        <div className="mt-2 flex items-center gap-2">
          <input
            id="product-photo-remove"
            type="checkbox"
            className="size-4 accent-caramel-dark"
            checked={choice.remove}
            onChange={(e) => onChange({ ...NO_PHOTO_CHANGE, remove: e.target.checked }, null)}
          />
          <Label htmlFor="product-photo-remove" className="mb-0 font-normal">
            Remove the photo (show the drawn picture)
          </Label>
        </div>
      )}
    </div>
  );
}

import type { MouseEvent } from 'react';
import { Button } from '~/app/components/ui/button';
import { Label } from '~/app/components/ui/input';
import { CENTRE_CROP, cropSquare, MAX_ZOOM, type PhotoCrop } from '~/shared/photo-crop';

export interface PhotoPreview {
  url: string;
  /** Upright size in pixels (the browser, like the server, turns a phone's photo upright). */
  width: number;
  height: number;
}

const pct = (n: number) => `${n * 100}%`;
const clampPercent = (n: number) => Math.round(Math.min(100, Math.max(0, n)));

/**
 * The owner places the shop's square on the photo: by clicking the whole photo where the
 * square's middle should go, or with the three sliders (keyboard and screen readers). The
 * preview is drawn with the same arithmetic the server cuts with (cropSquare), so what is
 * shown here is what the shop will show.
 */
export function PhotoCropper({
  preview,
  crop,
  onCrop,
}: {
  preview: PhotoPreview;
  crop: PhotoCrop;
  onCrop: (crop: PhotoCrop) => void;
}) {
  const { url, width, height } = preview;
  const { left, top, size } = cropSquare(width, height, crop);
  const roomX = width - size;
  const roomY = height - size;

  /** A click on the whole photo centres the square there (as near as the edges allow). */
  const centreAt = (e: MouseEvent<HTMLButtonElement>) => {
    if (e.detail === 0) return; // not a pointer: the sliders are the keyboard's way
    const box = e.currentTarget.getBoundingClientRect();
    const cx = ((e.clientX - box.left) / box.width) * width;
    const cy = ((e.clientY - box.top) / box.height) * height;
    onCrop({
      ...crop,
      x: roomX > 0 ? clampPercent(((cx - size / 2) / roomX) * 100) : crop.x,
      y: roomY > 0 ? clampPercent(((cy - size / 2) / roomY) * 100) : crop.y,
    });
  };

  return (
    <fieldset className="mt-3 rounded-md border border-crumb p-3">
      <legend className="px-1 text-sm font-medium">Crop for the shop</legend>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <p className="mb-1 text-sm text-cocoa-light" id="photo-crop-whole-hint">
            Click the photo where the cookie's middle is, or use the sliders.
          </p>
          <button
            type="button"
            onClick={centreAt}
            tabIndex={-1}
            aria-describedby="photo-crop-whole-hint"
            className="relative block max-w-full cursor-crosshair overflow-hidden rounded-md bg-dough"
            // Within 16rem each way, however long the photo is (a tall one would fill the screen).
            style={{ width: `${16 * Math.min(1, width / height)}rem`, aspectRatio: `${width} / ${height}` }}
          >
            <img src={url} alt="Your upload, uncropped" className="absolute inset-0 size-full max-w-none" />
            <span
              aria-hidden
              className="absolute border-2 border-white shadow-[0_0_0_9999px_rgba(0,0,0,0.45)]"
              style={{
                left: pct(left / width),
                top: pct(top / height),
                width: pct(size / width),
                height: pct(size / height),
              }}
            />
          </button>
        </div>
        <figure className="shrink-0">
          <div className="relative size-40 overflow-hidden rounded-md border border-crumb bg-dough">
            <img
              src={url}
              alt="Preview: the square the shop will show"
              className="absolute max-w-none"
              style={{
                width: pct(width / size),
                height: pct(height / size),
                left: pct(-left / size),
                top: pct(-top / size),
              }}
            />
          </div>
          <figcaption className="mt-1 text-sm text-cocoa-light">As the shop will show it</figcaption>
        </figure>
      </div>
      <div className="mt-3 grid gap-3 sm:grid-cols-3">
        <Slider
          id="photo-crop-x"
          label="Left to right"
          value={crop.x}
          min={0}
          max={100}
          step={1}
          disabled={roomX === 0}
          valueText={`${crop.x}%`}
          onValue={(x) => onCrop({ ...crop, x })}
        />
        <Slider
          id="photo-crop-y"
          label="Top to bottom"
          value={crop.y}
          min={0}
          max={100}
          step={1}
          disabled={roomY === 0}
          valueText={`${crop.y}%`}
          onValue={(y) => onCrop({ ...crop, y })}
        />
        <Slider
          id="photo-crop-zoom"
          label="Zoom"
          value={crop.zoom}
          min={1}
          max={MAX_ZOOM}
          step={0.1}
          valueText={`${crop.zoom.toFixed(1)} times`}
          onValue={(zoom) => onCrop({ ...crop, zoom: Math.round(zoom * 10) / 10 })}
        />
      </div>
      <Button type="button" variant="outline" size="sm" className="mt-3" onClick={() => onCrop(CENTRE_CROP)}>
        Centre the whole photo
      </Button>
    </fieldset>
  );
}

function Slider({
  id,
  label,
  valueText,
  onValue,
  ...input
}: {
  id: string;
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  disabled?: boolean;
  valueText: string;
  onValue: (value: number) => void;
}) {
  return (
    <div>
      <Label htmlFor={id} className="mb-0">
        {label}
      </Label>
      <input
        id={id}
        type="range"
        aria-valuetext={valueText}
        className="h-11 w-full accent-caramel-dark disabled:opacity-50"
        onChange={(e) => onValue(Number(e.target.value))}
        {...input}
      />
    </div>
  );
}

import { z } from 'zod';

/**
 * The square the shop shows of a product photo, as the owner chose it
 * (docs/decisions/030-photo-crop-chosen-by-the-owner.md). `x` and `y` place the square like CSS
 * `object-position`: 0 is the left (top) edge of the photo, 100 the right (bottom) edge, 50 the
 * middle. `zoom` 1 takes the largest square the photo holds; 2 a square half as wide.
 */
export interface PhotoCrop {
  x: number;
  y: number;
  zoom: number;
}

export const CENTRE_CROP: PhotoCrop = { x: 50, y: 50, zoom: 1 };
export const MAX_ZOOM = 3;

const POSITION = 'The crop position must be a whole number from 0 to 100.';
const ZOOM = `The zoom must be a number from 1 to ${MAX_ZOOM}.`;
const position = z.number({ error: POSITION }).int(POSITION).min(0, POSITION).max(100, POSITION);

/** Numbers only: "50" or true is refused, not read as 50 or 1. */
export const PhotoCropSchema = z.strictObject(
  {
    x: position,
    y: position,
    zoom: z.number({ error: ZOOM }).min(1, ZOOM).max(MAX_ZOOM, ZOOM),
  },
  { error: 'The crop must give x, y and zoom as numbers.' },
);

/** The smallest side a photo may have, and how much longer one side may be than the other. */
export const MIN_PHOTO_SIDE = 200;
export const MAX_PHOTO_ASPECT = 10;
export const PHOTO_TOO_SMALL = `The photo is too small: each side must be at least ${MIN_PHOTO_SIDE} pixels.`;
export const PHOTO_TOO_THIN = `The photo is too long and thin: one side may be at most ${MAX_PHOTO_ASPECT} times the other.`;

/** Why a photo of this (upright) size cannot be a product photo, or null when it can. */
export function photoShapeProblem(width: number, height: number): string | null {
  if (Math.min(width, height) < MIN_PHOTO_SIDE) return PHOTO_TOO_SMALL;
  if (Math.max(width, height) > MAX_PHOTO_ASPECT * Math.min(width, height)) return PHOTO_TOO_THIN;
  return null;
}

/** The square (in whole pixels of a width x height picture) that a crop takes. */
export function cropSquare(width: number, height: number, crop: PhotoCrop) {
  const size = Math.max(1, Math.round(Math.min(width, height) / crop.zoom));
  return {
    left: Math.round((crop.x / 100) * (width - size)),
    top: Math.round((crop.y / 100) * (height - size)),
    size,
  };
}

import { createHash } from 'node:crypto';
import { badRequest } from '../errors';

/** The most a photo upload may weigh. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** A decompression bomb guard: a 12,000 x 12,000 image is far beyond any phone camera. */
const MAX_PIXELS = 12_000 * 12_000;
/** The master is kept at most this wide or high (phones' photos are bigger than any screen needs). */
const MASTER_EDGE = 2000;
export const PHOTO_WIDTHS = [400, 800] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];
export const PHOTO_FORMATS = { avif: 'image/avif', webp: 'image/webp' } as const;
export type PhotoFormat = keyof typeof PHOTO_FORMATS;

/** Formats sharp may report for the pictures we take (AVIF is a kind of HEIF). */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'heif']);

export const NOT_A_PHOTO =
  'That file is not a picture we can read. Please choose a JPEG, PNG, WebP or AVIF photo.';
export const PHOTO_TOO_LARGE = 'The photo is larger than 10 MB. Please choose a smaller one.';

export interface PhotoFile {
  variant: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface ProcessedPhoto {
  hash: string;
  files: PhotoFile[];
}

/**
 * Proves an upload is a picture by decoding it (its name and stated type are ignored), turns it
 * upright and drops its metadata (a phone's photo carries where it was taken), then makes the
 * square 400 and 800 px AVIF and WebP variants the shop shows. Anything else is a clear 400.
 */
export async function processPhoto(bytes: Uint8Array): Promise<ProcessedPhoto> {
  if (bytes.byteLength === 0) throw badRequest('Please choose a photo to upload.', { photo: NOT_A_PHOTO });
  if (bytes.byteLength > MAX_PHOTO_BYTES) throw badRequest(PHOTO_TOO_LARGE, { photo: PHOTO_TOO_LARGE });
  // sharp and libvips hold ~30 MB of memory: loaded by the first upload, not by every instance.
  // Outside the try below, so a sharp that cannot load is a server error, not "not a photo".
  const { default: sharp } = await import('sharp');
  const input = () => sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' });
  let master: Uint8Array;
  try {
    const meta = await input().metadata();
    const isAvif = meta.format === 'heif' && meta.compression === 'av1';
    if (!ACCEPTED.has(meta.format ?? '') || (meta.format === 'heif' && !isAvif)) throw new Error('format');
    // Decoding the whole image here is the proof; sharp writes no metadata unless asked to.
    master = await input()
      .rotate()
      .resize({ width: MASTER_EDGE, height: MASTER_EDGE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 90 })
      .toBuffer();
  } catch {
    throw badRequest(NOT_A_PHOTO, { photo: NOT_A_PHOTO });
  }
  const hash = createHash('sha256').update(master).digest('hex').slice(0, 24);
  const files: PhotoFile[] = [{ variant: 'master.webp', contentType: 'image/webp', bytes: master }];
  for (const width of PHOTO_WIDTHS) {
    const square = () => sharp(master).resize({ width, height: width, fit: 'cover', position: 'attention' });
    files.push(
      {
        variant: `${width}.avif`,
        contentType: PHOTO_FORMATS.avif,
        bytes: await square().avif({ quality: 55, effort: 3 }).toBuffer(),
      },
      {
        variant: `${width}.webp`,
        contentType: PHOTO_FORMATS.webp,
        bytes: await square().webp({ quality: 78 }).toBuffer(),
      },
    );
  }
  return { hash, files };
}

/** "<hash>-400.avif" -> its parts, or null for anything else (only the sized variants are public). */
export function parsePhotoFileName(file: string): { hash: string; variant: string } | null {
  const m = /^([0-9a-f]{24})-(400|800)\.(avif|webp)$/.exec(file);
  return m ? { hash: m[1]!, variant: `${m[2]}.${m[3]}` } : null;
}

import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { Sharp } from 'sharp';
import {
  CENTRE_CROP,
  cropSquare,
  type PhotoCrop,
  PhotoCropSchema,
  photoShapeProblem,
} from '~/shared/photo-crop';
import { badRequest } from '../errors';

/** The most a photo upload may weigh. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** A decompression bomb guard: a 12,000 x 12,000 image is far beyond any phone camera. */
const MAX_PIXELS = 12_000 * 12_000;
/** The master is kept at most this wide or high (phones' photos are bigger than any screen needs). */
const MASTER_EDGE = 2000;
/** All the work on one upload (decode, master, four variants) must finish within this. */
export const PHOTO_TIME_LIMIT_SECONDS = 20;
export const PHOTO_WIDTHS = [400, 800] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];
export const PHOTO_FORMATS = { avif: 'image/avif', webp: 'image/webp' } as const;
export type PhotoFormat = keyof typeof PHOTO_FORMATS;

/** Formats sharp may report for the pictures we take (AVIF is a kind of HEIF). */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'heif']);

export const NOT_A_PHOTO =
  'That file is not a picture we can read. Please choose a JPEG, PNG, WebP or AVIF photo.';
export const PHOTO_TOO_LARGE = 'The photo is larger than 10 MB. Please choose a smaller one.';
export const PHOTO_TOO_MANY_PIXELS = 'The photo has more than 144 megapixels. Please choose a smaller one.';
export const PHOTO_TOO_SLOW = 'That photo took too long to prepare. Please choose a smaller one.';

export interface PhotoFile {
  variant: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface ProcessedPhoto {
  hash: string;
  files: PhotoFile[];
}

type SharpModule = typeof import('sharp');
let loaded: Promise<SharpModule> | null = null;

/**
 * sharp and libvips hold ~30 MB of memory: loaded by the first upload, not by every instance.
 * libvips keeps no cache (every upload is new input) and uses all but one core, so the shop
 * still answers shoppers while a photo is being prepared.
 */
function loadSharp(): Promise<SharpModule> {
  loaded ??= import('sharp').then((module) => {
    module.default.cache(false);
    module.default.concurrency(Math.max(1, availableParallelism() - 1));
    return module;
  });
  return loaded;
}

/** Uploads wait their turn: one photo is decoded and encoded at a time, however many arrive. */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const turn = queue.then(work, work);
  queue = turn.catch(() => undefined);
  return turn;
}

/** One upload's time limit: each step gets what is left of it (sharp counts whole seconds). */
function startClock() {
  const deadline = Date.now() + PHOTO_TIME_LIMIT_SECONDS * 1000;
  return (pipeline: Sharp) => {
    const seconds = Math.ceil((deadline - Date.now()) / 1000);
    if (seconds <= 0) throw refuse(PHOTO_TOO_SLOW);
    return pipeline.timeout({ seconds });
  };
}

const refuse = (message: string) => badRequest(message, { photo: message });
const isTimeout = (err: unknown) => err instanceof Error && /timeout/i.test(err.message);

/**
 * Proves an upload is a picture by decoding it (its name and stated type are ignored), turns it
 * upright and drops its metadata (a phone's photo carries where it was taken), then makes the
 * square 400 and 800 px AVIF and WebP variants the shop shows, of the square the owner chose
 * (docs/decisions/030-photo-crop-chosen-by-the-owner.md). Anything else is a clear 400.
 *
 * The work is bounded before it starts: the header's size must be a photo's (no side under
 * 200 px, none over ten times the other: a 1 x 200,000 px strip would otherwise be scaled up to
 * hundreds of thousands of pixels), the pixels are limited, every step shares one time limit,
 * and uploads are prepared one at a time.
 */
export async function processPhoto(
  bytes: Uint8Array,
  crop: PhotoCrop = CENTRE_CROP,
): Promise<ProcessedPhoto> {
  if (bytes.byteLength === 0) throw badRequest('Please choose a photo to upload.', { photo: NOT_A_PHOTO });
  if (bytes.byteLength > MAX_PHOTO_BYTES) throw refuse(PHOTO_TOO_LARGE);
  // Outside the work's try blocks, so a sharp that cannot load is a server error, not "not a photo".
  const { default: sharp } = await loadSharp();
  return oneAtATime(async () => {
    const timed = startClock();
    const input = () => sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' });

    // The header alone (nothing decoded yet) says what the file claims to be and how big.
    const meta = await input()
      .metadata()
      .catch(() => {
        throw refuse(NOT_A_PHOTO);
      });
    const isAvif = meta.format === 'heif' && meta.compression === 'av1';
    if (!ACCEPTED.has(meta.format ?? '') || (meta.format === 'heif' && !isAvif)) throw refuse(NOT_A_PHOTO);
    if (!meta.width || !meta.height) throw refuse(NOT_A_PHOTO);
    if (meta.width * meta.height > MAX_PIXELS) throw refuse(PHOTO_TOO_MANY_PIXELS);
    const shape = photoShapeProblem(meta.autoOrient.width, meta.autoOrient.height);
    if (shape) throw refuse(shape);

    let master: { data: Uint8Array; info: { width: number; height: number } };
    try {
      // Decoding the whole image here is the proof; sharp writes no metadata unless asked to.
      master = await timed(
        input()
          .rotate()
          .resize({ width: MASTER_EDGE, height: MASTER_EDGE, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 90 }),
      ).toBuffer({ resolveWithObject: true });
    } catch (err) {
      throw refuse(isTimeout(err) ? PHOTO_TOO_SLOW : NOT_A_PHOTO);
    }

    return cutSquares(sharp, master.data, master.info, crop, timed);
  });
}

/**
 * The shop's squares of a master already kept (the owner placing the square again, without
 * choosing the file again). The master is not re-encoded; the same bounds apply.
 */
export async function recropPhoto(master: Uint8Array, crop: PhotoCrop): Promise<ProcessedPhoto> {
  const { default: sharp } = await loadSharp();
  return oneAtATime(async () => {
    const timed = startClock();
    const { width, height } = await sharp(master).metadata();
    return cutSquares(sharp, master, { width, height }, crop, timed);
  });
}

async function cutSquares(
  sharp: SharpModule['default'],
  master: Uint8Array,
  info: { width: number; height: number },
  crop: PhotoCrop,
  timed: (pipeline: Sharp) => Sharp,
): Promise<ProcessedPhoto> {
  // The crop is part of the name: the same photo cropped otherwise is other files, so a
  // browser's year-long copy of the old crop is never shown for the new one.
  const hash = createHash('sha256')
    .update(master)
    .update(JSON.stringify([crop.x, crop.y, crop.zoom]))
    .digest('hex')
    .slice(0, 24);
  const { left, top, size } = cropSquare(info.width, info.height, crop);
  const files: PhotoFile[] = [{ variant: 'master.webp', contentType: 'image/webp', bytes: master }];
  const square = (width: number) =>
    sharp(master).extract({ left, top, width: size, height: size }).resize(width, width);
  try {
    for (const width of PHOTO_WIDTHS) {
      files.push(
        {
          variant: `${width}.avif`,
          contentType: PHOTO_FORMATS.avif,
          bytes: await timed(square(width).avif({ quality: 55, effort: 3 })).toBuffer(),
        },
        {
          variant: `${width}.webp`,
          contentType: PHOTO_FORMATS.webp,
          bytes: await timed(square(width).webp({ quality: 78 })).toBuffer(),
        },
      );
    }
  } catch (err) {
    if (isTimeout(err)) throw refuse(PHOTO_TOO_SLOW);
    throw err;
  }
  return { hash, files };
}

/** "<hash>-400.avif" -> its parts, or null for anything else (only the sized variants are public). */
export function parsePhotoFileName(file: string): { hash: string; variant: string } | null {
  const m = /^([0-9a-f]{24})-(400|800)\.(avif|webp)$/.exec(file);
  return m ? { hash: m[1]!, variant: `${m[2]}.${m[3]}` } : null;
}

const CROP_UNREADABLE = 'The crop must give x, y and zoom as numbers.';

/**
 * The owner's crop as a form or the API sends it (JSON text, or nothing for the centre), checked
 * by the one schema the form uses; a bad crop is a 400 before any work on the photo.
 */
export function readPhotoCrop(raw: unknown): PhotoCrop {
  if (raw === undefined || raw === null || raw === '') return CENTRE_CROP;
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw badRequest(CROP_UNREADABLE, { crop: CROP_UNREADABLE });
    }
  }
  const parsed = PhotoCropSchema.safeParse(value);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? CROP_UNREADABLE;
    throw badRequest(message, { crop: message });
  }
  return parsed.data;
}

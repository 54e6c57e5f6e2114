/**
 * Renders the hand-drawn SVG illustrations in src/app/assets/products/src/ and
 * src/app/assets/illustrations/src/ (Our Story pictures, home-page value points) into the
 * responsive WebP/AVIF files the app imports, plus public/og-image.jpg for link previews.
 *
 *   node --import tsx scripts/build-images.ts                 # everything
 *   node --import tsx scripts/build-images.ts illustrations   # only the illustrations
 *
 * The outputs are committed, so the normal build never needs sharp. Re-run this after
 * editing an SVG.
 */
import { mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type AvifOptions, type WebpOptions } from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const productsDir = path.join(root, 'src/app/assets/products');
const illustrationsDir = path.join(root, 'src/app/assets/illustrations');
const publicDir = path.join(root, 'public');

const PRODUCTS = [
  'dark-chocolate-sea-salt',
  'cinnamon-orange-glaze',
  'pecan-maple-syrup',
  'default-cookie',
  // Drawn by scripts/draw-cookies.ts.
  'classic-shropshire-butter',
  'double-ginger-crunch',
  'white-chocolate-raspberry',
  'oat-golden-syrup',
  'peanut-butter-honey',
  'lemon-poppy-seed',
];
const PRODUCT_WIDTHS = [400, 800];
const HERO_WIDTHS = [960, 1600];
/** Our Story's pictures (3:2) fill a 768 px column: 480w for phones, 800w and 1200w for wider or denser screens. */
const STORY = ['story-kitchen', 'story-hills', 'story-hands'];
const STORY_WIDTHS = [480, 800, 1200];
/** The home page's value points are drawn at 160 px. */
const VALUES = ['value-handmade', 'value-delivery', 'value-ingredients'];
const VALUE_WIDTHS = [160, 320];
/** Behind the drawings' transparent parts (the cookie pictures and the hero). */
const PRODUCT_BACKGROUND = '#f3e3cc';
/** The home page's value band (bg-dough), behind the round value illustrations' corners. */
const DOUGH = '#f3e6d3';

const WEBP: WebpOptions = { quality: 78, effort: 6, preset: 'picture' };
const AVIF: AvifOptions = { quality: 55, effort: 6 };

/**
 * Phones get the hero's centre square: at the hero's 600 px height, object-cover shows no more of
 * the wide picture than that on screens up to 600 px wide. It lies under a 75-90% dark overlay, so
 * 480 px at a lower quality looks the same there as the 960 px wide file, for a quarter of its
 * bytes (it is the phone's largest paint: docs/decisions/024-hero-square-for-phones.md).
 */
const HERO_SQUARE: RenderOptions = {
  square: true,
  webp: { ...WEBP, quality: 63 },
  avif: { ...AVIF, quality: 40 },
};

type RenderOptions = {
  /** Only the drawing's centre square, written as NAME-square-WIDTH. */
  square?: boolean;
  webp?: WebpOptions;
  avif?: AvifOptions;
};

const written: { file: string; bytes: number }[] = [];

async function record(file: string): Promise<void> {
  written.push({ file: path.relative(root, file), bytes: (await stat(file)).size });
}

/** Rasterise an SVG at its native size, then downscale (Lanczos) to each width. */
async function renderSizes(
  name: string,
  widths: number[],
  dir = productsDir,
  background = PRODUCT_BACKGROUND,
  { square = false, webp: webpOptions = WEBP, avif: avifOptions = AVIF }: RenderOptions = {},
): Promise<void> {
  const outDir = dir;
  const svg = await readFile(path.join(dir, 'src', `${name}.svg`));
  const base = sharp(svg, { density: 72 }).flatten({ background });
  const { data, info } = await base.raw().toBuffer({ resolveWithObject: true });
  const side = Math.min(info.width, info.height);
  const raster = () => {
    const drawing = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    if (!square) return drawing;
    return drawing.extract({
      left: (info.width - side) >> 1,
      top: (info.height - side) >> 1,
      width: side,
      height: side,
    });
  };
  for (const width of widths) {
    const resized = await raster()
      .resize({ width, kernel: 'lanczos3' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const img = () =>
      sharp(resized.data, {
        raw: { width: resized.info.width, height: resized.info.height, channels: resized.info.channels },
      });
    const file = path.join(outDir, square ? `${name}-square-${width}` : `${name}-${width}`);
    const webp = `${file}.webp`;
    const avif = `${file}.avif`;
    await img().webp(webpOptions).toFile(webp);
    await img().avif(avifOptions).toFile(avif);
    await record(webp);
    await record(avif);
  }
}

async function renderOgImage(): Promise<void> {
  const svg = await readFile(path.join(productsDir, 'src/hero.svg'));
  const file = path.join(publicDir, 'og-image.jpg');
  // 1200x630 crop of the hero, biased to the right where the cookies are.
  await sharp(svg, { density: 72 })
    .resize({ width: 1200, height: 630, fit: 'cover', position: 'right' })
    .jpeg({ quality: 82, mozjpeg: true, progressive: true })
    .toFile(file);
  await record(file);
}

const only = process.argv[2];
if (only !== 'illustrations') {
  await mkdir(publicDir, { recursive: true });
  for (const name of PRODUCTS) await renderSizes(name, PRODUCT_WIDTHS);
  await renderSizes('hero', HERO_WIDTHS);
  await renderSizes('hero', [480], productsDir, PRODUCT_BACKGROUND, HERO_SQUARE);
  await renderOgImage();
}
for (const name of STORY) await renderSizes(name, STORY_WIDTHS, illustrationsDir);
for (const name of VALUES) await renderSizes(name, VALUE_WIDTHS, illustrationsDir, DOUGH);

for (const { file, bytes } of written) {
  console.log(`${file.padEnd(58)} ${(bytes / 1024).toFixed(1).padStart(7)} KB`);
}

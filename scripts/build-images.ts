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
/** The home page's value band (bg-dough), behind the round value illustrations' corners. */
const DOUGH = '#f3e6d3';

const WEBP: WebpOptions = { quality: 78, effort: 6, preset: 'picture' };
const AVIF: AvifOptions = { quality: 55, effort: 6 };

const written: { file: string; bytes: number }[] = [];

async function record(file: string): Promise<void> {
  written.push({ file: path.relative(root, file), bytes: (await stat(file)).size });
}

/** Rasterise an SVG at its native size, then downscale (Lanczos) to each width. */
async function renderSizes(
  name: string,
  widths: number[],
  dir = productsDir,
  background = '#f3e3cc',
): Promise<void> {
  const outDir = dir;
  const svg = await readFile(path.join(dir, 'src', `${name}.svg`));
  const base = sharp(svg, { density: 72 }).flatten({ background });
  const { data, info } = await base.raw().toBuffer({ resolveWithObject: true });
  const raster = () =>
    sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  for (const width of widths) {
    const resized = await raster()
      .resize({ width, kernel: 'lanczos3' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const img = () =>
      sharp(resized.data, {
        raw: { width: resized.info.width, height: resized.info.height, channels: resized.info.channels },
      });
    const webp = path.join(outDir, `${name}-${width}.webp`);
    const avif = path.join(outDir, `${name}-${width}.avif`);
    await img().webp(WEBP).toFile(webp);
    await img().avif(AVIF).toFile(avif);
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
  await renderOgImage();
}
for (const name of STORY) await renderSizes(name, STORY_WIDTHS, illustrationsDir);
for (const name of VALUES) await renderSizes(name, VALUE_WIDTHS, illustrationsDir, DOUGH);

for (const { file, bytes } of written) {
  console.log(`${file.padEnd(58)} ${(bytes / 1024).toFixed(1).padStart(7)} KB`);
}

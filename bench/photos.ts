/**
 * Product photo uploads: how fast a thin strip is refused and whether memory moves,
 * and what a phone's photo costs, alone and three at once (prepared one at a time). Runs the
 * upload's own code (processPhoto) in this process and prints; figures go in bench/RESULTS.md.
 */
import { loadavg } from 'node:os';
import sharp from 'sharp';
import { processPhoto } from '~/server/catalog/product-photos';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const plainPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c8802a' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
/** 4000 x 3000 JPEG with a camera's grain, so it compresses like a photo. */
const phonePhoto = () =>
  sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#c8802a',
      noise: { type: 'gaussian', mean: 128, sigma: 18 },
    },
  })
    .jpeg({ quality: 88 })
    .toBuffer();

async function timed<T>(label: string, work: () => Promise<T>) {
  let peak = process.memoryUsage().rss;
  const sample = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const before = process.memoryUsage().rss;
  const start = performance.now();
  let outcome: string;
  try {
    await work();
    outcome = 'taken';
  } catch (err) {
    outcome = `refused: ${(err as Error).message}`;
  }
  const ms = performance.now() - start;
  clearInterval(sample);
  peak = Math.max(peak, process.memoryUsage().rss);
  const after = process.memoryUsage().rss;
  console.log(
    `| ${label} | ${ms.toFixed(0)} ms | ${mb(peak - before)} | ${mb(after - before)} | ${outcome} |`,
  );
}

console.log(
  `load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
);
// Loads sharp once, so its own ~30 MB is not counted against the first row.
await processPhoto(await plainPng(400, 400)).catch(() => undefined);
console.log('| upload | time | peak RSS growth | RSS growth after | outcome |');
console.log('| --- | --- | --- | --- | --- |');
for (const [w, h] of [
  [1, 2000],
  [1, 200_000],
  [200_000, 1],
  [300, 4000],
] as const) {
  const bytes = await plainPng(w, h);
  await timed(`${w} x ${h} px PNG (${bytes.byteLength} bytes)`, () => processPhoto(bytes));
}
const photo = await phonePhoto();
await timed(`4000 x 3000 px phone JPEG (${mb(photo.byteLength)})`, () => processPhoto(photo));
await timed('three of those at once', () =>
  Promise.all([processPhoto(photo), processPhoto(photo, { x: 0, y: 0, zoom: 2 }), processPhoto(photo)]),
);

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { DEMO_ADMIN } from '../../src/server/account/seed-demo-users';
import { overHttp, signIn } from '../../src/test/sign-in';

const ILLUSTRATIONS = 'src/app/assets/products/src';

/**
 * A phone's photo of a cookie: 3000 x 3000 JPEG with a camera's grain (so it compresses like a
 * photo, not like flat artwork), made from one of the drawn cookies.
 */
async function phonePhoto(svg: Buffer): Promise<Buffer> {
  const size = 3000;
  const grain = await sharp({
    create: {
      width: size,
      height: size,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 18 },
    },
  })
    .png()
    .toBuffer();
  return sharp(svg, { density: 300 })
    .resize(size, size, { fit: 'cover' })
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** Signs in as the demo owner and uploads a different phone photo to each product, as the owner would. */
export async function uploadPhotos(baseUrl: string, productIds: string[]): Promise<number> {
  const cookie = await signIn(overHttp(baseUrl), baseUrl, DEMO_ADMIN);
  const drawings = readdirSync(ILLUSTRATIONS).filter((f) => f.endsWith('.svg') && f !== 'hero.svg');
  let bytes = 0;
  for (const [i, id] of productIds.entries()) {
    const photo = await phonePhoto(readFileSync(path.join(ILLUSTRATIONS, drawings[i % drawings.length]!)));
    bytes += photo.length;
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'IMG_2041.jpg');
    const res = await fetch(`${baseUrl}/api/admin/products/${id}/photo`, {
      method: 'PUT',
      headers: { cookie, origin: baseUrl },
      body: form,
    });
    if (!res.ok) throw new Error(`photo upload for ${id} failed: ${res.status} ${await res.text()}`);
  }
  return bytes;
}

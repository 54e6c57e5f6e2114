import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const ILLUSTRATIONS = 'src/app/assets/products/src';
const DEMO_ADMIN = { email: 'admin@shropshirecookies.example', password: 'admin-demo-2026' };

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

/** Signs in as the demo owner and uploads a different phone photo to each product, as issue 14's owner would. */
export async function uploadPhotos(baseUrl: string, productIds: string[]): Promise<number> {
  const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(DEMO_ADMIN),
  });
  if (!signIn.ok) throw new Error(`demo owner sign-in failed: ${signIn.status}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
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

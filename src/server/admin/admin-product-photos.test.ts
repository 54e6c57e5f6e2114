import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPhotoFiles, products } from '~/server/db/schema';
import { createProduct, createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await createUser(t, { admin: true }));
});
afterAll(() => t.close());

/** A phone-style JPEG: camera make and GPS position in its EXIF. */
const phoneJpeg = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c8802a' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCoCamera' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '52/1 42/1 30/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '2/1 45/1 0/1',
      },
    })
    .toBuffer();
/** A PNG of its own colour each call, so tests do not share photos by content. */
let shade = 0;
const png = () =>
  sharp({
    create: {
      width: 500,
      height: 500,
      channels: 4,
      background: { r: (shade * 53) % 256, g: (shade++ * 97) % 256, b: 90 },
    },
  })
    .png()
    .toBuffer();

const upload = (id: string, bytes: Uint8Array, filename: string, type: string) => {
  const form = new FormData();
  form.set('photo', new File([new Uint8Array(bytes)], filename, { type }));
  return t.app.request(`/api/admin/products/${id}/photo`, {
    method: 'PUT',
    headers: { origin: t.origin, cookie },
    body: form,
  });
};
const rowOf = async (id: string) =>
  (await t.services.db.select().from(products).where(eq(products.id, id)))[0]!;
const shopPhoto = async (id: string) =>
  ((await (await t.app.request(`/api/products/${id}`)).json()) as { product: { photo: string | null } })
    .product.photo;

describe('PUT /api/admin/products/:id/photo', () => {
  it('keeps a photo without its location, and serves 400 and 800 px AVIF and WebP for a year', async () => {
    const jpeg = await phoneJpeg();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const p = await createProduct(t.services);

    const res = await upload(p.id, jpeg, 'IMG_2041.jpg', 'image/jpeg');
    expect(res.status).toBe(200);
    const { product } = (await res.json()) as { product: { photo: string } };
    expect(product.photo).toMatch(/^[0-9a-f]{24}$/);
    expect(await shopPhoto(p.id)).toBe(product.photo);

    const stored = await t.services.db
      .select()
      .from(productPhotoFiles)
      .where(eq(productPhotoFiles.hash, product.photo));
    expect(stored.map((f) => f.variant).sort()).toEqual([
      '400.avif',
      '400.webp',
      '800.avif',
      '800.webp',
      'master.webp',
    ]);
    for (const file of stored) {
      const meta = await sharp(file.bytes).metadata();
      expect(meta.exif, file.variant).toBeUndefined();
      expect(Buffer.from(file.bytes).includes('PhoneCoCamera'), file.variant).toBe(false);
    }

    for (const [width, format] of [
      [400, 'avif'],
      [800, 'avif'],
      [400, 'webp'],
      [800, 'webp'],
    ] as const) {
      const served = await t.app.request(`/api/photos/${product.photo}-${width}.${format}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(`image/${format}`);
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(new Uint8Array(await served.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ width, height: width });
      expect(meta.exif).toBeUndefined();
    }
    // The master is not public, nor are made-up names.
    expect((await t.app.request(`/api/photos/${product.photo}-master.webp`)).status).toBe(404);
    expect((await t.app.request(`/api/photos/${'0'.repeat(24)}-400.webp`)).status).toBe(404);
  });

  it('decides by the content, not the name: a PNG named .jpg is taken', async () => {
    const p = await createProduct(t.services);
    const res = await upload(p.id, await png(), 'cookie.jpg', 'image/jpeg');
    expect(res.status).toBe(200);
    const { product } = (await res.json()) as { product: { photo: string } };
    const served = await t.app.request(`/api/photos/${product.photo}-400.webp`);
    expect(served.headers.get('content-type')).toBe('image/webp');
  });

  it.each([
    [
      'a text file named .jpg',
      () => Buffer.from('definitely not a picture '.repeat(50)),
      'photo.jpg',
      'image/jpeg',
      'That file is not a picture we can read. Please choose a JPEG, PNG, WebP or AVIF photo.',
    ],
    [
      'a cut-off JPEG',
      async () => (await phoneJpeg()).subarray(0, 400),
      'half.jpg',
      'image/jpeg',
      'That file is not a picture we can read. Please choose a JPEG, PNG, WebP or AVIF photo.',
    ],
    [
      'a GIF',
      () =>
        sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
          .gif()
          .toBuffer(),
      'anim.gif',
      'image/gif',
      'That file is not a picture we can read. Please choose a JPEG, PNG, WebP or AVIF photo.',
    ],
    [
      'a file over 10 MB',
      () => Buffer.alloc(10 * 1024 * 1024 + 1, 1),
      'huge.jpg',
      'image/jpeg',
      'The photo is larger than 10 MB. Please choose a smaller one.',
    ],
  ])(
    'refuses %s with a clear 400 and leaves the product as it was',
    async (_, make, filename, type, message) => {
      const p = await createProduct(t.services);
      const first = await upload(p.id, await png(), 'first.png', 'image/png');
      const { product } = (await first.json()) as { product: { photo: string } };
      const before = await rowOf(p.id);

      const res = await upload(p.id, await make(), filename, type);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(message);
      expect(await rowOf(p.id)).toEqual(before);
      expect(await shopPhoto(p.id)).toBe(product.photo);
    },
  );

  it('replaces and removes a photo, dropping files no product shows', async () => {
    const p = await createProduct(t.services);
    const a = (await (await upload(p.id, await png(), 'a.png', 'image/png')).json()).product.photo as string;
    const b = (await (await upload(p.id, await png(), 'b.png', 'image/png')).json()).product.photo as string;
    expect(b).not.toBe(a);
    expect(await shopPhoto(p.id)).toBe(b);
    expect((await t.app.request(`/api/photos/${a}-400.webp`)).status).toBe(404);

    const removed = await t.app.request(`/api/admin/products/${p.id}/photo`, {
      method: 'DELETE',
      headers: { origin: t.origin, cookie },
    });
    expect(removed.status).toBe(200);
    expect(await shopPhoto(p.id)).toBeNull();
    expect((await t.app.request(`/api/photos/${b}-400.webp`)).status).toBe(404);
  });

  it('answers only to an admin', async () => {
    const p = await createProduct(t.services);
    const form = new FormData();
    form.set('photo', new File([new Uint8Array(await png())], 'a.png', { type: 'image/png' }));
    const res = await t.app.request(`/api/admin/products/${p.id}/photo`, {
      method: 'PUT',
      headers: { origin: t.origin },
      body: form,
    });
    expect(res.status).toBe(401);
    expect((await rowOf(p.id)).photoHash).toBeNull();
  });
});

import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPhotoFiles, products } from '~/server/db/schema';
import { createProduct, ownerTestApp } from '~/test/factories';
import type { TestApp } from '~/test/test-app';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  ({ t, cookie } = await ownerTestApp());
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

/** A PNG `width` x `height`, one colour: tiny on disk however long it is. */
const plainPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c8802a' } })
    .png({ compressionLevel: 9 })
    .toBuffer();

describe('photos whose shape would make the server do unbounded work', () => {
  it.each([
    [1, 2000],
    [1, 200_000],
  ])('refuses a %i x %i px strip at once, and the server does not grow', async (width, height) => {
    const strip = await plainPng(width, height);
    expect(strip.byteLength).toBeLessThan(1024);
    const p = await createProduct(t.services);
    const before = process.memoryUsage().rss;

    // Several times over: each one used to add hundreds of megabytes.
    for (let i = 0; i < 3; i++) {
      const res = await upload(p.id, strip, 'strip.png', 'image/png');
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
        'The photo is too small: each side must be at least 200 pixels.',
      );
    }

    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
    expect((await rowOf(p.id)).photoHash).toBeNull();
  });

  it.each([
    [200, 2001, 'The photo is too long and thin: one side may be at most 10 times the other.'],
    [4000, 399, 'The photo is too long and thin: one side may be at most 10 times the other.'],
    [199, 300, 'The photo is too small: each side must be at least 200 pixels.'],
  ])('refuses a %i x %i px picture: "%s"', async (width, height, message) => {
    const p = await createProduct(t.services);
    const res = await upload(p.id, await plainPng(width, height), 'odd.png', 'image/png');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(message);
    expect((await rowOf(p.id)).photoHash).toBeNull();
  });

  it('takes the most extreme shapes allowed: 200 x 2000 and 2000 x 200', async () => {
    for (const [width, height] of [
      [200, 2000],
      [2000, 200],
    ] as const) {
      const p = await createProduct(t.services);
      expect((await upload(p.id, await plainPng(width, height), 'edge.png', 'image/png')).status).toBe(200);
    }
  });
});

/** 1200 x 400: a red, a green and a blue 400 px square side by side. */
const stripes = () =>
  sharp({ create: { width: 1200, height: 400, channels: 3, background: '#ff0000' } })
    .composite([
      {
        input: { create: { width: 400, height: 400, channels: 3, background: '#00ff00' } },
        left: 400,
        top: 0,
      },
      {
        input: { create: { width: 400, height: 400, channels: 3, background: '#0000ff' } },
        left: 800,
        top: 0,
      },
    ])
    .png()
    .toBuffer();
/** 600 x 600 black with a 200 px white square in the middle. */
const target = () =>
  sharp({ create: { width: 600, height: 600, channels: 3, background: '#000000' } })
    .composite([
      {
        input: { create: { width: 200, height: 200, channels: 3, background: '#ffffff' } },
        left: 200,
        top: 200,
      },
    ])
    .png()
    .toBuffer();

const uploadCropped = (id: string, bytes: Uint8Array, crop: string) => {
  const form = new FormData();
  form.set('photo', new File([new Uint8Array(bytes)], 'photo.png', { type: 'image/png' }));
  form.set('crop', crop);
  return t.app.request(`/api/admin/products/${id}/photo`, {
    method: 'PUT',
    headers: { origin: t.origin, cookie },
    body: form,
  });
};
/** The mean red, green and blue of a served variant, rounded to 0-255. */
const meanColour = async (hash: string, width: 400 | 800, format: 'avif' | 'webp') => {
  const served = await t.app.request(`/api/photos/${hash}-${width}.${format}`);
  const bytes = new Uint8Array(await served.arrayBuffer());
  expect(await sharp(bytes).metadata()).toMatchObject({ width, height: width });
  const { channels } = await sharp(bytes).stats();
  return channels.slice(0, 3).map((c) => Math.round(c.mean));
};
const near = (actual: number[], expected: number[]) =>
  actual.every((v, i) => Math.abs(v - expected[i]!) < 24) || `${actual} is not near ${expected}`;

describe('the square the owner chose', () => {
  it.each([
    ['the left edge', { x: 0, y: 50, zoom: 1 }, [255, 0, 0]],
    ['the middle', { x: 50, y: 50, zoom: 1 }, [0, 255, 0]],
    ['the right edge', { x: 100, y: 0, zoom: 1 }, [0, 0, 255]],
  ])('cuts %s of a wide photo in every variant', async (_, crop, colour) => {
    const p = await createProduct(t.services);
    const res = await uploadCropped(p.id, await stripes(), JSON.stringify(crop));
    expect(res.status).toBe(200);
    const { product } = (await res.json()) as { product: { photo: string } };
    for (const width of [400, 800] as const) {
      for (const format of ['avif', 'webp'] as const) {
        expect(near(await meanColour(product.photo, width, format), colour)).toBe(true);
      }
    }
  });

  it('zooms in on the middle, and without a crop takes the middle of the whole photo', async () => {
    const p = await createProduct(t.services);
    const zoomed = await uploadCropped(p.id, await target(), JSON.stringify({ x: 50, y: 50, zoom: 3 }));
    const { product } = (await zoomed.json()) as { product: { photo: string } };
    expect(near(await meanColour(product.photo, 400, 'webp'), [255, 255, 255])).toBe(true);

    const whole = await upload(p.id, await target(), 'target.png', 'image/png');
    const after = (await whole.json()) as { product: { photo: string } };
    // A ninth of the picture is white: the whole of it is shown.
    expect(near(await meanColour(after.product.photo, 400, 'webp'), [28, 28, 28])).toBe(true);
  });

  it('names the files by the crop too, so a re-cropped photo is never an old cached one', async () => {
    const p = await createProduct(t.services);
    const bytes = await stripes();
    const left = (await (await uploadCropped(p.id, bytes, '{"x":10,"y":50,"zoom":1}')).json()).product.photo;
    const right = (await (await uploadCropped(p.id, bytes, '{"x":90,"y":50,"zoom":1}')).json()).product.photo;
    expect(right).not.toBe(left);
    expect((await t.app.request(`/api/photos/${left}-400.webp`)).status).toBe(404);
  });

  const POSITION = 'The crop position must be a whole number from 0 to 100.';
  const ZOOM = 'The zoom must be a number from 1 to 3.';
  it.each([
    ['a position past the edge', '{"x":101,"y":50,"zoom":1}', POSITION],
    ['a negative position', '{"x":50,"y":-1,"zoom":1}', POSITION],
    ['a fractional position', '{"x":50.5,"y":50,"zoom":1}', POSITION],
    ['a position as text', '{"x":"50","y":50,"zoom":1}', POSITION],
    ['a position as true', '{"x":true,"y":50,"zoom":1}', POSITION],
    ['a zoom out beyond the photo', '{"x":50,"y":50,"zoom":0.5}', ZOOM],
    ['a zoom past 3', '{"x":50,"y":50,"zoom":4}', ZOOM],
    ['a zoom as text', '{"x":50,"y":50,"zoom":"2"}', ZOOM],
    ['a missing position', '{"x":50,"zoom":1}', POSITION],
    [
      'an unknown field',
      '{"x":50,"y":50,"zoom":1,"width":9000}',
      'The crop must give x, y and zoom as numbers.',
    ],
    ['a list', '[50,50,1]', 'The crop must give x, y and zoom as numbers.'],
    ['text that is not JSON', 'middle', 'The crop must give x, y and zoom as numbers.'],
  ])('refuses %s with a clear 400 and keeps the photo', async (_, crop, message) => {
    const p = await createProduct(t.services);
    const first = (await (await upload(p.id, await png(), 'first.png', 'image/png')).json()).product.photo;
    const res = await uploadCropped(p.id, await stripes(), crop);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(message);
    expect(await shopPhoto(p.id)).toBe(first);
  });
});

describe('placing the square again on a photo already kept', () => {
  const recrop = (id: string, crop: unknown) =>
    t.app.request(`/api/admin/products/${id}/photo/crop`, {
      method: 'PUT',
      headers: { origin: t.origin, cookie, 'content-type': 'application/json' },
      body: JSON.stringify(crop),
    });

  it('cuts the kept master, without the file being sent again', async () => {
    const p = await createProduct(t.services);
    const first = (await (await uploadCropped(p.id, await stripes(), '{"x":20,"y":50,"zoom":1}')).json())
      .product.photo as string;

    const master = await t.app.request(`/api/admin/products/${p.id}/photo/master.webp`, {
      headers: { cookie },
    });
    expect(master.status).toBe(200);
    expect(await sharp(new Uint8Array(await master.arrayBuffer())).metadata()).toMatchObject({
      format: 'webp',
      width: 1200,
      height: 400,
    });

    const res = await recrop(p.id, { x: 100, y: 50, zoom: 1 });
    expect(res.status).toBe(200);
    const { product } = (await res.json()) as { product: { photo: string } };
    expect(product.photo).not.toBe(first);
    expect(await shopPhoto(p.id)).toBe(product.photo);
    expect(near(await meanColour(product.photo, 800, 'avif'), [0, 0, 255])).toBe(true);
    expect((await t.app.request(`/api/photos/${first}-400.webp`)).status).toBe(404);
  });

  it('refuses a bad crop or a product without a photo, changing nothing', async () => {
    const p = await createProduct(t.services);
    const none = await recrop(p.id, { x: 50, y: 50, zoom: 1 });
    expect(none.status).toBe(400);
    expect(((await none.json()) as { error: { message: string } }).error.message).toBe(
      'This product has no photo to crop. Please choose one.',
    );
    expect(
      (await t.app.request(`/api/admin/products/${p.id}/photo/master.webp`, { headers: { cookie } })).status,
    ).toBe(404);

    const photo = (await (await upload(p.id, await png(), 'a.png', 'image/png')).json()).product.photo;
    const bad = await recrop(p.id, { x: 50, y: 50, zoom: '2' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe(
      'The zoom must be a number from 1 to 3.',
    );
    expect(await shopPhoto(p.id)).toBe(photo);
  });

  it('shows the master and takes a crop only from an admin', async () => {
    const p = await createProduct(t.services);
    const photo = (await (await upload(p.id, await png(), 'a.png', 'image/png')).json()).product.photo;
    expect((await t.app.request(`/api/admin/products/${p.id}/photo/master.webp`)).status).toBe(401);
    const res = await t.app.request(`/api/admin/products/${p.id}/photo/crop`, {
      method: 'PUT',
      headers: { origin: t.origin, 'content-type': 'application/json' },
      body: JSON.stringify({ x: 0, y: 0, zoom: 2 }),
    });
    expect(res.status).toBe(401);
    expect(await shopPhoto(p.id)).toBe(photo);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopSettings } from '~/server/db/schema';
import { api, apiJson, createUser, ownerTestApp } from '~/test/factories';
import type { TestApp } from '~/test/test-app';

const SHOP_ADDRESS = '1 Mardol, Shrewsbury SY1 1PU';
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  ({ t, cookie } = await ownerTestApp({ env: { SHOP_ADDRESS } }));
});
afterAll(() => t.close());

const put = (body: unknown, as = cookie) => apiJson(t, 'PUT', '/api/admin/settings', body, as);

describe('shop settings', () => {
  it('start as £4.99 delivery, no free delivery and no collection', async () => {
    const res = await api(t, 'GET', '/api/admin/settings', undefined, cookie);
    expect(await res.json()).toEqual({
      settings: {
        deliveryFeePennies: 499,
        freeDeliveryOverPennies: null,
        collectionEnabled: false,
        collectionAddress: SHOP_ADDRESS,
        collectionHours: '',
        collectionSlotMinutes: null,
        collectionSlotOpens: null,
        collectionSlotCloses: null,
        collectionSlotCap: null,
      },
    });
  });

  it('keep amounts typed in pounds as pence, and bump the page cache version', async () => {
    const before = await t.services.catalogVersion.current();
    const saved = await put({
      deliveryFee: '3.50',
      freeDelivery: true,
      freeDeliveryOver: '£20',
      collection: 'on',
      collectionAddress: 'The Bakehouse, 4 Wyle Cop',
      collectionHours: ' Tue-Sat 9am-4pm ',
    });
    expect(saved).toEqual({
      status: 200,
      body: {
        settings: {
          deliveryFeePennies: 350,
          freeDeliveryOverPennies: 2000,
          collectionEnabled: true,
          collectionAddress: 'The Bakehouse, 4 Wyle Cop',
          collectionHours: 'Tue-Sat 9am-4pm',
          collectionSlotMinutes: null,
          collectionSlotOpens: null,
          collectionSlotCloses: null,
          collectionSlotCap: null,
        },
      },
    });
    expect(await t.services.catalogVersion.current()).toBe(before + 1);
    // Switched off, the threshold is forgotten whatever amount was left in the field.
    const off = await put({ deliveryFee: '4.99', freeDelivery: false, freeDeliveryOver: '20' });
    expect(off.body.settings).toMatchObject({ freeDeliveryOverPennies: null, collectionEnabled: false });
  });

  it('refuse bad amounts and missing details with a clear message, writing nothing', async () => {
    await put({ deliveryFee: '4.99' });
    const before = await t.services.db.select().from(shopSettings);
    for (const [body, field, message] of [
      [{ deliveryFee: 'four pounds' }, 'deliveryFee', 'Delivery fee must be an amount in pounds, like 20.00'],
      [{ deliveryFee: '-1' }, 'deliveryFee', 'Delivery fee must be an amount in pounds, like 20.00'],
      [{ deliveryFee: '4.999' }, 'deliveryFee', 'Delivery fee must be an amount in pounds, like 20.00'],
      [{ deliveryFee: '100.01' }, 'deliveryFee', 'Delivery fee must be at most £100.00'],
      [{}, 'deliveryFee', 'Delivery fee must be an amount in pounds, like 20.00'],
      [
        { deliveryFee: '4.99', freeDelivery: true },
        'freeDeliveryOver',
        'Free delivery amount must be an amount in pounds, like 20.00',
      ],
      [
        { deliveryFee: '4.99', freeDelivery: true, freeDeliveryOver: '0' },
        'freeDeliveryOver',
        'Free delivery amount must be at least £0.01',
      ],
      [
        { deliveryFee: '4.99', collection: true, collectionAddress: 'A', collectionHours: '  ' },
        'collectionHours',
        'Say when customers can collect (e.g. Tue-Sat 9am-5pm)',
      ],
      [
        { deliveryFee: '4.99', collection: true, collectionAddress: ' ', collectionHours: '9-5' },
        'collectionAddress',
        'Give the address customers collect from',
      ],
      [
        { deliveryFee: '4.99', collection: true, collectionAddress: 'A\nB', collectionHours: '9-5' },
        'collectionAddress',
        'Collection address contains characters that are not allowed',
      ],
      [
        { deliveryFee: '4.99', collection: true, collectionAddress: 'A', collectionHours: 'x'.repeat(201) },
        'collectionHours',
        'Keep the collection hours under 200 characters',
      ],
      [{ deliveryFee: '4.99', collection: 'yes' }, 'collection', 'Choose on or off'],
    ] as const) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toBe(message);
      expect(res.body.error.fields[field]).toBe(message);
    }
    expect(await t.services.db.select().from(shopSettings)).toEqual(before);
  });

  it('answer only an admin', async () => {
    const customer = await createUser(t);
    expect((await put({ deliveryFee: '0' }, customer.cookie)).status).toBe(403);
    expect((await put({ deliveryFee: '0' }, '')).status).toBe(401);
    expect((await t.services.settings.get()).deliveryFeePennies).toBe(499);
  });
});

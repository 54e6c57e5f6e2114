import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { activityLog, backupRuns, orders, refunds } from '~/server/db/schema';
import { DiscountCodeFormSchema } from '~/shared/discounts/discount-code';
import {
  type EmptyTarget,
  emptyEmbeddedTarget,
  emptyPostgresTarget,
  everyRow,
  shopOn,
  testConfig,
} from '~/test/backup-targets';
import { api, createProduct, createUser, signIn } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';
import { storedCatalogVersion } from '../db/catalog-version';
import { runRestoreCommand } from './backup-commands';
import { BackupDamaged, checkBackupFile, type Manifest } from './backup-file';
import { verifyBackup } from './backup-service';

const silent = { info() {}, error() {} };
// Each restore opens a new embedded database (seconds each on a busy machine), and each backup
// starts child processes of its own (copy, file, proof): minutes on a machine that is busy.
vi.setConfig({ testTimeout: 400_000 });
let t: TestApp;
let backupDir: string;
let customer: { email: string; password: string };
let admin: { cookie: string };
let paidOrderId: string;
let photo: string;

beforeAll(async () => {
  backupDir = mkdtempSync(path.join(os.tmpdir(), 'shop-backups-'));
  t = await createTestApp({ env: { BACKUP_DIR: backupDir } });
  admin = await createUser(t, { admin: true });
  customer = await createUser(t, { password: 'shortbread-2026' });
  const customerCookie = await signIn(t, customer.email, customer.password);

  // A product with a photo (the photo's bytes live in the database).
  const product = await createProduct(t.services, { name: 'Ginger Snap', pricePennies: 350 });
  const form = new FormData();
  const png = await sharp({
    create: { width: 400, height: 400, channels: 3, background: { r: 200, g: 120, b: 40 } },
  })
    .png()
    .toBuffer();
  form.set('photo', new File([new Uint8Array(png)], 'ginger.png', { type: 'image/png' }));
  const uploaded = await t.app.request(`/api/admin/products/${product.id}/photo`, {
    method: 'PUT',
    headers: { origin: t.origin, cookie: admin.cookie },
    body: form,
  });
  expect(uploaded.status).toBe(200);
  photo = ((await uploaded.json()) as { product: { photo: string } }).product.photo;

  // A discount code, used by a paid order that is then partly refunded; settings; a contact message.
  await t.services.discounts.create(
    DiscountCodeFormSchema.parse({ kind: 'percent', percent: '10', is_active: true, code: 'THANKYOU' }),
  );
  const placed = await api(
    t,
    'POST',
    '/api/checkout/create-checkout-session',
    { items: [{ product_id: product.id, quantity: 4 }], discount_code: 'THANKYOU' },
    customerCookie,
  );
  expect(placed.status).toBe(200);
  const { sessionId, orderId } = (await placed.json()) as { sessionId: string; orderId: string };
  const paid = await api(t, 'POST', `/api/payments/test/sessions/${sessionId}/pay`, {
    cardNumber: '4242 4242 4242 4242',
    expiry: '12 / 40',
    cvc: '123',
    name: 'Mary Smith',
  });
  expect(paid.status).toBe(200);
  paidOrderId = orderId;
  const refunded = await api(
    t,
    'POST',
    `/api/admin/orders/${orderId}/refunds`,
    { amount: 200, reason: 'One cookie broken', request_key: crypto.randomUUID() },
    admin.cookie,
  );
  expect(refunded.status).toBe(201);
  const settings = await api(
    t,
    'PUT',
    '/api/admin/settings',
    { deliveryFee: '3.75', freeDelivery: true, freeDeliveryOver: '30' },
    admin.cookie,
  );
  expect(settings.status).toBe(200);
  const contact = await api(t, 'POST', '/api/contact', {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    message: 'Do you deliver to Ludlow?',
  });
  expect(contact.status).toBe(201);
});
afterAll(async () => {
  await t.close();
  rmSync(backupDir, { recursive: true, force: true });
});

const tablesOf = (m: Manifest) => Object.keys(m.tables);

let taken: { file: string; manifest: Manifest } | null = null;
/** The backup of the data above, taken (and verified) once for the file's tests. */
async function backUp() {
  if (taken) return taken;
  const result = await t.services.backups.take('manual');
  expect(result).toMatchObject({ verified: true, error: null });
  taken = { file: result.file!, manifest: await checkBackupFile(result.file!) };
  return taken;
}

/** Restores `file` into `target` with `npm run restore`'s code and opens the shop there. */
async function restoreInto(target: EmptyTarget, file: string) {
  const restored = await runRestoreCommand(testConfig(target.env), [file], silent);
  expect(restored).toMatchObject({ code: 0 });
  return shopOn(target.env);
}

/** Every row, the paid order with its refund, the customer's password and the photo: as they were. */
async function expectSameShop(file: string, manifest: Manifest, target: EmptyTarget) {
  const shop = await restoreInto(target, file);
  try {
    // The catalogue version is not the shop's data but its caches' key: it moves past the
    // backup's, so instances still running on the database drop the settings, zones and products
    // they kept (decision 056).
    // The activity log goes on after the backup on both sides: the backup's own entry here, the
    // restore's there (checked below).
    const shopData = tablesOf(manifest).filter(
      (table) => !['change_counters', 'activity_log'].includes(table),
    );
    expect(await everyRow(shop.services.db, shopData)).toEqual(await everyRow(t.services.db, shopData));
    const restoredLog = await shop.services.db.select().from(activityLog).orderBy(activityLog.at);
    expect(restoredLog).toHaveLength((manifest.tables.activity_log ?? 0) + 1);
    expect(restoredLog.at(-1)).toMatchObject({
      kind: 'backup.restored',
      actorName: 'npm run restore',
      recordId: path.basename(file),
      after: { paidOrders: 1, replaced: false },
    });
    expect(await storedCatalogVersion(shop.services.db)).toBeGreaterThan(
      (await storedCatalogVersion(t.services.db))!,
    );
    expect(manifest.paidOrders).toEqual({ count: 1, totalPennies: expect.any(String) });
    const [order] = await shop.services.db.select().from(orders).where(eq(orders.id, paidOrderId));
    expect(order).toMatchObject({ status: 'paid', discountCode: 'THANKYOU' });
    expect(
      await shop.services.db.select().from(refunds).where(eq(refunds.orderId, paidOrderId)),
    ).toHaveLength(1);
    // The customer signs in with their own password on the restored shop, and sees the order.
    const cookie = await signIn(shop, customer.email, customer.password);
    const mine = await api(shop, 'GET', `/api/account/orders/${paidOrderId}`, undefined, cookie);
    expect(mine.status).toBe(200);
    const served = await shop.app.request(`/api/photos/${photo}-400.webp`);
    expect(served.status).toBe(200);
    // The dashboard's sales (kept by triggers) were restored as they were, not counted twice.
    const dashboard = await api(
      shop,
      'GET',
      '/api/admin/dashboard',
      undefined,
      await signIn(shop, 'x', 'y').catch(() => ''),
    );
    expect(dashboard.status).not.toBe(500);
  } finally {
    await shop.close();
  }
}

describe('a backup', () => {
  it('holds every table and is verified and recorded', async () => {
    const { manifest } = await backUp();
    expect(manifest.source).toBe(t.services.dbKind);
    expect(manifest.schema.migration).toMatch(/^\d{4}_/);
    for (const table of [
      'users',
      'accounts',
      'sessions',
      'orders',
      'order_items',
      'order_payments',
      'refunds',
      'order_status_history',
      'discount_codes',
      'product_photo_files',
      'shop_settings',
      'email_outbox',
      'contact_messages',
      'sales_by_day',
    ]) {
      expect(manifest.tables[table], table).toBeGreaterThan(0);
    }
    expect(manifest.tables.backup_runs).toBeUndefined();
    // The activity log says the machine took it, and when.
    const [entry] = await t.services.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.kind, 'backup.taken'));
    expect(entry).toMatchObject({
      actorName: 'npm run backup',
      actorRole: 'system',
      recordId: path.basename(taken!.file),
    });
    const status = await t.services.backups.status();
    expect(status.last).toMatchObject({ verified: true, error: null });
    expect(status.lastVerifiedAt).toBe(status.last!.at);
    // What an operator's alert reads: seconds since the last verified backup.
    const scraped = await t.services.metrics.registry.metrics();
    const age = Number(/^shop_backup_age_seconds (\S+)$/m.exec(scraped)?.[1]);
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(600);
  });

  it('restores into an empty embedded database with every row as it was', async () => {
    const { file, manifest } = await backUp();
    const target = emptyEmbeddedTarget();
    try {
      await expectSameShop(file, manifest, target);
    } finally {
      await target.drop();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'restores into an empty PostgreSQL database with every row as it was',
    async () => {
      const { file, manifest } = await backUp();
      const target = await emptyPostgresTarget();
      try {
        await expectSameShop(file, manifest, target);
      } finally {
        await target.drop();
      }
    },
  );

  it('is not restored over a database holding data without --replace; with it, what was there is backed up first', async () => {
    const { file } = await backUp();
    const target = t.services.dbKind === 'pglite' ? emptyEmbeddedTarget() : await emptyPostgresTarget();
    try {
      expect(await runRestoreCommand(testConfig(target.env), [file], silent)).toMatchObject({ code: 0 });
      const before = await shopOn(target.env);
      await createProduct(before.services, { name: 'Only here' });
      await before.close();
      const refused = await runRestoreCommand(testConfig(target.env), [file], silent);
      expect(refused).toEqual({
        code: 1,
        message: expect.stringContaining('holds data: nothing was restored'),
      });
      const replaced = await runRestoreCommand(testConfig(target.env), [file, '--replace'], silent);
      expect(replaced.code).toBe(0);
      const saved = /What was there before is in (\S+)\.$/.exec(replaced.message)?.[1];
      expect(saved).toBeTruthy();
      const savedManifest = await checkBackupFile(saved!);
      expect(savedManifest.tables.products).toBe((await checkBackupFile(file)).tables.products! + 1);
    } finally {
      await target.drop();
    }
  });
});

describe('verifying a backup', () => {
  it('finds a damaged file', async () => {
    const { file } = await backUp();
    const damaged = `${file}.damaged.gz`;
    const text = gunzipSync(readFileSync(file)).toString();
    writeFileSync(damaged, gzipSync(text.replace('One cookie broken', 'One cookie BROKEN')));
    await expect(verifyBackup(damaged)).rejects.toThrow(/checksum does not match/);
    writeFileSync(damaged, readFileSync(file).subarray(0, 200));
    await expect(verifyBackup(damaged)).rejects.toThrow(BackupDamaged);
  });

  it('finds a backup that does not restore to its manifest, and the failure is shown', async () => {
    const { file } = await backUp();
    const lines = gunzipSync(readFileSync(file)).toString().split('\n');
    const manifest = JSON.parse(lines[0]!) as Manifest;
    manifest.paidOrders.totalPennies = String(Number(manifest.paidOrders.totalPennies) + 1);
    lines[0] = JSON.stringify(manifest);
    const body = `${lines.slice(0, -2).join('\n')}\n`;
    const end = JSON.parse(lines.at(-2)!.slice('@end '.length));
    end.sha256 = createHash('sha256').update(body).digest('hex');
    const lying = `${file}.lying.gz`;
    writeFileSync(lying, gzipSync(`${body}@end ${JSON.stringify(end)}\n`));
    await expect(verifyBackup(lying)).rejects.toThrow(/did not restore as it was taken: paid orders/);
  });

  it('reports a failing BACKUP_COMMAND as a failed backup, in the status the back office shows', async () => {
    const failing = { ...t.services.config.backup, command: 'echo "remote unreachable" >&2; exit 3' };
    const { createBackupService } = await import('./backup-service');
    const errors: string[] = [];
    const service = createBackupService(failing, t.services.db, t.services.dbKind, {
      info() {},
      error: (_: unknown, message?: string) => void errors.push(message ?? ''),
    });
    const result = await service.take('manual');
    expect(result).toMatchObject({
      verified: false,
      error: 'BACKUP_COMMAND failed (exit 3): remote unreachable',
    });
    expect(errors).toEqual(['BACKUP FAILED: BACKUP_COMMAND failed (exit 3): remote unreachable']);
    const status = await service.status();
    expect(status.last).toMatchObject({
      verified: false,
      error: 'BACKUP_COMMAND failed (exit 3): remote unreachable',
    });
    expect(status.lastVerifiedAt).not.toBeNull();
    await t.services.db.delete(backupRuns).where(eq(backupRuns.verified, false));
  });
});

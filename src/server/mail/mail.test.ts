import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { contactMessages, emailOutbox, orderItems, orders } from '~/server/db/schema';
import { type ReceivedEmail, type SmtpSink, startSmtpSink } from '~/test/doubles/smtp-sink';
import { createProduct, createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';
import { backoffSeconds } from './outbox';

let t: TestApp;
let sink: SmtpSink;
const received: ReceivedEmail[] = [];

beforeAll(async () => {
  sink = await startSmtpSink(0, received);
  t = await createTestApp({ env: { SMTP_URL: sink.url, SHOP_EMAIL: 'inbox@shop.example' } });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});
afterEach(async () => {
  received.length = 0;
  await t.services.mail.deliverDue();
  received.length = 0;
});

let ip = 0;
const sendContact = (body: Record<string, string>) =>
  t.app.request('/api/contact', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: t.origin, 'x-forwarded-for': `10.9.0.${++ip}` },
    body: JSON.stringify(body),
  });

const outboxRow = async (dedupeKey: string) =>
  (await t.services.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, dedupeKey)))[0]!;

async function messageIdOf(email: string) {
  const [row] = await t.services.db.select().from(contactMessages).where(eq(contactMessages.email, email));
  return row!.id;
}

describe('over SMTP', () => {
  it('delivers a contact message to the shop inbox, reply-to the sender, with user text escaped', async () => {
    const res = await sendContact({
      name: 'Ada <b>Lovelace</b>',
      email: 'ada@example.com',
      message: 'Do you bake <script>alert(1)</script> gluten-free?\nThanks!',
    });
    expect(res.status).toBe(201);

    expect(await t.services.mail.deliverDue()).toEqual({ sent: 1, logged: 0, failed: 0 });
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.rcptTo).toEqual(['inbox@shop.example']);
    expect(mail.headers['reply-to']).toBe('ada@example.com');
    expect(mail.subject).toBe('New contact message from Ada <b>Lovelace</b>');
    expect(mail.text).toContain('Do you bake <script>alert(1)</script> gluten-free?\nThanks!');
    expect(mail.text).toContain('Email: ada@example.com');
    expect(mail.html).toContain('Do you bake &lt;script&gt;alert(1)&lt;/script&gt; gluten-free?<br>Thanks!');
    expect(mail.html).toContain('Ada &lt;b&gt;Lovelace&lt;/b&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>Lovelace');

    const row = await outboxRow(`contact:${await messageIdOf('ada@example.com')}`);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('sends the order confirmation to the customer with its lines, delivery, total and address, and the owner alert', async () => {
    const customer = await createUser(t, { fullName: 'Mary Jones' });
    const cookie = await createProduct(t.services, { name: 'Pecan & Maple Syrup', pricePennies: 475 });
    const [order] = await t.services.db
      .insert(orders)
      .values({
        profileId: customer.userId,
        status: 'paid',
        subtotalPennies: 950,
        deliveryFeePennies: 499,
        totalPennies: 1449,
        shipName: 'Mary Jones',
        shipPhone: '07123456789',
        shipAddress: '3 Mardol',
        shipCity: 'Shrewsbury',
        shipPostcode: 'SY1 1PU',
        paymentProvider: 'test',
      })
      .returning();
    await t.services.db.insert(orderItems).values({
      orderId: order!.id,
      productId: cookie.id,
      productName: cookie.name,
      quantity: 2,
      unitPricePennies: 475,
    });

    const view = await t.services.orders.getForAdmin(order!.id);
    await t.services.mail.queueOrderEmail({ kind: 'paid' }, view);
    await t.services.mail.queueOrderEmail({ kind: 'paid' }, view);
    // The confirmation to the customer and the owner's alert, each once.
    expect(await t.services.mail.deliverDue()).toMatchObject({ sent: 2, failed: 0 });
    expect(received).toHaveLength(2);
    const alert = received.find((m) => m.rcptTo[0] === 'inbox@shop.example')!;
    expect(alert.subject).toBe(`New order #${order!.id.slice(0, 8)} — £14.49`);
    expect(alert.headers['reply-to']).toBe(customer.email);
    expect(alert.text).toContain('2 x Pecan & Maple Syrup (£4.75 each)  £9.50');

    const mail = received.find((m) => m.rcptTo[0] === customer.email)!;
    expect(mail.rcptTo).toEqual([customer.email]);
    expect(mail.subject).toContain(order!.id.slice(0, 8));
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(order!.id.slice(0, 8));
      expect(part).toContain('£9.50');
      expect(part).toContain('£4.99');
      expect(part).toContain('£14.49');
      expect(part).toContain('Shrewsbury');
      expect(part).toContain('SY1 1PU');
    }
    expect(mail.text).toMatch(/^Hi Mary,/);
    expect(mail.text).toContain('2 x Pecan & Maple Syrup (£4.75 each)  £9.50');
    expect(mail.html).toContain(`href="http://shop.test/account/orders/${order!.id}"`);
    expect(mail.html).toMatch(/Pecan &(amp|#38);/);
  });
});

describe('when the mail server is down', () => {
  it('keeps the message and its e-mail, then delivers it once the server is back', async () => {
    await sink.close();

    const res = await sendContact({ name: 'Bob', email: 'bob@example.com', message: 'Hello?' });
    expect(res.status).toBe(201);
    const key = `contact:${await messageIdOf('bob@example.com')}`;

    expect(await t.services.mail.deliverDue()).toEqual({ sent: 0, logged: 0, failed: 1 });
    let row = await outboxRow(key);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null });
    expect(row.lastError).toBeTruthy();
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    sink = await startSmtpSink(sink.port, received);
    // Not due yet: the back-off is respected.
    expect(await t.services.mail.deliverDue()).toEqual({ sent: 0, logged: 0, failed: 0 });
    expect(received).toHaveLength(0);

    // The back-off has passed.
    await t.services.db
      .update(emailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(emailOutbox.dedupeKey, key));
    expect(await t.services.mail.deliverDue()).toEqual({ sent: 1, logged: 0, failed: 0 });
    expect(received.map((m) => m.subject)).toEqual(['New contact message from Bob']);
    row = await outboxRow(key);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });

    expect(await t.services.mail.deliverDue()).toEqual({ sent: 0, logged: 0, failed: 0 });
    expect(received).toHaveLength(1);
  });

  it('backs off exponentially, capped at an hour', () => {
    expect([1, 2, 3, 4].map(backoffSeconds)).toEqual([10, 20, 40, 80]);
    expect(backoffSeconds(30)).toBe(3600);
  });
});

describe('exactly once', () => {
  it('hands each e-mail to the server once when passes run concurrently', async () => {
    for (let i = 0; i < 25; i++) {
      await t.services.mail.enqueue({
        dedupeKey: `bulk-${i}`,
        kind: 'test',
        to: `person${i}@example.com`,
        subject: `Bulk ${i}`,
        text: 'Hello',
        html: '<p>Hello</p>',
      });
    }
    const passes = await Promise.all([1, 2, 3].map(() => t.services.mail.deliverDue()));
    expect(passes.reduce((n, p) => n + p.sent, 0)).toBe(25);
    expect(received).toHaveLength(25);
    expect(new Set(received.map((m) => m.subject)).size).toBe(25);
    // Each batch is marked in one statement: every one of them is recorded as sent, and released.
    const rows = await t.services.db
      .select()
      .from(emailOutbox)
      .where(sql`${emailOutbox.dedupeKey} like 'bulk-%'`);
    expect(rows.map((r) => [r.status, r.sentAt !== null, r.lockedUntil])).toEqual(
      Array.from({ length: 25 }, () => ['sent', true, null]),
    );
  });

  it('leaves a row claimed by another instance alone until its lease runs out', async () => {
    await t.services.mail.enqueue({
      dedupeKey: 'claimed-elsewhere',
      kind: 'test',
      to: 'someone@example.com',
      subject: 'Claimed',
      text: 'Hi',
      html: '<p>Hi</p>',
    });
    const lease = (interval: string) =>
      t.services.db
        .update(emailOutbox)
        .set({ lockedUntil: sql.raw(`now() + interval '${interval}'`) })
        .where(eq(emailOutbox.dedupeKey, 'claimed-elsewhere'));

    await lease('1 minute');
    expect((await t.services.mail.deliverDue()).sent).toBe(0);
    // The other instance died mid-send: once its lease expires the e-mail is not lost.
    await lease('-1 second');
    expect((await t.services.mail.deliverDue()).sent).toBe(1);
    expect(received.map((m) => m.subject)).toEqual(['Claimed']);
  });

  it('ignores a second enqueue with the same dedupe key', async () => {
    const email = {
      dedupeKey: 'once-only',
      kind: 'test',
      to: 'x@example.com',
      subject: 'Once',
      text: 'a',
      html: 'a',
    };
    await t.services.mail.enqueue(email);
    await t.services.mail.enqueue({ ...email, subject: 'Twice' });
    await t.services.mail.deliverDue();
    expect(received.map((m) => m.subject)).toEqual(['Once']);
  });
});

describe('the worker', () => {
  it('delivers without being asked once started, and stops cleanly', async () => {
    t.services.mail.start();
    try {
      await sendContact({ name: 'Cara', email: 'cara@example.com', message: 'Worker test' });
      await vi.waitFor(
        () => expect(received.map((m) => m.subject)).toContain('New contact message from Cara'),
        {
          timeout: 5_000,
        },
      );
    } finally {
      await t.services.mail.stop();
    }
  });
});

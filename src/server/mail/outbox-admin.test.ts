import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '~/server/db/schema';
import { createLogger } from '~/server/logger';
import { api, createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';
import { createMailService } from './mail-service';
import { MAX_ATTEMPTS } from './outbox';
import type { OutgoingEmail } from './outgoing-email';

let t: TestApp;
let admin: string;
let customer: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t, { admin: true })).cookie;
  customer = (await createUser(t)).cookie;
});
afterAll(() => t.close());

let seq = 0;
const email = (overrides: Partial<OutgoingEmail> = {}): OutgoingEmail => {
  const n = seq++;
  return {
    dedupeKey: `admin-test-${n}`,
    kind: 'test',
    to: `person${n}@example.com`,
    subject: `Test e-mail ${n}`,
    text: `Hello number ${n}`,
    html: `<p>Hello number ${n}</p>`,
    ...overrides,
  };
};
const idOf = async (dedupeKey: string) =>
  (await t.services.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, dedupeKey)))[0]!;

/** A worker whose mail server refuses everything, on the same outbox. */
function refusingWorker() {
  return createMailService(t.services.config, t.services.db, createLogger(t.services.config), {
    mode: 'smtp',
    async send() {
      throw new Error('550 5.1.1 Mailbox unavailable');
    },
    close() {},
  });
}
/**
 * Queues an e-mail alone (everything else already delivered) and runs the refusing worker until
 * it has had every attempt, skipping the back-off waits.
 */
async function failForGood(e: OutgoingEmail) {
  const { dedupeKey } = e;
  await t.services.mail.deliverDue();
  await t.services.mail.enqueue(e);
  const worker = refusingWorker();
  for (let i = 0; i < MAX_ATTEMPTS + 2; i++) {
    await t.services.db
      .update(emailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(emailOutbox.dedupeKey, dedupeKey));
    await worker.deliverDue();
  }
  await worker.stop();
  return idOf(dedupeKey);
}

describe('GET /api/admin/emails', () => {
  it('lists the outbox newest first, a page at a time, with status, attempts and last error', async () => {
    for (let i = 0; i < 22; i++) {
      await t.services.mail.enqueue(email());
      // Distinct creation times, so "newest first" is observable.
      await new Promise((r) => setTimeout(r, 2));
    }
    const first = await (await api(t, 'GET', '/api/admin/emails', undefined, admin)).json();
    expect(first).toMatchObject({ page: 1, pageSize: 20, pageCount: 2 });
    expect(first.total).toBeGreaterThanOrEqual(22);
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).toMatchObject({
      kind: 'test',
      to: `person${seq - 1}@example.com`,
      subject: `Test e-mail ${seq - 1}`,
      status: 'pending',
      attempts: 0,
      last_error: null,
      sent_at: null,
    });
    const times = first.items.map((e: { created_at: string }) => e.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    // The list leaves the bodies out; reading one e-mail gives them.
    expect(first.items[0].text).toBeUndefined();

    const second = await (await api(t, 'GET', '/api/admin/emails?page=2', undefined, admin)).json();
    expect(second.page).toBe(2);
    expect(second.items.map((e: { id: string }) => e.id)).not.toContain(first.items[0].id);

    expect((await api(t, 'GET', '/api/admin/emails?page=0', undefined, admin)).status).toBe(400);
  });

  it('reads one e-mail with its text; an unknown id is a 404', async () => {
    const e = email({ replyTo: 'shop@example.com' });
    await t.services.mail.enqueue(e);
    const row = await idOf(e.dedupeKey);
    const res = await api(t, 'GET', `/api/admin/emails/${row.id}`, undefined, admin);
    expect(res.status).toBe(200);
    expect((await res.json()).email).toMatchObject({
      id: row.id,
      to: e.to,
      reply_to: 'shop@example.com',
      subject: e.subject,
      text: e.text,
      html: e.html,
    });
    for (const id of [crypto.randomUUID(), 'not-a-uuid']) {
      const missing = await api(t, 'GET', `/api/admin/emails/${id}`, undefined, admin);
      expect(missing.status).toBe(404);
      expect((await missing.json()).error.code).toBe('not_found');
    }
  });

  it('answers only to an admin', async () => {
    const row = await idOf((await t.services.db.select().from(emailOutbox).limit(1))[0]!.dedupeKey);
    for (const [cookie, status] of [
      [undefined, 401],
      [customer, 403],
    ] as const) {
      expect((await api(t, 'GET', '/api/admin/emails', undefined, cookie)).status).toBe(status);
      expect((await api(t, 'GET', `/api/admin/emails/${row.id}`, undefined, cookie)).status).toBe(status);
      expect((await api(t, 'POST', `/api/admin/emails/${row.id}/resend`, {}, cookie)).status).toBe(status);
    }
  });
});

describe('a failing e-mail', () => {
  it(`is retried, then marked failed after ${MAX_ATTEMPTS} attempts and left alone`, async () => {
    const e = email();
    const row = await failForGood(e);
    expect(row).toMatchObject({
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      lastError: '550 5.1.1 Mailbox unavailable',
      lockedUntil: null,
    });
    // Nobody tries it again on their own.
    expect(await t.services.mail.deliverDue()).toMatchObject({ logged: 0, sent: 0, failed: 0 });
    const listed = await (await api(t, 'GET', '/api/admin/emails', undefined, admin)).json();
    expect(listed.items.find((i: { id: string }) => i.id === row.id)).toMatchObject({
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      last_error: '550 5.1.1 Mailbox unavailable',
    });
  });

  it('is queued again by Resend, once for a double click, and then delivered', async () => {
    const e = email();
    const { id } = await failForGood(e);

    const [a, b] = await Promise.all([
      api(t, 'POST', `/api/admin/emails/${id}/resend`, {}, admin),
      api(t, 'POST', `/api/admin/emails/${id}/resend`, {}, admin),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    const refused = a.status === 400 ? a : b;
    expect((await refused.json()).error.message).toBe('This e-mail is already queued to be sent');
    const ok = a.status === 200 ? a : b;
    expect((await ok.json()).email).toMatchObject({ id, status: 'pending', attempts: 0 });

    // The shop's own worker (log mode here) picks it up at once.
    expect((await t.services.mail.deliverDue()).logged).toBe(1);
    expect(await idOf(e.dedupeKey)).toMatchObject({ status: 'logged', attempts: 1, lastError: null });
  });

  it('is the only kind Resend takes: a sent or logged one is a 400, an unknown one a 404', async () => {
    const e = email();
    await t.services.mail.enqueue(e);
    await t.services.mail.deliverDue();
    const row = await idOf(e.dedupeKey);
    expect(row.status).toBe('logged');
    const res = await api(t, 'POST', `/api/admin/emails/${row.id}/resend`, {}, admin);
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe('Only a failed e-mail can be sent again');
    expect(await idOf(e.dedupeKey)).toMatchObject({ status: 'logged', attempts: 1 });
    expect((await api(t, 'POST', `/api/admin/emails/${crypto.randomUUID()}/resend`, {}, admin)).status).toBe(
      404,
    );
  });
});

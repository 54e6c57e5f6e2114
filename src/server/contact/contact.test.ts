import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, emailOutbox } from '~/server/db/schema';
import { createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';
import { CONTACT_RATE_LIMIT_MESSAGE } from './contact-service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SHOP_EMAIL: 'inbox@shop.example' } });
});
afterAll(() => t.close());

let ipSeq = 0;
const freshIp = () => `10.1.0.${++ipSeq}`;

function post(body: unknown, ip = freshIp(), contentType = 'application/json') {
  return t.app.request('/api/contact', {
    method: 'POST',
    headers: { 'content-type': contentType, origin: t.origin, 'x-forwarded-for': ip },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const counts = async () => {
  const [messages] = await t.services.db.select({ n: count() }).from(contactMessages);
  const [emails] = await t.services.db.select({ n: count() }).from(emailOutbox);
  return { messages: messages!.n, emails: emails!.n };
};

const valid = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Do you deliver to Ludlow?' };

describe('POST /api/contact', () => {
  it('stores the message and queues its e-mail to the shop inbox in log mode', async () => {
    const res = await post({ name: '  Grace  ', email: ' grace@example.com ', message: '  Hello there \n' });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ ok: true });

    const [saved] = await t.services.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'grace@example.com'));
    expect(saved).toMatchObject({ name: 'Grace', message: 'Hello there' });

    const [email] = await t.services.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `contact:${saved!.id}`));
    expect(email).toMatchObject({
      kind: 'contact',
      to: 'inbox@shop.example',
      replyTo: 'grace@example.com',
      subject: 'New contact message from Grace',
      status: 'pending',
    });

    // Without SMTP_URL the e-mail is kept in the outbox and written to the log, and counts as done.
    expect(t.services.mail.mode).toBe('log');
    expect(await t.services.mail.deliverDue()).toEqual({ sent: 0, logged: 1, failed: 0 });
    const [after] = await t.services.db.select().from(emailOutbox).where(eq(emailOutbox.id, email!.id));
    expect(after!.status).toBe('logged');
    expect(await t.services.mail.deliverDue()).toEqual({ sent: 0, logged: 0, failed: 0 });
  });

  it.each([
    ['a missing name', { ...valid, name: undefined }, 'Name is required'],
    ['a blank name', { ...valid, name: '   ' }, 'Name is required'],
    ['a long name', { ...valid, name: 'a'.repeat(101) }, 'Name must be less than 100 characters'],
    ['a missing email', { ...valid, email: '' }, 'Email is required'],
    ['a malformed email', { ...valid, email: 'ada@' }, 'Invalid email address'],
    [
      'a long email',
      { ...valid, email: `${'a'.repeat(250)}@example.com` },
      'Email must be less than 255 characters',
    ],
    ['a blank message', { ...valid, message: ' \n ' }, 'Message is required'],
    ['a long message', { ...valid, message: 'a'.repeat(5001) }, 'Message must be less than 5000 characters'],
    ['a number for a name', { ...valid, name: 42 }, 'Name is required'],
  ])('refuses %s with a clear message and stores nothing', async (_, body, message) => {
    const before = await counts();
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'bad_request', message } });
    expect(await counts()).toEqual(before);
  });

  it('refuses a body that is not JSON', async () => {
    const before = await counts();
    const res = await post('name=Ada', freshIp(), 'text/plain');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/JSON/);
    expect(await counts()).toEqual(before);
  });

  it('accepts a 5000-character message', async () => {
    expect((await post({ ...valid, message: 'b'.repeat(5000) })).status).toBe(201);
  });

  it('limits each address to 5 messages in 10 minutes, without storing the extra ones', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await post(valid, ip)).status).toBe(201);
    const before = await counts();
    const res = await post(valid, ip);
    expect(res.status).toBe(429);
    expect(await res.json()).toMatchObject({ error: { message: CONTACT_RATE_LIMIT_MESSAGE } });
    expect(await counts()).toEqual(before);
    // Someone else is not affected.
    expect((await post(valid)).status).toBe(201);
  });

  it('refuses a cross-site form post', async () => {
    const res = await t.app.request('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: 'name=a&email=a@example.com&message=hi',
    });
    expect(res.status).toBe(403);
  });
});

describe('GET /api/contact/messages', () => {
  it('needs a session (401) and the admin role (403)', async () => {
    expect((await t.app.request('/api/contact/messages')).status).toBe(401);
    const customer = await createUser(t);
    const res = await t.app.request('/api/contact/messages', { headers: { cookie: customer.cookie } });
    expect(res.status).toBe(403);
  });

  it('lists messages newest first, a page at a time, for an admin', async () => {
    const admin = await createUser(t, { admin: true });
    await t.services.db.insert(contactMessages).values([
      {
        name: 'Oldest',
        email: 'o@example.com',
        message: 'first',
        createdAt: new Date('2030-01-01T10:00:00Z'),
      },
      {
        name: 'Newest',
        email: 'n@example.com',
        message: 'last',
        createdAt: new Date('2030-01-03T10:00:00Z'),
      },
      { name: 'Middle', email: 'm@example.com', message: 'mid', createdAt: new Date('2030-01-02T10:00:00Z') },
    ]);
    const get = async (query = '') => {
      const res = await t.app.request(`/api/contact/messages${query}`, { headers: { cookie: admin.cookie } });
      expect(res.status).toBe(200);
      return (await res.json()) as {
        messages: { name: string; email: string; message: string; created_at: string }[];
        page: number;
        page_count: number;
        total: number;
      };
    };
    const first = await get();
    expect(first.messages.slice(0, 3).map((m) => m.name)).toEqual(['Newest', 'Middle', 'Oldest']);
    expect(first.messages[0]).toMatchObject({
      email: 'n@example.com',
      message: 'last',
      created_at: '2030-01-03T10:00:00.000Z',
    });
    expect(first.page).toBe(1);
    expect(first.page_count).toBe(Math.ceil(first.total / 20));

    const page = await t.services.contact.list(2, 1);
    expect(page.items.map((m) => m.name)).toEqual(['Middle']);
    expect((await get('?page=999')).messages).toEqual([]);
    expect((await get('?page=abc')).page).toBe(1);
  });
});

describe('PATCH /api/contact/messages/{id}', () => {
  const patch = (id: string, body: unknown, cookie?: string) =>
    t.app.request(`/api/contact/messages/${id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', origin: t.origin, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const unread = async (cookie: string) => {
    const res = await t.app.request('/api/contact/messages', { headers: { cookie } });
    return ((await res.json()) as { unread: number }).unread;
  };
  const stateOf = async (id: string) =>
    (await t.services.db.select().from(contactMessages).where(eq(contactMessages.id, id)))[0]!.state;

  it('a new message is unread; the owner marks it read, handled or unread again, and the count follows', async () => {
    const admin = await createUser(t, { admin: true });
    const before = await unread(admin.cookie);
    expect((await post({ ...valid, name: 'Unread Ursula' })).status).toBe(201);
    const [saved] = await t.services.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.name, 'Unread Ursula'));
    expect(saved!.state).toBe('unread');
    expect(await unread(admin.cookie)).toBe(before + 1);
    expect(await t.services.contact.unreadCount()).toBe(before + 1);

    const read = await patch(saved!.id, { state: 'read' }, admin.cookie);
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ message: { id: saved!.id, state: 'read' } });
    expect(await unread(admin.cookie)).toBe(before);

    expect((await patch(saved!.id, { state: 'handled' }, admin.cookie)).status).toBe(200);
    expect(await stateOf(saved!.id)).toBe('handled');
    expect(await unread(admin.cookie)).toBe(before);

    expect((await patch(saved!.id, { state: 'unread' }, admin.cookie)).status).toBe(200);
    expect(await unread(admin.cookie)).toBe(before + 1);
  });

  it('refuses a customer, a stranger, an unknown state and an unknown message, changing nothing', async () => {
    const admin = await createUser(t, { admin: true });
    const customer = await createUser(t);
    const [msg] = await t.services.db
      .insert(contactMessages)
      .values({ name: 'Kept Unread', email: 'k@example.com', message: 'hi' })
      .returning();

    expect((await patch(msg!.id, { state: 'read' })).status).toBe(401);
    expect((await patch(msg!.id, { state: 'read' }, customer.cookie)).status).toBe(403);
    const bad = await patch(msg!.id, { state: 'archived' }, admin.cookie);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: { code: 'bad_request', message: 'State must be one of: unread, read, handled' },
    });
    expect((await patch(msg!.id, {}, admin.cookie)).status).toBe(400);
    expect(await stateOf(msg!.id)).toBe('unread');

    expect(
      (await patch('00000000-0000-4000-8000-000000000000', { state: 'read' }, admin.cookie)).status,
    ).toBe(404);
    expect((await patch('not-a-uuid', { state: 'read' }, admin.cookie)).status).toBe(404);
  });
});

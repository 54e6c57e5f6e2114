import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, users } from '~/server/db/schema';
import { SIGN_UP_MESSAGES } from '~/shared/schemas/sign-up';
import { api, createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const details = {
  fullName: 'Anne-Marie Jones',
  phone: '07999 888777',
  address: '12 Broad Street',
  city: 'Ludlow',
  postcode: ' sy8  1nd ',
};
const save = (cookie: string | undefined, body: unknown) =>
  api(t, 'PUT', '/api/account/profile', body, cookie);
const profileOf = async (id: string) =>
  (await t.services.db.select().from(profiles).where(eq(profiles.id, id)))[0]!;

describe('PUT /api/account/profile', () => {
  it("changes the customer's own details, cleaned as at sign-up, and keeps the e-mail", async () => {
    const user = await createUser(t);
    const res = await save(user.cookie, { ...details, email: 'new@example.com' });
    expect(res.status).toBe(200);
    expect((await res.json()).profile).toMatchObject({
      full_name: 'Anne-Marie Jones',
      email: user.email,
      phone: '07999888777',
      address: '12 Broad Street',
      city: 'Ludlow',
      postcode: 'SY8 1ND',
    });
    expect(await profileOf(user.userId)).toMatchObject({ email: user.email, city: 'Ludlow' });
    // The name the session carries follows the profile.
    const [authUser] = await t.services.db.select().from(users).where(eq(users.id, user.userId));
    expect(authUser).toMatchObject({ name: 'Anne-Marie Jones', email: user.email });
    const me = await (await api(t, 'GET', '/api/account/me', undefined, user.cookie)).json();
    expect(me.profile.postcode).toBe('SY8 1ND');
  });

  it.each([
    { field: 'fullName', value: '', message: SIGN_UP_MESSAGES.fullNameRequired },
    { field: 'fullName', value: 'x'.repeat(101), message: SIGN_UP_MESSAGES.fullNameTooLong },
    { field: 'fullName', value: 'R2-D2', message: SIGN_UP_MESSAGES.fullNameCharacters },
    { field: 'phone', value: '01743 000000', message: SIGN_UP_MESSAGES.phone },
    { field: 'address', value: '  ', message: SIGN_UP_MESSAGES.addressRequired },
    { field: 'address', value: 'x'.repeat(201), message: SIGN_UP_MESSAGES.addressTooLong },
    { field: 'city', value: '', message: SIGN_UP_MESSAGES.cityRequired },
    { field: 'city', value: 'x'.repeat(101), message: SIGN_UP_MESSAGES.cityTooLong },
    { field: 'postcode', value: 'SY1', message: SIGN_UP_MESSAGES.postcode },
    { field: 'postcode', value: undefined, message: SIGN_UP_MESSAGES.postcode },
  ])('refuses a bad $field with "$message" and changes nothing', async ({ field, value, message }) => {
    const user = await createUser(t);
    const before = await profileOf(user.userId);
    const res = await save(user.cookie, { ...details, [field]: value });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toMatchObject({ code: 'bad_request', message, fields: { [field]: message } });
    expect(await profileOf(user.userId)).toEqual(before);
  });

  it('refuses a body that is not JSON, and anyone signed out', async () => {
    const user = await createUser(t);
    const notJson = await t.app.request('/api/account/profile', {
      method: 'PUT',
      headers: { origin: t.origin, 'content-type': 'application/json', cookie: user.cookie },
      body: '{not json',
    });
    expect(notJson.status).toBe(400);
    expect((await save(undefined, details)).status).toBe(401);
  });

  it('cannot change another customer, whatever id is sent', async () => {
    const ann = await createUser(t);
    const bob = await createUser(t);
    const bobBefore = await profileOf(bob.userId);
    const res = await save(ann.cookie, { ...details, id: bob.userId, profileId: bob.userId });
    expect(res.status).toBe(200);
    expect(await profileOf(bob.userId)).toEqual(bobBefore);
    expect((await profileOf(ann.userId)).fullName).toBe('Anne-Marie Jones');
  });
});

import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { madeToOrderEnquiries, madeToOrderPictures, madeToOrderQuotes } from '~/server/db/schema';
import { loadClientBuild } from '~/server/load-build';
import {
  earliestWanted,
  PICTURES_TOO_LARGE,
  PICTURES_TOO_LARGE_PATH,
  TOO_MANY_PICTURES,
} from '~/shared/made-to-order/made-to-order';
import { addDays, londonDate } from '~/shared/time/london-time';
import { everyDayTemplate } from '~/test/bake-days';
import { createUser, nextTestIp } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';
import { TEST_CARDS } from '../payments/test-provider';

// Rendered by the real build (run `npm run build` first).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ build: await loadClientBuild(process.env.BUILD_DIR) });
});
afterAll(() => t?.close());

let shade = 0;
const picture = () =>
  sharp({
    create: { width: 600, height: 400, channels: 3, background: { r: (shade++ * 41) % 256, g: 90, b: 60 } },
  })
    .jpeg()
    .toBuffer()
    .then((b) => new Uint8Array(b));

const fields = (email: string) => ({
  occasion: 'Birthday',
  dateWanted: addDays(earliestWanted(londonDate(new Date())), 5),
  fulfilment: 'collection',
  quantity: '24',
  wording: 'Happy 7th Birthday Alfie',
  designNotes: 'Dinosaurs, green and orange',
  budget: '',
  name: 'Page Tester',
  email,
});

const get = (path: string, cookie?: string) =>
  t.app.request(path, { headers: { origin: t.origin, ...(cookie ? { cookie } : {}) }, redirect: 'manual' });

// A full URL on the configured origin: React Router refuses actions from another origin.
const postForm = (path: string, form: Record<string, string>, cookie?: string) =>
  t.app.request(`${t.origin}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      origin: t.origin,
      'content-type': 'application/x-www-form-urlencoded',
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(form).toString(),
  });

/** The enquiry form as a browser without JavaScript posts it: multipart, with its files. */
const sendEnquiry = (email: string, files: File[]) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields(email))) form.set(k, v);
  for (const f of files) form.append('pictures', f);
  return t.app.request(`${t.origin}/made-to-order`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: t.origin, 'x-forwarded-for': nextTestIp() },
    body: form,
  });
};
const jpegFile = async (name: string) => new File([await picture()], name, { type: 'image/jpeg' });
const enquiriesFrom = async (email: string) =>
  (
    await t.services.db
      .select({ n: count() })
      .from(madeToOrderEnquiries)
      .where(eq(madeToOrderEnquiries.email, email))
  )[0]!.n;

describe('the made-to-order form', () => {
  it('refuses too many pictures, a file that is not a picture and one over 10 MB, by name, saving nothing', async () => {
    const email = 'refused-pictures@example.com';
    const four = await Promise.all(['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg'].map(jpegFile));
    const tooMany = await sendEnquiry(email, four);
    expect(tooMany.status).toBe(400);
    expect(await tooMany.text()).toContain(TOO_MANY_PICTURES);

    // The browser's word for the type is not believed: the bytes are read.
    const lying = new File([new TextEncoder().encode('just some notes')], 'notes.jpg', {
      type: 'image/jpeg',
    });
    const notPicture = await sendEnquiry(email, [await jpegFile('cake.jpg'), lying]);
    expect(notPicture.status).toBe(400);
    expect(await notPicture.text()).toContain('notes.jpg: That file is not a picture we can read.');

    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' });
    const tooBig = await sendEnquiry(email, [big]);
    expect(tooBig.status).toBe(400);
    const page = await tooBig.text();
    expect(page).toContain('huge.png: this picture is larger than 10 MB.');
    // What was typed comes back; the pictures must be chosen again.
    expect(page).toContain('Happy 7th Birthday Alfie');

    expect(await enquiriesFrom(email)).toBe(0);
  });

  it('sent without JavaScript with more than the pictures may weigh comes back to the form, which says why', async () => {
    const email = 'over-the-limit@example.com';
    const heavy = Array.from(
      { length: 4 },
      (_, i) => new File([new Uint8Array(8 * 1024 * 1024)], `heavy-${i}.jpg`, { type: 'image/jpeg' }),
    );
    const res = await sendEnquiry(email, heavy);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(PICTURES_TOO_LARGE_PATH);
    const page = await (await get(PICTURES_TOO_LARGE_PATH)).text();
    expect(page).toContain(PICTURES_TOO_LARGE);
    expect(await enquiriesFrom(email)).toBe(0);
  });

  it('with good pictures thanks the customer and keeps them', async () => {
    const email = 'good-pictures@example.com';
    const res = await sendEnquiry(email, [await jpegFile('idea-1.jpg'), await jpegFile('idea-2.jpg')]);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Thank you for your enquiry');
    const [row] = await t.services.db
      .select({ id: madeToOrderEnquiries.id })
      .from(madeToOrderEnquiries)
      .where(eq(madeToOrderEnquiries.email, email));
    const pics = await t.services.db
      .select({ n: count() })
      .from(madeToOrderPictures)
      .where(eq(madeToOrderPictures.enquiryId, row!.id));
    expect(pics[0]!.n).toBe(2);
  });
});

describe('the back office’s made-to-order pages', () => {
  it('open, act and show pictures for the owner alone; staff and bakers are refused on the server', async () => {
    const { id } = await t.services.madeToOrder.enquire(
      { fields: fields('roles@example.com'), pictures: [await picture()] },
      nextTestIp(),
    );
    const [pic] = await t.services.db
      .select({ id: madeToOrderPictures.id })
      .from(madeToOrderPictures)
      .where(eq(madeToOrderPictures.enquiryId, id));
    const pictureUrl = `/api/admin/made-to-order/pictures/${pic!.id}`;
    const owner = await createUser(t, { admin: true });
    const desk = await createUser(t, { staffRole: 'staff' });
    const baker = await createUser(t, { staffRole: 'baker' });
    const customer = await createUser(t);

    for (const { cookie } of [desk, baker]) {
      expect((await get('/admin/made-to-order', cookie)).status).toBe(403);
      expect((await get(`/admin/made-to-order/${id}`, cookie)).status).toBe(403);
      expect((await get(`/admin/made-to-order/${id}.data`, cookie)).status).toBe(403);
      expect((await get(pictureUrl, cookie)).status).toBe(403);
      const declined = await postForm(
        `/admin/made-to-order/${id}`,
        { intent: 'decline', message: 'Not ours to say' },
        cookie,
      );
      expect(declined.status).toBe(403);
      const quoted = await postForm(
        `/admin/made-to-order/${id}`,
        {
          intent: 'quote',
          line0Description: 'Cookie',
          line0Quantity: '24',
          line0Price: '0.01',
          depositKind: 'none',
          balanceDaysBefore: '0',
          validUntil: londonDate(new Date()),
          cookies: '24',
        },
        cookie,
      );
      expect(quoted.status).toBe(403);
    }
    expect((await get('/admin/made-to-order', customer.cookie)).headers.get('location')).toBe('/');
    expect((await get(pictureUrl, customer.cookie)).status).toBe(403);
    expect((await get(pictureUrl)).status).toBe(401);
    // Nothing the refused roles posted was kept.
    expect((await t.services.madeToOrder.get(id)).enquiry.status).toBe('new');
    expect(
      (
        await t.services.db
          .select({ n: count() })
          .from(madeToOrderQuotes)
          .where(eq(madeToOrderQuotes.enquiryId, id))
      )[0]!.n,
    ).toBe(0);

    const list = await get('/admin/made-to-order', owner.cookie);
    expect(list.status).toBe(200);
    expect(await list.text()).toContain('Page Tester');
    const one = await get(`/admin/made-to-order/${id}`, owner.cookie);
    expect(one.status).toBe(200);
    expect(await one.text()).toContain(pictureUrl);
    const image = await get(pictureUrl, owner.cookie);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    const declined = await postForm(
      `/admin/made-to-order/${id}`,
      { intent: 'decline', message: 'Sorry, we are closed that week.' },
      owner.cookie,
    );
    expect(declined.status).toBe(200);
    expect((await t.services.madeToOrder.get(id)).enquiry.status).toBe('declined');
  });
});

describe('the customer’s quote page', () => {
  it('asks before declining, then records the answer', async () => {
    const { id } = await t.services.madeToOrder.enquire(
      { fields: fields('answer@example.com'), pictures: [] },
      nextTestIp(),
    );
    const quote = await t.services.madeToOrder.sendQuote(id, {
      lines: [{ description: 'Dinosaur cookie', quantity: '24', unitPrice: '2.00' }],
      delivery: '0.00',
      depositKind: 'none',
      depositValue: '',
      balanceDaysBefore: '3',
      validUntil: londonDate(new Date()),
      cookies: '24',
      message: '',
    });
    const path = `/made-to-order/quotes/${quote.token}`;
    const page = await get(path);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-robots-tag')).toContain('noindex');
    expect(await page.text()).toContain('£48.00');
    const asked = await postForm(path, { intent: 'decline' });
    expect(await asked.text()).toContain('Decline this quote?');
    expect((await t.services.madeToOrder.quoteByToken(quote.token)).status).toBe('sent');
    await postForm(path, { intent: 'decline-confirmed' });
    expect((await t.services.madeToOrder.quoteByToken(quote.token)).status).toBe('declined');
    expect(await (await get(path)).text()).toContain('This quote has been declined.');
    expect((await get('/made-to-order/quotes/not-a-real-token-at-all-0000')).status).toBe(404);
  });

  it('accepts only for a signed-in customer, then sends them to the deposit page; a staff member cannot cancel the job', async () => {
    await t.services.bakeDays.saveTemplate(everyDayTemplate());
    const { id } = await t.services.madeToOrder.enquire(
      {
        fields: {
          ...fields('accept@example.com'),
          dateWanted: addDays(earliestWanted(londonDate(new Date())), 6),
        },
        pictures: [],
      },
      nextTestIp(),
    );
    const quote = await t.services.madeToOrder.sendQuote(id, {
      lines: [{ description: 'Dinosaur cookie', quantity: '24', unitPrice: '2.00' }],
      delivery: '0.00',
      depositKind: 'amount',
      depositValue: '20.00',
      balanceDaysBefore: '3',
      validUntil: londonDate(new Date()),
      cookies: '24',
      message: '',
    });
    const path = `/made-to-order/quotes/${quote.token}`;
    expect(await (await get(path)).text()).toContain('sign in or create an account');
    const signedOut = await postForm(path, { intent: 'accept' });
    expect(await signedOut.text()).toContain(
      'Please sign in (or create an account) to accept the quote and pay.',
    );
    expect((await t.services.madeToOrder.quoteByToken(quote.token)).status).toBe('sent');

    const customer = await createUser(t);
    const accepted = await postForm(path, { intent: 'accept' }, customer.cookie);
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get('location')).toContain('/pay/test/');
    const job = (await t.services.madeToOrderJobs.stateByToken(quote.token))!;
    expect(job.status).toBe('pending');

    const staff = await createUser(t, { staffRole: 'staff' });
    const refused = await postForm(
      `/admin/orders/${job.orderId}`,
      { intent: 'cancel-job', deposit: 'keep', request_key: 'x' },
      staff.cookie,
    );
    expect(refused.status).toBe(403);
    expect((await t.services.madeToOrderJobs.stateByToken(quote.token))!.status).toBe('pending');
  });

  it('says what has been paid after the deposit and after the balance: on the success page, the quote page and the order page', async () => {
    await t.services.bakeDays.saveTemplate(everyDayTemplate());
    const { id } = await t.services.madeToOrder.enquire(
      {
        fields: {
          ...fields('paid-pages@example.com'),
          dateWanted: addDays(earliestWanted(londonDate(new Date())), 7),
        },
        pictures: [],
      },
      nextTestIp(),
    );
    const quote = await t.services.madeToOrder.sendQuote(id, {
      lines: [{ description: 'Dinosaur cookie', quantity: '24', unitPrice: '2.00' }],
      delivery: '0.00',
      depositKind: 'amount',
      depositValue: '20.00',
      balanceDaysBefore: '3',
      validUntil: londonDate(new Date()),
      cookies: '24',
      message: '',
    });
    const customer = await createUser(t);
    const { url, orderId } = await t.services.madeToOrderJobs.accept(quote.token, customer.userId);
    const card = { cardNumber: TEST_CARDS.success, expiry: '12 / 40', cvc: '123', name: 'Page Tester' };
    const pay = async (pageUrl: string) => {
      const session = pageUrl.split('/').pop()!;
      await t.services.payments.payTestSession(session, card);
      return session;
    };
    const text = async (path: string) => {
      const res = await get(path, customer.cookie);
      expect(res.status).toBe(200);
      return (await res.text()).replace(/<!-- -->/g, '');
    };

    const deposit = await pay(url);
    const success = await text(`/checkout/success?session_id=${deposit}`);
    expect(success).toContain('Deposit paid £20.00 of £48.00');
    expect(success).toContain('received your deposit');
    // The deposit was taken: the page does not wait for a payment still being confirmed.
    expect(success).not.toContain('still being confirmed');
    expect(await text(`/made-to-order/quotes/${quote.token}?paid=deposit`)).toContain(
      'Deposit paid £20.00 of £48.00',
    );
    expect(await text(`/account/orders/${orderId}`)).toContain('Deposit paid £20.00 of £48.00');

    const balance = await pay((await t.services.madeToOrderJobs.pay(quote.token)).url);
    const paidUp = await text(`/checkout/success?session_id=${balance}`);
    expect(paidUp).toContain('Paid in full');
    expect(paidUp).not.toContain('Deposit paid');
    expect(await text(`/account/orders/${orderId}`)).toContain('Paid in full');
  });
});

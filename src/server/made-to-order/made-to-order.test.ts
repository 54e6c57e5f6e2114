import { count, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailOutbox,
  madeToOrderEnquiries,
  madeToOrderPictures,
  madeToOrderQuotes,
} from '~/server/db/schema';
import {
  DATE_IN_PAST,
  DEPOSIT_OVER_TOTAL,
  earliestWanted,
  QUOTE_EXPIRED,
  quoteMoney,
} from '~/shared/made-to-order/made-to-order';
import { addDays, londonDate } from '~/shared/time/london-time';
import { everyDayTemplate } from '~/test/bake-days';
import { createUser, nextTestIp } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';
import { createPartPayments } from '../payments/part-payments';
import { createMadeToOrderJobs } from './made-to-order-jobs';
import { createMadeToOrderService } from './made-to-order-service';

let t: TestApp;
/** The customer who accepts quotes (accepting makes an order of theirs: decision 088). */
let customerId: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.services.bakeDays.saveTemplate(everyDayTemplate());
  customerId = (await createUser(t)).userId;
});
afterAll(() => t?.close());

const mto = () => t.services.madeToOrder;
/** Accepting a quote as the quote page does: the order and the deposit's page with it. */
const accept = (token: string) => t.services.madeToOrderJobs.accept(token, customerId);
const today = () => londonDate(new Date());
const messageOf = (err: unknown) => (err as { message?: string }).message;

let shade = 0;
const picture = (width = 600, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: { r: (shade++ * 41) % 256, g: 120, b: 80 } } })
    .jpeg()
    .toBuffer()
    .then((b) => new Uint8Array(b));

const enquiryFields = (over: Record<string, unknown> = {}) => ({
  occasion: 'Wedding',
  dateWanted: addDays(earliestWanted(today()), 10),
  fulfilment: 'delivery',
  quantity: '150',
  wording: 'Anna & Tom',
  designNotes: 'Ivory and gold',
  budget: '300.00',
  name: 'Anna Smith',
  email: `anna${shade++}@example.com`,
  ...over,
});

const enquire = async (over: Record<string, unknown> = {}, pictures: Uint8Array[] = []) =>
  mto().enquire({ fields: enquiryFields(over), pictures }, nextTestIp());

const enquiryCount = async () =>
  (await t.services.db.select({ n: count() }).from(madeToOrderEnquiries))[0]!.n;

const quoteInput = (over: Record<string, unknown> = {}) => ({
  lines: [
    { description: 'Iced wedding favour', quantity: '150', unitPrice: '0.70' },
    { description: 'Gift bag and ribbon', quantity: '150', unitPrice: '0.10' },
  ],
  delivery: '0.00',
  depositKind: 'percent',
  depositValue: '50',
  balanceDaysBefore: '7',
  validUntil: addDays(today(), 7),
  cookies: '150',
  message: 'Thank you for asking us.',
  ...over,
});

describe('an enquiry', () => {
  it('is kept with its pictures (as masters without metadata) and e-mails the owner', async () => {
    const { id } = await enquire({}, [await picture(), await picture()]);
    const { enquiry, pictureIds } = await mto().get(id);
    expect(enquiry).toMatchObject({
      status: 'new',
      quantity: 150,
      budgetPennies: 30000,
      fulfilment: 'delivery',
    });
    expect(pictureIds).toHaveLength(2);
    const stored = await mto().picture(pictureIds[0]!);
    expect(stored.contentType).toBe('image/webp');
    expect((await sharp(stored.bytes).metadata()).format).toBe('webp');
    const mails = await t.services.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `made-to-order:enquiry:${id}`));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(t.services.config.shop.email);
    expect(mails[0]!.text).toContain(`/admin/made-to-order/${id}`);
  });

  it.each([
    ['a date in the past', { dateWanted: addDays(today(), -1) }, DATE_IN_PAST],
    ['a date inside the lead time', { dateWanted: addDays(today(), 3) }, 'We need at least'],
    ['no quantity', { quantity: '0' }, 'Quantity must be at least 1'],
    ['the quantity left empty', { quantity: ' ' }, 'Please say how many cookies'],
    ['a negative quantity', { quantity: '-5' }, 'Quantity must be a whole number'],
    ['too many cookies', { quantity: '5001' }, 'Quantity must be at most 5000'],
    ['no e-mail', { email: '' }, 'Email is required'],
  ])('with %s is refused with a clear message and nothing is saved', async (_, over, message) => {
    const before = await enquiryCount();
    await expect(enquire(over)).rejects.toSatisfy((e) => (messageOf(e) ?? '').includes(message));
    expect(await enquiryCount()).toBe(before);
  });

  it('refuses a fourth picture, a file that is not a picture and a tiny one, saving nothing', async () => {
    const before = await enquiryCount();
    const four = await Promise.all([picture(), picture(), picture(), picture()]);
    await expect(enquire({}, four)).rejects.toSatisfy((e) => /at most 3 pictures/.test(messageOf(e) ?? ''));
    await expect(enquire({}, [new TextEncoder().encode('not a picture')])).rejects.toSatisfy((e) =>
      /not a picture we can read/.test(messageOf(e) ?? ''),
    );
    await expect(enquire({}, [await picture(100, 100)])).rejects.toMatchObject({ status: 400 });
    expect(await enquiryCount()).toBe(before);
    const pics = await t.services.db.select({ n: count() }).from(madeToOrderPictures);
    expect(pics[0]!.n).toBeGreaterThanOrEqual(0);
  });

  it('may be declined by the owner with a message the customer is e-mailed', async () => {
    const { id } = await enquire({ email: 'decline-me@example.com' });
    await expect(mto().decline(id, { message: '' })).rejects.toMatchObject({ status: 400 });
    await mto().decline(id, { message: 'Sorry, we are fully booked that week.' });
    expect((await mto().get(id)).enquiry).toMatchObject({ status: 'declined' });
    const [mail] = await t.services.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `made-to-order:declined:${id}`));
    expect(mail).toMatchObject({ to: 'decline-me@example.com' });
    expect(mail!.text).toContain('fully booked');
    await expect(mto().sendQuote(id, quoteInput())).rejects.toMatchObject({ status: 409 });
  });
});

describe('the quote money', () => {
  it('is computed once: lines, delivery, a percentage or an amount of deposit, never over the total', () => {
    const lines = [{ quantity: 150, unitPricePennies: 80 }];
    expect(quoteMoney(lines, 0, { kind: 'percent', value: 50 })).toEqual({
      subtotalPennies: 12000,
      deliveryPennies: 0,
      totalPennies: 12000,
      depositPennies: 6000,
      balancePennies: 6000,
    });
    expect(
      quoteMoney([{ quantity: 3, unitPricePennies: 333 }], 0, { kind: 'percent', value: 50 }),
    ).toMatchObject({
      depositPennies: 500,
      balancePennies: 499,
    });
    expect(quoteMoney(lines, 500, { kind: 'none', value: 0 })).toMatchObject({
      depositPennies: 0,
      totalPennies: 12500,
    });
    expect(quoteMoney(lines, 0, { kind: 'amount', value: 12001 })).toEqual({ refusal: DEPOSIT_OVER_TOTAL });
  });
});

describe('a quote', () => {
  it('is e-mailed with its one link; the page shows lines, totals, deposit and balance due date', async () => {
    const { id } = await enquire({ email: 'quote-me@example.com' });
    const quote = await mto().sendQuote(id, quoteInput());
    expect(quote.money).toMatchObject({ totalPennies: 12000, depositPennies: 6000, balancePennies: 6000 });
    expect(quote.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const [mail] = await t.services.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `made-to-order:quote:${quote.id}`));
    expect(mail).toMatchObject({ to: 'quote-me@example.com' });
    expect(mail!.text).toContain(`/made-to-order/quotes/${quote.token}`);
    expect(mail!.text).toContain('£60.00');
    const page = await mto().quoteByToken(quote.token);
    expect(page).toMatchObject({
      expired: false,
      status: 'sent',
      lines: [{ quantity: 150 }, { quantity: 150 }],
    });
    expect(page.balanceDueOn).toBe(addDays(page.enquiry.dateWanted, -7));
    // A second quote waits for the customer's answer to the first.
    await expect(mto().sendQuote(id, quoteInput())).rejects.toMatchObject({ status: 409 });
  });

  it('with a deposit over the total is refused with a message and nothing is saved', async () => {
    const { id } = await enquire();
    const before = (await t.services.db.select({ n: count() }).from(madeToOrderQuotes))[0]!.n;
    await expect(
      mto().sendQuote(id, quoteInput({ depositKind: 'amount', depositValue: '120.01' })),
    ).rejects.toSatisfy((e) => messageOf(e) === DEPOSIT_OVER_TOTAL);
    await expect(mto().sendQuote(id, quoteInput({ depositValue: '101' }))).rejects.toMatchObject({
      status: 400,
    });
    await expect(mto().sendQuote(id, quoteInput({ lines: [] }))).rejects.toMatchObject({ status: 400 });
    await expect(
      mto().sendQuote(id, quoteInput({ lines: [{ description: 'x', quantity: '0', unitPrice: '1.00' }] })),
    ).rejects.toMatchObject({ status: 400 });
    expect((await t.services.db.select({ n: count() }).from(madeToOrderQuotes))[0]!.n).toBe(before);
    expect((await mto().get(id)).enquiry.status).toBe('new');
  });

  it('with no deposit is allowed', async () => {
    const { id } = await enquire();
    const quote = await mto().sendQuote(id, quoteInput({ depositKind: 'none', depositValue: '' }));
    expect(quote.money).toMatchObject({ depositPennies: 0, balancePennies: 12000 });
  });

  it('may be accepted once; an unknown token is not found', async () => {
    const { id } = await enquire();
    const quote = await mto().sendQuote(id, quoteInput());
    await accept(quote.token);
    expect((await mto().quoteByToken(quote.token)).status).toBe('accepted');
    await expect(accept(quote.token)).rejects.toMatchObject({ status: 409 });
    await expect(mto().declineQuote(quote.token)).rejects.toMatchObject({ status: 409 });
    expect((await mto().get(id)).enquiry.status).toBe('accepted');
    await expect(mto().quoteByToken('x'.repeat(32))).rejects.toMatchObject({ status: 404 });
  });

  it('that has expired cannot be accepted, and says so', async () => {
    const { id } = await enquire();
    const quote = await mto().sendQuote(id, quoteInput({ validUntil: today() }));
    // The same shop two days later.
    const later = createMadeToOrderService({
      db: t.services.db,
      mail: t.services.mail,
      rateLimiter: t.services.rateLimiter,
      shop: () => t.services.config.shop,
      publicUrl: t.services.config.publicUrl,
      products: async () => [],
      clock: () => new Date(Date.now() + 2 * 86_400_000),
    });
    const laterJobs = createMadeToOrderJobs({
      db: t.services.db,
      mail: t.services.mail,
      orders: t.services.orders,
      bakeDays: t.services.bakeDays,
      partPayments: createPartPayments(t.services.db, t.services.payments.provider, t.origin),
      providerName: 'test',
      shop: () => t.services.config.shop,
      publicUrl: t.services.config.publicUrl,
      clock: () => new Date(Date.now() + 2 * 86_400_000),
    });
    expect((await later.quoteByToken(quote.token)).expired).toBe(true);
    await expect(laterJobs.accept(quote.token, customerId)).rejects.toSatisfy(
      (e) => messageOf(e) === QUOTE_EXPIRED,
    );
    expect((await later.quoteByToken(quote.token)).status).toBe('sent');
    // Declining it is still allowed.
    expect(await later.declineQuote(quote.token)).toEqual({ status: 'declined' });
  });

  it('answered twice at once (accept in one tab, decline in another) keeps one answer and tells the owner once', async () => {
    const { id } = await enquire({ dateWanted: addDays(earliestWanted(today()), 11) });
    const quote = await mto().sendQuote(id, quoteInput());
    const results = await Promise.allSettled([accept(quote.token), mto().declineQuote(quote.token)]);
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(lost.reason).toMatchObject({ status: 409 });
    const status = results[0]!.status === 'fulfilled' ? 'accepted' : 'declined';
    // An acceptance that won made its order; one that lost made none.
    const jobState = await t.services.madeToOrderJobs.stateByToken(quote.token);
    expect(jobState !== null).toBe(status === 'accepted');
    expect((await mto().quoteByToken(quote.token)).status).toBe(status);
    expect((await mto().get(id)).enquiry.status).toBe(status === 'accepted' ? 'accepted' : 'withdrawn');
    const mails = await t.services.db
      .select({ n: count() })
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `made-to-order:answered:${quote.id}`));
    expect(mails[0]!.n).toBe(1);
  });

  it('and a decline pressed at once leave the enquiry declined with no quote still open', async () => {
    const { id } = await enquire();
    await Promise.allSettled([
      mto().sendQuote(id, quoteInput()),
      mto().decline(id, { message: 'Sorry, fully booked.' }),
    ]);
    // Whichever came first, the decline closes the enquiry: a quote sent before it is closed with it,
    // and one sent after it is refused.
    const { enquiry, quotes } = await mto().get(id);
    expect(enquiry.status).toBe('declined');
    expect(quotes.filter((q) => q.status === 'sent')).toHaveLength(0);
  });

  it('is never sent twice when two owners press Send at once', async () => {
    const { id } = await enquire();
    const results = await Promise.allSettled([
      mto().sendQuote(id, quoteInput()),
      mto().sendQuote(id, quoteInput()),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rows = await t.services.db
      .select()
      .from(madeToOrderQuotes)
      .where(eq(madeToOrderQuotes.enquiryId, id));
    expect(rows).toHaveLength(1);
    const mails = await t.services.db
      .select({ n: count() })
      .from(emailOutbox)
      .where(like(emailOutbox.dedupeKey, `made-to-order:quote:%`));
    expect(mails[0]!.n).toBeGreaterThan(0);
  });
});

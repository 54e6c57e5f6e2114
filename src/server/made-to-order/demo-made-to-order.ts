import { count, eq } from 'drizzle-orm';
import { earliestWanted } from '~/shared/made-to-order/made-to-order';
import { addDays, londonDate } from '~/shared/time/london-time';
import type { Db } from '../db/client';
import { madeToOrderEnquiries, profiles } from '../db/schema';
import type { MadeToOrderJobs } from './made-to-order-jobs';
import type { MadeToOrderService } from './made-to-order-service';

/**
 * What the accepted demo job needs to become an order with its deposit paid (decision 088): the
 * demo customer who accepts it, and a way to pay its deposit on the test payment page.
 */
export interface DemoJob {
  jobs: MadeToOrderJobs;
  customerEmail: string;
  payDeposit: (sessionId: string) => Promise<unknown>;
}

/** A drawn reference picture (a round iced cookie with initials), as a customer might send. */
async function sketch(icing: string, letters: string): Promise<Uint8Array> {
  const { default: sharp } = await import('sharp');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
  <rect width="800" height="600" fill="#f6efe4"/>
  <circle cx="400" cy="300" r="230" fill="#c9904f"/>
  <circle cx="400" cy="300" r="200" fill="${icing}"/>
  <circle cx="400" cy="300" r="170" fill="none" stroke="#c8a24a" stroke-width="8" stroke-dasharray="4 14"/>
  <text x="400" y="340" font-family="serif" font-size="120" text-anchor="middle" fill="#b08a2e">${letters}</text>
</svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

const quote = (validUntil: string, over: Record<string, unknown> = {}) => ({
  lines: [
    { description: 'Logo cookie, iced in two colours', quantity: '300', unitPrice: '1.80' },
    { description: 'Individual bag with a printed label', quantity: '300', unitPrice: '0.20' },
  ],
  delivery: '0.00',
  depositKind: 'percent',
  depositValue: '50',
  balanceDaysBefore: '7',
  validUntil,
  cookies: '300',
  message: 'Thank you for thinking of us. Here is our quote.',
  ...over,
});

/**
 * The demo's made-to-order jobs, made once through the service as customers and the owner would,
 * one in each state the owner's list shows: a wedding enquiry with two reference pictures waiting
 * for a quote, a company's logo cookies with a quote sent (50% deposit, balance 7 days before), a
 * christening set the customer accepted (with the demo customer's deposit paid, its balance due), a birthday the customer declined, and a school fair we
 * declined. Nothing is made when the shop already has an enquiry.
 */
export async function seedDemoMadeToOrder(
  db: Db,
  service: MadeToOrderService,
  job: DemoJob | null = null,
): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(madeToOrderEnquiries);
  if ((row?.n ?? 0) > 0) return false;
  const today = londonDate(new Date());
  const earliest = earliestWanted(today);
  const validUntil = addDays(today, 14);
  const enquire = (fields: Record<string, unknown>, pictures: Uint8Array[] = []) =>
    service.enquire(
      {
        fields: { fulfilment: 'delivery', wording: '', designNotes: '', budget: '', ...fields },
        pictures,
      },
      'demo-seed',
    );

  // Oldest first, so the list shows the newest (the one waiting for a quote) at the top.
  const fair = await enquire({
    occasion: 'Other',
    dateWanted: addDays(earliest, 3),
    fulfilment: 'collection',
    quantity: '2000',
    designNotes: 'Plain round cookies for the school summer fair, any flavour.',
    name: 'Oakfield Primary PTA',
    email: 'pta@oakfield.example.com',
  });
  await service.decline(fair.id, {
    message: 'Thank you for asking. 2,000 cookies is more than our kitchen can bake for that week, sorry.',
  });

  const birthday = await enquire({
    occasion: 'Birthday',
    dateWanted: addDays(earliest, 20),
    quantity: '40',
    wording: 'Happy 40th Sam',
    designNotes: 'Bright colours, numbers and balloons.',
    budget: '60.00',
    name: 'Leah Turner',
    email: 'leah.turner@example.com',
  });
  const birthdayQuote = await service.sendQuote(birthday.id, {
    ...quote(validUntil, {
      lines: [
        { description: 'Iced birthday cookie with a number or balloon', quantity: '40', unitPrice: '2.25' },
      ],
      delivery: '4.95',
      cookies: '40',
    }),
  });
  await service.declineQuote(birthdayQuote.token);

  const christening = await enquire({
    occasion: 'Baby shower',
    dateWanted: addDays(earliest, 25),
    fulfilment: 'collection',
    quantity: '60',
    wording: 'Welcome Olivia',
    designNotes: 'Pale pink and white, little prams and bottles.',
    budget: '120.00',
    name: 'Hannah Price',
    email: 'hannah.price@example.com',
  });
  const christeningQuote = await service.sendQuote(christening.id, {
    ...quote(validUntil, {
      lines: [
        { description: 'Iced baby shower cookie, three designs', quantity: '60', unitPrice: '1.75' },
        { description: 'Gift box of six with a ribbon', quantity: '10', unitPrice: '1.50' },
      ],
      depositKind: 'amount',
      depositValue: '40.00',
      cookies: '60',
    }),
  });
  // The demo customer accepted it and paid the £40.00 deposit; the balance is still owed.
  const [customer] = job
    ? await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, job.customerEmail))
    : [];
  const accepted =
    job && customer
      ? await job.jobs.accept(christeningQuote.token, customer.id).then(
          (a) => a,
          // A demo whose bake days cannot take the date (closed that weekday) leaves it quoted:
          // a quote is accepted only with its order and deposit page (decision 088).
          () => null,
        )
      : null;
  if (accepted) await job!.payDeposit(accepted.url.split('/').pop()!);

  const logos = await enquire({
    occasion: 'Corporate',
    dateWanted: addDays(earliest, 14),
    fulfilment: 'collection',
    quantity: '300',
    wording: 'Our logo on each cookie',
    designNotes: 'Navy and white, the logo from our website.',
    name: 'Priya Shah',
    email: 'priya.shah@example.com',
  });
  await service.sendQuote(logos.id, quote(validUntil));

  await enquire(
    {
      occasion: 'Wedding',
      dateWanted: addDays(earliest, 30),
      quantity: '150',
      wording: 'Emma & James, 2027',
      designNotes: 'Ivory icing with gold initials, one per guest in a clear bag with a ribbon.',
      budget: '250.00',
      name: 'Emma Davies',
      email: 'emma.davies@example.com',
    },
    [await sketch('#fffaf0', 'E&amp;J'), await sketch('#f3e6d0', '2027')],
  );
  return true;
}

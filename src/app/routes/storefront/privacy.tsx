import type { ReactNode } from 'react';
import { Link, useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '~/app/root';
import { pageMeta } from '~/app/seo/meta';
import type { Route } from './+types/privacy';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Privacy Notice',
    description:
      'What personal data our bakery keeps, why, for how long, who processes it for us, and your rights under UK GDPR.',
    path: '/privacy',
  });

const link = 'font-medium text-caramel-dark underline underline-offset-4';

/** What the shop keeps, why and how long: each row matches what the code does. */
const KEPT: { what: string; why: string; howLong: string }[] = [
  {
    what: 'Your account: name, email, phone, delivery address and a scrambled (hashed) password',
    why: 'To sign you in, and to bake, deliver and tell you about your orders (our contract with you)',
    howLong: 'Until you delete your account; deleting it erases these details at once',
  },
  {
    what: 'Your orders: what you bought, prices, the delivery address and any gift recipient and message',
    why: 'To fulfil the order, and because UK tax law requires us to keep sales records',
    howLong:
      'Six years after the end of the financial year of the sale. If you delete your account, finished orders keep only "Deleted customer" and no contact details',
  },
  {
    what: 'Messages you send through our contact form (name, email, message)',
    why: 'To answer you',
    howLong: 'As long as needed to deal with your question; ask us and we delete them',
  },
  {
    what: 'Sign-in sessions (a cookie holding a random code, your IP address and browser)',
    why: 'To keep you signed in and to protect accounts from misuse (our legitimate interest)',
    howLong: 'Up to 30 days, or until you sign out or change your password',
  },
  {
    what: 'Copies of the emails we send you (order confirmations, password reset links)',
    why: 'So an email is sent again if delivery fails',
    howLong: 'Until you delete your account; a reset link stops working after one hour or its first use',
  },
];

export default function Privacy() {
  const { shop } = useRouteLoaderData<typeof rootLoader>('root')!;
  return (
    <main>
      <header className="bg-dough">
        <div className="mx-auto max-w-3xl px-4 py-12 text-center sm:py-16">
          <h1 className="text-4xl font-bold sm:text-5xl">Privacy Notice</h1>
          <p className="mt-4 text-lg text-cocoa-light">
            How {shop.name} looks after your personal data, under the UK GDPR and the Data Protection Act
            2018.
          </p>
        </div>
      </header>
      <div className="mx-auto max-w-3xl px-4 py-10 text-lg leading-relaxed sm:py-12">
        <Section title="Who we are">
          <p>
            {shop.name}
            {shop.address && <> ({shop.address})</>} is responsible for the personal data described here.
            Email us at{' '}
            <a href={`mailto:${shop.email}`} className={`${link} [overflow-wrap:anywhere]`}>
              {shop.email}
            </a>
            {shop.phone && <> or call {shop.phone}</>} with any question about it.
          </p>
        </Section>

        <Section title="What we keep, why, and for how long">
          <ul className="flex flex-col gap-4">
            {KEPT.map((row) => (
              <li key={row.what} className="rounded-lg border border-crumb bg-white p-4 sm:p-5">
                <h3 className="font-sans text-lg font-semibold">{row.what}</h3>
                <dl className="mt-2 grid gap-1 text-base sm:grid-cols-[7rem_1fr] sm:gap-x-4">
                  <dt className="font-medium text-cocoa-light">Why</dt>
                  <dd>{row.why}</dd>
                  <dt className="font-medium text-cocoa-light">How long</dt>
                  <dd>{row.howLong}</dd>
                </dl>
              </li>
            ))}
          </ul>
          <p className="mt-4">
            Your basket is kept only in your own browser. We use no advertising or tracking cookies, and we
            never sell your data or send you marketing.
          </p>
        </Section>

        <Section title="Who processes it for us">
          <ul className="list-disc space-y-2 pl-6">
            <li>
              <strong>Stripe</strong>, our card payment provider, takes your card details on its own secure
              page. We never see or keep your card number.
            </li>
            <li>
              <strong>Our email delivery service</strong> sends the emails about your account and orders.
            </li>
            <li>The company that hosts our website and its database.</li>
          </ul>
        </Section>

        <Section title="Your rights">
          <ul className="list-disc space-y-2 pl-6">
            <li>
              <strong>See your data</strong>: "Download my data" on{' '}
              <Link to="/account" className={link}>
                your account
              </Link>{' '}
              gives you a copy of your profile, orders and messages as a file. The messages are those you sent
              while signed in, and those sent from your email address once you have shown it is yours by using
              a password reset link we emailed to it; for others, write to us.
            </li>
            <li>
              <strong>Correct it</strong>: edit your profile on your account page at any time.
            </li>
            <li>
              <strong>Erase it</strong>: "Delete my account" erases your details, keeping only what tax law
              makes us keep.
            </li>
            <li>
              <strong>Object or restrict</strong> how we use it, or take it elsewhere: write to us and we will
              answer within one month.
            </li>
            <li>
              <strong>Complain</strong>: tell us first if you can, and you may always complain to the
              Information Commissioner's Office at{' '}
              <a href="https://ico.org.uk/make-a-complaint/" className={link}>
                ico.org.uk
              </a>{' '}
              or 0303 123 1113.
            </li>
          </ul>
        </Section>
      </div>
    </main>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mb-10 last:mb-0">
      <h2 className="mb-4 text-3xl font-bold">{title}</h2>
      {children}
    </section>
  );
}

import { LegalPage, LegalSection } from '~/app/components/legal/legal-page';
import { pageMeta } from '~/app/seo/meta';
import { CART_STORAGE_NAME, CHECKOUT_DRAFT_STORAGE_NAME } from '~/shared/constants';
import type { Route } from './+types/cookies';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Cookies',
    description: 'The one cookie our shop sets, what your browser keeps for your basket, and why.',
    path: '/cookies',
  });

/**
 * Everything the shop stores in a visitor's browser (PECR reg. 6), each strictly necessary, so no
 * consent banner is needed. Keep in step with the code: auth.ts (the session cookie), cart-store.ts
 * and checkout-draft.ts (browser storage).
 */
const STORED: { name: string; kind: string; why: string; howLong: string }[] = [
  {
    name: 'better-auth.session_token',
    kind: 'Cookie, set only when you sign in (named __Secure-better-auth.session_token on a secure connection)',
    why: 'Keeps you signed in to your account and the checkout. It holds a random code, cannot be read by scripts and is sent only to this shop.',
    howLong: 'Up to 30 days, or until you sign out',
  },
  {
    name: CART_STORAGE_NAME,
    kind: 'Your browser’s local storage',
    why: 'Remembers what is in your basket between visits. When you are signed in, the basket we price for you is also kept with your account, so that, only if you asked for marketing e-mails, we can send you one reminder of a basket you left.',
    howLong: 'Until you empty your basket or order',
  },
  {
    name: CHECKOUT_DRAFT_STORAGE_NAME,
    kind: 'Your browser’s session storage (not sent to us)',
    why: 'Keeps what you typed at checkout if you go back a page.',
    howLong: 'Until you close the tab',
  },
];

export default function Cookies() {
  return (
    <LegalPage
      title="Cookies"
      intro="We set only what the shop needs to work. No advertising, analytics or tracking cookies."
    >
      <LegalSection title="What we store in your browser">
        <ul className="flex flex-col gap-4">
          {STORED.map((row) => (
            <li key={row.name} className="rounded-lg border border-crumb bg-white p-4 sm:p-5">
              <h3 className="font-mono text-base font-semibold [overflow-wrap:anywhere]">{row.name}</h3>
              <dl className="mt-2 grid gap-1 text-base sm:grid-cols-[7rem_1fr] sm:gap-x-4">
                <dt className="font-medium text-cocoa-light">What</dt>
                <dd>{row.kind}</dd>
                <dt className="font-medium text-cocoa-light">Why</dt>
                <dd>{row.why}</dd>
                <dt className="font-medium text-cocoa-light">How long</dt>
                <dd>{row.howLong}</dd>
              </dl>
            </li>
          ))}
        </ul>
      </LegalSection>
      <LegalSection title="Why we do not ask first">
        <p>
          The law (the Privacy and Electronic Communications Regulations) lets a website store what is
          strictly necessary for a service you ask for, such as signing in or keeping a basket, without
          asking. We store nothing else, so there is nothing to accept or refuse. Your browser’s settings can
          remove all of it at any time; you will then be signed out and your basket emptied.
        </p>
      </LegalSection>
      <LegalSection title="Payments">
        <p>
          When you pay, you go to our card payment provider’s own page (Stripe), which sets its own cookies to
          keep payments secure. Stripe explains them in its cookie policy at stripe.com/cookie-settings.
        </p>
      </LegalSection>
    </LegalPage>
  );
}

import { useRouteLoaderData } from 'react-router';
import { LegalPage, LegalSection, legalLink } from '~/app/components/legal/legal-page';
import type { loader as rootLoader } from '~/app/root';
import { pageMeta } from '~/app/seo/meta';
import type { Route } from './+types/accessibility';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Accessibility statement',
    description:
      'How accessible our shop is, what we test, what we know is not yet right, and how to tell us.',
    path: '/accessibility',
  });

export default function Accessibility() {
  const { shop } = useRouteLoaderData<typeof rootLoader>('root')!;
  return (
    <LegalPage
      title="Accessibility statement"
      intro={`We want everyone to be able to order from ${shop.name}.`}
    >
      <LegalSection title="What we aim for">
        <p>
          We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA. You should be able
          to:
        </p>
        <ul className="mt-3 list-disc space-y-2 pl-6">
          <li>browse, fill a basket, check out and pay using only a keyboard, with a visible focus;</li>
          <li>use the shop with a screen reader: buttons, fields and messages are named and announced;</li>
          <li>zoom to 400% and use a phone as narrow as 320 pixels without scrolling sideways;</li>
          <li>read every product’s ingredients and allergens as text, not only in pictures;</li>
          <li>use the shop with animations turned down (we follow your “reduce motion” setting).</li>
        </ul>
      </LegalSection>
      <LegalSection title="How we check">
        <p>
          We test every page with automated accessibility checks and by hand with a keyboard, at phone and
          desktop widths, before each release.
        </p>
      </LegalSection>
      <LegalSection title="What we know is not yet right">
        <p>
          Card payment happens on our payment provider’s own page, which we do not control. Printed packing
          slips are designed for paper and are not meant for screen readers.
        </p>
      </LegalSection>
      <LegalSection title="Tell us">
        <p>
          If anything on the shop is hard to use, or you need information in another format, e-mail{' '}
          <a href={`mailto:${shop.trader.email}`} className={`${legalLink} [overflow-wrap:anywhere]`}>
            {shop.trader.email}
          </a>
          {shop.trader.phone && <> or call {shop.trader.phone}</>}. We will reply within two working days and
          can take your order by e-mail or phone instead.
        </p>
      </LegalSection>
    </LegalPage>
  );
}

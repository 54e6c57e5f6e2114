import { Link, useRouteLoaderData } from 'react-router';
import { LegalPage, LegalSection, legalLink } from '~/app/components/legal/legal-page';
import type { loader as rootLoader } from '~/app/root';
import { pageMeta } from '~/app/seo/meta';
import type { Route } from './+types/legal';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Legal',
    description:
      'Who we are, how to reach us, our terms of sale and our statements on privacy, cookies and accessibility.',
    path: '/legal',
  });

const POLICIES = [
  { to: '/terms', label: 'Terms of sale' },
  { to: '/privacy', label: 'Privacy notice' },
  { to: '/cookies', label: 'Cookies' },
  { to: '/accessibility', label: 'Accessibility statement' },
] as const;

/** Who we are (Consumer Contracts Regulations 2013, Electronic Commerce Regulations 2002): as the owner set it in Settings. */
export default function Legal() {
  const { shop } = useRouteLoaderData<typeof rootLoader>('root')!;
  const t = shop.trader;
  const rows = [
    { label: 'Legal name', value: t.legalName },
    { label: 'Trading as', value: shop.name },
    { label: 'Address', value: t.address },
    { label: 'E-mail', value: t.email, href: `mailto:${t.email}` },
    { label: 'Phone', value: t.phone, href: `tel:${t.phone.replace(/[^\d+]/g, '')}` },
    { label: 'Company number', value: t.companyNumber },
    { label: 'Registered office', value: t.registeredOffice },
    { label: 'VAT number', value: t.vatNumber },
  ].filter((r) => r.value);
  return (
    <LegalPage
      title="Legal"
      intro={`Who you buy from when you order from ${shop.name}, and the rules we keep.`}
    >
      <LegalSection title="Who we are">
        <dl className="grid gap-x-6 gap-y-2 rounded-lg border border-crumb bg-white p-5 sm:grid-cols-[12rem_1fr]">
          {rows.map((r) => (
            <div key={r.label} className="contents">
              <dt className="font-medium text-cocoa-light">{r.label}</dt>
              <dd className="mb-2 [overflow-wrap:anywhere] sm:mb-0">
                {r.href ? (
                  <a href={r.href} className={legalLink}>
                    {r.value}
                  </a>
                ) : (
                  r.value
                )}
              </dd>
            </div>
          ))}
        </dl>
      </LegalSection>
      <LegalSection title="Our terms and statements">
        <ul className="list-disc space-y-2 pl-6">
          {POLICIES.map((p) => (
            <li key={p.to}>
              <Link to={p.to} className={legalLink}>
                {p.label}
              </Link>
            </li>
          ))}
        </ul>
      </LegalSection>
    </LegalPage>
  );
}

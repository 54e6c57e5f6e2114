import { data, Link } from 'react-router';
import { LegalPage, legalLink, TermsText } from '~/app/components/legal/legal-page';
import { pageMeta } from '~/app/seo/meta';
import { termsBlocks } from '~/shared/legal/terms';
import { termsPath } from '~/shared/legal/terms-links';
import { formatLongDate } from '~/shared/time/london-time';
import type { Route } from './+types/terms';

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title:
      loaderData && !loaderData.current ? `Terms of sale, version ${loaderData.version}` : 'Terms of sale',
    description:
      'The terms on which we sell our cookies and gift cards: orders, cancellation, delivery, complaints.',
    path: loaderData ? termsPath(loaderData.version) : '/terms',
  });

/**
 * /terms shows the terms in force; /terms/VERSION any version for good, so the link in an order's
 * e-mail always shows what its customer agreed to.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { terms } = context.services;
  const current = await terms.current();
  const asked = params.version === undefined ? current : await terms.version(Number(params.version));
  if (!asked || (params.version !== undefined && !/^\d+$/.test(params.version)))
    throw data('There is no such version of our terms of sale', { status: 404 });
  return {
    version: asked.version,
    current: asked.version === current.version,
    currentVersion: current.version,
    publishedOn: formatLongDate(asked.createdAt.toISOString()),
    blocks: termsBlocks(asked.body),
  };
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  const { version, current, currentVersion, publishedOn, blocks } = loaderData;
  return (
    <LegalPage title="Terms of sale" intro={`Version ${version}, in force from ${publishedOn}.`}>
      {!current && (
        <p className="mb-8 rounded-lg border border-crumb bg-dough p-4">
          This is an earlier version, kept for the orders placed under it.{' '}
          <Link to={termsPath(currentVersion)} className={legalLink}>
            Read the terms in force now (version {currentVersion})
          </Link>
          .
        </p>
      )}
      <TermsText blocks={blocks} />
      <p className="mt-10 text-base text-cocoa-light">
        Permanent link to this version:{' '}
        <Link to={termsPath(version)} className={legalLink}>
          {termsPath(version)}
        </Link>
      </p>
    </LegalPage>
  );
}

import { type ReactNode, Suspense } from 'react';
import { Outlet, useRouteLoaderData } from 'react-router';
import { useSettlePaidBasket } from '~/app/cart/settle-paid-basket';
import { SiteFooter } from '~/app/components/layout/site-footer';
import { SiteHeader } from '~/app/components/layout/site-header';
import type { loader as rootLoader } from '~/app/root';
import type { Route } from './+types/layout';

/** Site details for every public page's meta tags (see ~/app/seo/meta.ts). */
export async function loader({ context }: Route.LoaderArgs) {
  const { shop, publicUrl } = context.services.config;
  return { site: { name: shop.name, publicUrl } };
}

/** Config does not change while the server runs: no need to ask again on each navigation. */
export const shouldRevalidate = () => false;

/** The shared chrome of the public pages: skip link, header (with mobile menu), page, footer. */
export default function StorefrontLayout() {
  // The root loader always runs first; were it to fail, the root's error boundary renders instead.
  const { shop } = useRouteLoaderData<typeof rootLoader>('root')!;
  useSettlePaidBasket();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-caramel-dark px-4 py-2 font-medium text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <HydratedAfter>
        <HydratedAfter>
          <SiteHeader shopName={shop.name} />
        </HydratedAfter>
        {/* Pages render their own <main>; this wrapper is the skip link's target. */}
        <div id="main-content" tabIndex={-1} className="flex flex-1 flex-col outline-none">
          <Outlet />
        </div>
        <HydratedAfter>
          <SiteFooter shop={shop} />
        </HydratedAfter>
      </HydratedAfter>
    </div>
  );
}

/**
 * A part of the page React hydrates after the part around it (decision 059). React hydrates each
 * Suspense boundary of the server's HTML in a pass and a commit of its own once its parent has
 * committed (boundaries at one depth share a pass), so the page hydrates in three shorter tasks
 * on a slow phone instead of one: the layout, then the page itself, then header and footer.
 * Nothing here suspends, so the server's HTML has the content and no fallback is ever shown.
 */
function HydratedAfter({ children }: { children: ReactNode }) {
  return <Suspense>{children}</Suspense>;
}

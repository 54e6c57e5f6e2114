import textFont from '@fontsource-variable/figtree/files/figtree-latin-wght-normal.woff2?url';
import headingFont from '@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?url';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { ErrorReference } from './components/error-reference';
import { TestModeBanner } from './components/layout/test-mode-banner';
import { Toasts } from './components/layout/toasts';

export const links: Route.LinksFunction = () => [
  // Both faces are in the first screen of every page: fetch them with the stylesheet rather than
  // one round trip after it.
  { rel: 'preload', href: headingFont, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'preload', href: textFont, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/** Shop details every page may show (footer, contact, receipts): the config with the owner's "Who we are" over it. */
export async function loader({ context }: Route.LoaderArgs) {
  const { testPaymentsBanner } = context.services.config;
  return { shop: await context.services.trader.shop(), testPaymentsBanner };
}

/** The shop details never change while the server runs: load them once per page view. */
export const shouldRevalidate = () => false;

/** The test payment page says test mode in its own header. */
const TEST_PAYMENT_ROUTE = 'routes/checkout/test-payment';

export function Layout({ children }: { children: React.ReactNode }) {
  const testMode = useRouteLoaderData<typeof loader>('root')?.testPaymentsBanner ?? false;
  const onTestPaymentPage = useMatches().some((m) => m.id === TEST_PAYMENT_ROUTE);
  const showBanner = testMode && !onTestPaymentPage;
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#8f4f14" />
        <Meta />
        <Links />
      </head>
      <body>
        {showBanner && <TestModeBanner />}
        {children}
        <Toasts belowBanner={showBanner} />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="mb-4 text-3xl font-bold">
        {notFound ? 'Oops! Page not found' : 'Something went wrong'}
      </h1>
      <p className="mb-6">
        {notFound ? 'The page you are looking for does not exist.' : 'Please try again in a moment.'}
      </p>
      {!notFound && <ErrorReference />}
      <a className="font-medium text-caramel-dark underline" href="/">
        Return to Home
      </a>
    </main>
  );
}

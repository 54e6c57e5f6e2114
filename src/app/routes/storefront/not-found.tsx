import { useEffect } from 'react';
import { data, Link } from 'react-router';
import { Button } from '~/app/components/ui/button';
import { pageMeta } from '~/app/seo/meta';
import type { Route } from './+types/not-found';

/** The catch-all: logs the missing path on the server and answers with a real 404. */
export function loader({ request, context }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  context.services.log.warn({ path }, 'page not found');
  return data({ path }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Page not found',
    description: 'We could not find that page. Head back home to browse our handmade cookies.',
    noIndex: true,
  });

export default function NotFound({ loaderData }: Route.ComponentProps) {
  const { path } = loaderData;
  useEffect(() => {
    console.warn('404 Error: User attempted to access non-existent route:', path);
  }, [path]);

  return (
    <main className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-24 text-center">
      <p aria-hidden className="mb-2 font-serif text-7xl font-bold text-caramel">
        404
      </p>
      <h1 className="mb-4 text-3xl font-bold">Oops! Page not found</h1>
      <p className="mb-8 text-cocoa-light">
        The page you were looking for has crumbled away. Let's get you back to the cookies.
      </p>
      <Button asChild size="lg">
        <Link to="/">Return to Home</Link>
      </Button>
    </main>
  );
}

import { Link, useLocation } from 'react-router';
import { Button } from '~/app/components/ui/button';

/**
 * Previous / Next links that keep the page's other search params (e.g. the status filter), or
 * the links `hrefFor` gives (a cached page must not repeat one visitor's extra parameters).
 */
export function Pagination({
  page,
  pageCount,
  more = false,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  /** There are pages past `pageCount`, not counted (a list too long to count for every page). */
  more?: boolean;
  hrefFor?: (page: number) => string;
}) {
  const { search } = useLocation();
  if (pageCount <= 1 && !more) return null;
  const to = (p: number) => {
    if (hrefFor) return hrefFor(p);
    const params = new URLSearchParams(search);
    if (p === 1) params.delete('page');
    else params.set('page', String(p));
    const qs = params.toString();
    return qs ? `?${qs}` : '?';
  };
  return (
    <nav aria-label="Pagination" className="mt-8 flex items-center justify-between gap-4">
      {page > 1 ? (
        <Button asChild variant="outline">
          <Link to={to(Math.min(page - 1, pageCount))}>Previous</Link>
        </Button>
      ) : (
        <span />
      )}
      <p className="text-sm text-cocoa-light">
        Page {page} of {more ? `more than ${pageCount.toLocaleString('en-GB')}` : pageCount}
      </p>
      {page < pageCount || more ? (
        <Button asChild variant="outline">
          <Link to={to(page + 1)}>Next</Link>
        </Button>
      ) : (
        <span />
      )}
    </nav>
  );
}

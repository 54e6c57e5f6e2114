import type { ReactNode } from 'react';
import { Pagination } from '~/app/components/ui/pagination';
import { LoadError } from './load-error';

/** One page of a back-office list as the server sends it (server/db/paging.ts). */
interface ListPage<T> {
  items: T[];
  page: number;
  total: number;
  pageCount: number;
  /** Pages past pageCount that were not counted (Pagination's `more`). */
  more?: boolean;
}

interface PagedListProps<T> {
  /** null: the page could not load it. */
  result: ListPage<T> | null;
  /** What failing to load says, e.g. "Failed to load customers". */
  failed: string;
  /** Shown when the list has nothing at all. */
  empty: ReactNode;
  /** The items' name in the plural, for a page past the end: "There are no customers on this page." */
  noun: string;
  className?: string;
  children: (item: T) => ReactNode;
}

/**
 * A paged back-office list: the load failure, the empty state, a page past the end, or the page's
 * items, then Previous / Next (which keep the page's other search parameters).
 */
export function PagedList<T extends { id: string }>({
  result,
  failed,
  empty,
  noun,
  className = 'space-y-4',
  children,
}: PagedListProps<T>) {
  if (!result) return <LoadError message={failed} />;
  return (
    <>
      {result.total === 0 ? (
        empty
      ) : result.items.length === 0 ? (
        <p className="text-cocoa-light">There are no {noun} on this page.</p>
      ) : (
        <ul className={className}>
          {result.items.map((item) => (
            <li key={item.id}>{children(item)}</li>
          ))}
        </ul>
      )}
      <Pagination page={result.page} pageCount={result.pageCount} more={result.more} />
    </>
  );
}

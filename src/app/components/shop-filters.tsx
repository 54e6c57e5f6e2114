import { Search } from 'lucide-react';
import { Form, Link } from 'react-router';
import { Button } from '~/app/components/ui/button';
import { Input, Label, Select } from '~/app/components/ui/input';
import { ALLERGENS } from '~/shared/food-information';
import { MAX_SEARCH_LENGTH, SHOP_SORTS, type ShopQuery, shopQueryString } from '~/shared/shop-query';

/**
 * Search, "Free from" and sort for /shop: a GET form, so every choice is in the URL (shareable,
 * the back button works) and it works before (or without) JavaScript.
 */
export function ShopFilters({ query }: { query: ShopQuery }) {
  const chosen = query.free.length;
  return (
    // Keyed by the query so the fields follow the URL when the back button changes it.
    <Form key={shopQueryString(query)} method="get" action="/shop" role="search" className="mb-8 space-y-3">
      <div className="flex gap-2">
        <div className="flex-1">
          <Label htmlFor="shop-search" className="sr-only">
            Search cookies
          </Label>
          <Input
            id="shop-search"
            type="search"
            name="q"
            placeholder="Search cookies"
            defaultValue={query.q}
            maxLength={MAX_SEARCH_LENGTH}
          />
        </div>
        <Button type="submit">
          <Search aria-hidden className="size-5" />
          Search
        </Button>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <details
          className="group w-full min-w-0 rounded-md border border-cocoa/30 bg-white sm:flex-1"
          open={chosen > 0}
        >
          <summary className="cursor-pointer px-3 py-2 font-medium select-none">
            Free from{chosen > 0 ? ` (${chosen})` : ''}
          </summary>
          <fieldset className="border-t border-crumb px-3 py-3">
            <legend className="sr-only">Show only cookies free from</legend>
            <div className="grid grid-cols-2 gap-x-4 gap-y-2 lg:grid-cols-4">
              {ALLERGENS.map(({ key, label }) => (
                <label key={key} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="free"
                    value={key}
                    defaultChecked={query.free.includes(key)}
                    className="size-4 accent-caramel-dark"
                  />
                  {label}
                </label>
              ))}
            </div>
            <Button type="submit" variant="outline" size="sm" className="mt-3">
              Apply filters
            </Button>
          </fieldset>
        </details>
        <div className="flex items-center gap-2">
          <Label htmlFor="shop-sort" className="mb-0 whitespace-nowrap">
            Sort by
          </Label>
          <Select
            id="shop-sort"
            name="sort"
            defaultValue={query.sort}
            // With JavaScript a new order shows at once; without it, Search or Apply sends it.
            onChange={(e) => e.currentTarget.form?.requestSubmit()}
          >
            {SHOP_SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </Select>
        </div>
      </div>
    </Form>
  );
}

/** Nothing left after searching or filtering. */
export function NoMatches() {
  return (
    <div className="rounded-lg border border-crumb bg-white p-8 text-center">
      <p className="mb-4 text-lg font-medium">No cookies match</p>
      <p className="mb-6 text-cocoa-light">Try fewer filters or a different word.</p>
      <Button asChild variant="outline">
        <Link to="/shop">Clear filters</Link>
      </Button>
    </div>
  );
}

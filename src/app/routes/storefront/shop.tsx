import { Suspense, useEffect } from 'react';
import { Await, data, Link, useRevalidator } from 'react-router';
import { ProductImage } from '~/app/components/product-image';
import { RatingLine } from '~/app/components/reviews/stars';
import { NoMatches, ShopFilters } from '~/app/components/shop-filters';
import { Button } from '~/app/components/ui/button';
import { Badge, Card } from '~/app/components/ui/card';
import { Pagination } from '~/app/components/ui/pagination';
import { pageMeta } from '~/app/seo/meta';
import { toast } from '~/app/toast/toast';
import { SHOP_PAGE_SIZE } from '~/shared/browse-pages';
import { formatPence } from '~/shared/money/money';
import type { RatingSummary } from '~/shared/reviews/reviews';
import { isFiltered, readShopQuery, type ShopQuery, shopQueryString } from '~/shared/shop-query';
import type { Route } from './+types/shop';

export const meta: Route.MetaFunction = ({ matches, location }) => {
  // Later pages of a long catalogue are pages of their own for search engines and tabs.
  const query = readShopQuery(new URLSearchParams(location.search));
  const page = query.page;
  const later = page > 1;
  const what = query.q ? `Cookies matching "${query.q}"` : 'Our Cookies';
  return pageMeta(matches, {
    title: later ? `${what}, page ${page}` : what,
    description:
      'Browse our handmade cookies: baked fresh to order in Shropshire with the finest ingredients and delivered across the UK.',
    path: `/shop${shopQueryString(query)}`,
  });
};

interface ShopProduct {
  id: string;
  name: string;
  description: string | null;
  price_pennies: number;
  photo: string | null;
  sold_out: boolean;
  /** "On sale from 1 December" (decision 043). */
  sale_note: string | null;
  /** Its shown reviews' average and count; null before any. */
  rating: RatingSummary | null;
}

type Catalogue = {
  products: ShopProduct[];
  page: number;
  pageCount: number;
  query: ShopQuery;
  error: boolean;
};

const failed = (query: ShopQuery): Catalogue => ({ products: [], page: 1, pageCount: 1, query, error: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { catalog, reviews, log } = context.services;
  const query = readShopQuery(new URL(request.url).searchParams);
  try {
    // One past the end shows the last page.
    const [{ products, page, pageCount }, ratings] = await Promise.all([
      catalog.browse(query, SHOP_PAGE_SIZE),
      reviews.summaries(),
    ]);
    return {
      products: products.map(({ id, name, description, price_pennies, photo, sold_out, sale_note }) => ({
        id,
        name,
        description,
        price_pennies,
        photo,
        sold_out,
        sale_note,
        rating: ratings.get(id) ?? null,
      })),
      page,
      pageCount,
      query: { ...query, page },
      error: false,
    };
  } catch (err) {
    log.error({ err }, 'failed to load products');
    // Kept for the server, which answers a lost database 503 + Retry-After; a 5xx is never cached.
    context.errors.push(err);
    return data(failed(query), { status: 500 });
  }
}

/**
 * On a click from another page, show this page at once with "Loading products..." while the list
 * arrives, instead of holding the previous page. The first visit is rendered whole on the server.
 */
export function clientLoader({ serverLoader, request }: Route.ClientLoaderArgs) {
  const query = readShopQuery(new URL(request.url).searchParams);
  const catalogue: Promise<Catalogue> = serverLoader().catch(() => failed(query));
  return { catalogue, query };
}

export default function Shop({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-12">
      <h1 className="mb-2 text-4xl font-bold">Our Cookies</h1>
      <p className="mb-3 max-w-2xl text-lg text-cocoa-light">
        Every cookie is handcrafted with premium ingredients and baked fresh to order.
      </p>
      <p className="mb-10 text-cocoa-light">
        A present for someone?{' '}
        <Link to="/gift-cards/buy" className="font-medium text-caramel-dark underline underline-offset-4">
          Buy a gift card
        </Link>
      </p>
      <ShopFilters query={loaderData.query} />
      {'catalogue' in loaderData ? (
        <Suspense fallback={<ProductsLoading />}>
          <Await resolve={loaderData.catalogue}>{(catalogue) => <ProductList {...catalogue} />}</Await>
        </Suspense>
      ) : (
        // Server-rendered (and hydrated) without a Suspense boundary, so the list is plain HTML.
        <ProductList {...loaderData} />
      )}
    </main>
  );
}

function ProductList({ products, page, pageCount, query, error }: Catalogue) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (error) toast.error('Failed to load products');
  }, [error]);

  if (error) {
    return (
      <div role="alert" className="rounded-lg border border-crumb bg-white p-8 text-center">
        <p className="mb-4 text-lg">Sorry, we couldn't load our cookies just now.</p>
        <Button
          variant="outline"
          disabled={revalidator.state === 'loading'}
          onClick={() => void revalidator.revalidate()}
        >
          Try again
        </Button>
      </div>
    );
  }
  if (products.length === 0) {
    if (isFiltered(query)) return <NoMatches />;
    return <p className="py-12 text-center text-lg text-cocoa-light">No products available at the moment.</p>;
  }
  return (
    <>
      <ul className="grid grid-cols-1 gap-6 md:grid-cols-3 lg:grid-cols-4">
        {products.map((product, index) => (
          <li key={product.id}>
            {/* The first picture is the largest thing on a phone's first screen: fetch it first. */}
            <ProductCard product={product} priority={index === 0} />
          </li>
        ))}
      </ul>
      <Pagination
        page={page}
        pageCount={pageCount}
        hrefFor={(p) => `/shop${shopQueryString({ ...query, page: p })}`}
      />
    </>
  );
}

function ProductCard({ product, priority }: { product: ShopProduct; priority: boolean }) {
  return (
    <Link to={`/product/${product.id}`} className="group block h-full rounded-lg">
      <Card className="flex h-full flex-col overflow-hidden transition-shadow group-hover:shadow-md">
        {/* The link is named by the text below; repeating the name as alt text would only add noise. */}
        <ProductImage
          name={product.name}
          photo={product.photo}
          alt=""
          priority={priority}
          sizes="(min-width: 1024px) 270px, (min-width: 768px) 33vw, 100vw"
          className="transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
        />
        <div className="flex flex-1 flex-col gap-2 p-4">
          <h2 className="text-lg leading-snug font-bold group-hover:text-caramel-dark">{product.name}</h2>
          {product.rating && <RatingLine summary={product.rating} />}
          {product.description && (
            <p className="line-clamp-2 text-sm text-cocoa-light">{product.description}</p>
          )}
          <p className="mt-auto flex items-center justify-between gap-2 pt-1 text-lg font-bold text-caramel-dark">
            {formatPence(product.price_pennies)}
            {product.sold_out && <Badge className="bg-stone-200 text-sm text-stone-800">Sold out</Badge>}
            {product.sale_note && (
              <Badge className="bg-stone-200 text-sm text-stone-800">{product.sale_note}</Badge>
            )}
          </p>
        </div>
      </Card>
    </Link>
  );
}

function ProductsLoading() {
  return (
    <div>
      <p role="status" className="mb-6 text-cocoa-light">
        Loading products...
      </p>
      <ul aria-hidden className="grid grid-cols-1 gap-6 md:grid-cols-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <li key={i} className="overflow-hidden rounded-lg border border-crumb bg-white">
            <div className="aspect-square animate-pulse bg-dough motion-reduce:animate-none" />
            <div className="space-y-2 p-4">
              <div className="h-5 w-3/4 animate-pulse rounded bg-dough motion-reduce:animate-none" />
              <div className="h-4 w-1/3 animate-pulse rounded bg-dough motion-reduce:animate-none" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

import { Suspense, useEffect } from 'react';
import { Await, Link, useRevalidator } from 'react-router';
import { toast } from 'sonner';
import { ProductImage } from '~/app/components/product-image';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { Pagination } from '~/app/components/ui/pagination';
import { pageMeta } from '~/app/lib/meta';
import { requestedShopPage, SHOP_PAGE_SIZE } from '~/shared/browse-pages';
import { formatPence } from '~/shared/money';
import type { Route } from './+types/shop';

export const meta: Route.MetaFunction = ({ matches, location }) => {
  // Later pages of a long catalogue are pages of their own for search engines and tabs.
  const page = requestedShopPage(new URLSearchParams(location.search));
  const later = page > 1;
  return pageMeta(matches, {
    title: later ? `Our Cookies, page ${page}` : 'Our Cookies',
    description:
      'Browse our handmade cookies: baked fresh to order in Shropshire with the finest ingredients and delivered across the UK.',
    path: later ? `/shop?page=${page}` : '/shop',
  });
};

interface ShopProduct {
  id: string;
  name: string;
  description: string | null;
  price_pennies: number;
}

type Catalogue = { products: ShopProduct[]; page: number; pageCount: number; error: boolean };

const failed: Catalogue = { products: [], page: 1, pageCount: 1, error: true };

export async function loader({ request, context }: Route.LoaderArgs): Promise<Catalogue> {
  const { catalog, log } = context.services;
  try {
    const products = await catalog.listActive();
    const pageCount = Math.max(1, Math.ceil(products.length / SHOP_PAGE_SIZE));
    // One past the end shows the last page.
    const page = Math.min(requestedShopPage(new URL(request.url).searchParams), pageCount);
    return {
      products: products
        .slice((page - 1) * SHOP_PAGE_SIZE, page * SHOP_PAGE_SIZE)
        .map(({ id, name, description, price_pennies }) => ({ id, name, description, price_pennies })),
      page,
      pageCount,
      error: false,
    };
  } catch (err) {
    log.error({ err }, 'failed to load products');
    return failed;
  }
}

/**
 * On a click from another page, show this page at once with "Loading products..." while the list
 * arrives, instead of holding the previous page. The first visit is rendered whole on the server.
 */
export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const catalogue: Promise<Catalogue> = serverLoader().catch(() => failed);
  return { catalogue };
}

export default function Shop({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-12">
      <h1 className="mb-2 text-4xl font-bold">Our Cookies</h1>
      <p className="mb-10 max-w-2xl text-lg text-cocoa-light">
        Every cookie is handcrafted with premium ingredients and baked fresh to order.
      </p>
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

function ProductList({ products, page, pageCount, error }: Catalogue) {
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
      <Pagination page={page} pageCount={pageCount} />
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
          alt=""
          priority={priority}
          sizes="(min-width: 1024px) 270px, (min-width: 768px) 33vw, 100vw"
          className="transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
        />
        <div className="flex flex-1 flex-col gap-2 p-4">
          <h2 className="text-lg leading-snug font-bold group-hover:text-caramel-dark">{product.name}</h2>
          {product.description && (
            <p className="line-clamp-2 text-sm text-cocoa-light">{product.description}</p>
          )}
          <p className="mt-auto pt-1 text-lg font-bold text-caramel-dark">
            {formatPence(product.price_pennies)}
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

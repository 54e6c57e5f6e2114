import { ArrowLeft, ShoppingCart } from 'lucide-react';
import { useEffect, useState } from 'react';
import { data, Link } from 'react-router';
import { useCartStore } from '~/app/cart/cart-store';
import { BoxFiller } from '~/app/components/boxes/box-filler';
import { PostcodeChecker } from '~/app/components/delivery/postcode-checker';
import { AllergenSummary, Ingredients, KeepingDetails } from '~/app/components/food-information';
import { ProductImage } from '~/app/components/product-image';
import { HowWeCheckReviews, ReviewList } from '~/app/components/reviews/review-list';
import { RatingLine } from '~/app/components/reviews/stars';
import { Button } from '~/app/components/ui/button';
import { QuantityStepper } from '~/app/components/ui/quantity-stepper';
import { useHydrated } from '~/app/components/ui/use-hydrated';
import { productImageFor } from '~/app/images/product-image';
import { pageMeta, siteFrom } from '~/app/seo/meta';
import { productListing } from '~/app/seo/product-listing';
import { breadcrumbsJsonLd, productJsonLd } from '~/app/seo/structured-data';
import { toast } from '~/app/toast/toast';
import type { ProductDto } from '~/server/catalog/catalog-service';
import type { DayLeft } from '~/server/limited/product-days';
import type { ShownReview } from '~/server/reviews/reviews-service';
import { formatPence } from '~/shared/money/money';
import type { RatingSummary } from '~/shared/reviews/reviews';
import type { Route } from './+types/product';

/** What the page shows of a product (the rest of ProductDto is not sent to the browser). */
type ProductView = Omit<
  ProductDto,
  'is_active' | 'created_at' | 'chocolate_covered' | 'vat_rate' | 'allergens'
>;

type Problem = 'not-found' | 'error';

/** The newest reviews the product page shows; its reviews page lists them all. */
const LATEST_REVIEWS = 3;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { catalog, daysLeft, orderable, reviews, log } = context.services;
  try {
    const {
      is_active: _active,
      created_at: _created,
      chocolate_covered: _chocolate,
      vat_rate: _vat,
      allergens: _allergens,
      ...product
    }: ProductDto = await catalog.getActive(params.id);
    // A limited product's low and sold-out days: its page is kept for a second only (decision 050).
    const [left, inStock, rating, latest] = await Promise.all([
      daysLeft(product),
      orderable(product),
      reviews.summaryOf(product.id),
      reviews.shownFor(product.id, LATEST_REVIEWS),
    ]);
    return data({
      product: product as ProductView,
      left,
      inStock,
      rating,
      latest,
      problem: null as Problem | null,
    });
  } catch (err) {
    // Unknown, inactive and malformed ids are all "not found", with a real 404 for crawlers.
    if (isNotFound(err)) {
      return data(
        {
          product: null,
          left: [],
          inStock: false,
          rating: null,
          latest: [],
          problem: 'not-found' as Problem,
        },
        { status: 404 },
      );
    }
    log.error({ err, productId: params.id }, 'failed to load product');
    // Kept for the server, which answers a lost database 503 + Retry-After.
    context.errors.push(err);
    return data(
      { product: null, left: [], inStock: false, rating: null, latest: [], problem: 'error' as Problem },
      { status: 500 },
    );
  }
}

/**
 * The services' AppError 404. Not `instanceof`: the page bundle carries its own copy of the
 * class, distinct from the one the server's services throw.
 */
const isNotFound = (err: unknown) =>
  typeof err === 'object' && err !== null && (err as { status?: unknown }).status === 404;

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const product = loaderData?.product;
  if (!product) {
    return pageMeta(matches, {
      title: loaderData?.problem === 'not-found' ? 'Product not found' : 'Product unavailable',
      description: 'We could not show that cookie just now. Browse our handmade cookies in the shop.',
      noIndex: true,
    });
  }
  const site = siteFrom(matches);
  const listing = productListing(product, site, loaderData.inStock);
  const rating = loaderData.rating;
  return [
    ...pageMeta(matches, {
      title: product.name,
      description: listing.description,
      image: listing.image,
      imageAlt: product.name,
      type: 'product',
      path: location.pathname,
    }),
    { property: 'product:price:amount', content: listing.price },
    { property: 'product:price:currency', content: listing.currency },
    { property: 'product:availability', content: listing.inStock ? 'in stock' : 'out of stock' },
    { 'script:ld+json': productJsonLd(listing, rating) },
    {
      'script:ld+json': breadcrumbsJsonLd(site.publicUrl, [
        { name: 'Home', path: '/' },
        { name: 'Shop', path: '/shop' },
        { name: product.name, path: `/product/${product.id}` },
      ]),
    },
  ];
};

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, left, rating, latest, problem } = loaderData;
  if (product) return <ProductDetail product={product} left={left} rating={rating} latest={latest} />;
  return problem === 'not-found' ? <ProductNotFound /> : <ProductLoadFailed />;
}

/** The loader answers its own failures; this catches the rest (e.g. the network drops on a click). */
export function ErrorBoundary() {
  return <ProductLoadFailed />;
}

const backLinkClass =
  'inline-flex items-center gap-1 rounded-sm font-medium text-caramel-dark underline-offset-4 hover:underline';

function ProductDetail({
  product,
  left,
  rating,
  latest,
}: {
  product: ProductView;
  left: DayLeft[];
  rating: RatingSummary | null;
  latest: ShownReview[];
}) {
  const addItem = useCartStore((s) => s.addItem);
  const [quantity, setQuantity] = useState(1);
  const hydrated = useHydrated();
  // Not on sale yet (decision 043) is shown as sold out is: no Add to Cart.
  const unavailable = product.sold_out || !!product.sale_note;

  function addToCart() {
    const item = {
      id: product.id,
      name: product.name,
      price_pennies: product.price_pennies,
      photo_url: productImageFor(product.name, product.photo).src,
    };
    // docs/rules/shop-pages.md: adding N units from this page counts as N single additions.
    for (let i = 0; i < quantity; i++) addItem(item);
    toast.success(`Added ${quantity} ${product.name} to cart`);
  }

  const nutrition = orderedNutrition(product.nutrition);
  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12">
      <Link to="/shop" className={`${backLinkClass} mb-6`}>
        <ArrowLeft aria-hidden className="size-4" />
        Back to Shop
      </Link>
      <div className="grid gap-8 md:grid-cols-2 lg:gap-12">
        <div className="self-start overflow-hidden rounded-xl border border-crumb bg-white shadow-sm">
          <ProductImage
            name={product.name}
            photo={product.photo}
            priority
            sizes="(min-width: 1152px) 560px, (min-width: 768px) 50vw, 100vw"
          />
        </div>
        <div>
          <h1 className="text-3xl font-bold sm:text-4xl">{product.name}</h1>
          <p className="mt-3 text-3xl font-bold text-caramel-dark">{formatPence(product.price_pennies)}</p>
          {rating && (
            <a href="#reviews-heading" className="mt-2 inline-block hover:underline">
              <RatingLine summary={rating} />
            </a>
          )}
          {product.limits_note && <p className="mt-3 text-cocoa-light">{product.limits_note}</p>}
          {left.length > 0 && (
            <section aria-labelledby="left-heading" className="mt-3">
              <h2 id="left-heading" className="font-bold">
                The next bake days
              </h2>
              <p className="text-sm text-cocoa-light">
                From our bake calendar: your postcode's delivery days may differ, and the checkout shows
                yours.
              </p>
              <ul className="mt-1 list-disc pl-5 font-medium text-caramel-dark">
                {left.map((d) => (
                  <li key={d.date}>
                    {d.text}
                    {d.soldOut && (
                      <details className="mb-2 font-normal text-cocoa">
                        <summary className="cursor-pointer text-sm underline">
                          Tell me if a place comes back
                        </summary>
                        <BackInStockForm productId={product.id} day={d.date} />
                      </details>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {product.box && !unavailable && (
            <BoxFiller
              product={{ ...product, box: product.box }}
              photoUrl={productImageFor(product.name, product.photo).src}
              hydrated={hydrated}
            />
          )}
          {/* Straight after the price, so a phone reaches it before the food information. */}
          <div
            hidden={!!product.box && !unavailable}
            className="mt-5 flex flex-wrap items-center gap-4 border-y border-crumb py-5"
          >
            {unavailable ? (
              <>
                <p className="w-full text-cocoa-light">
                  {product.sale_note ?? 'This cookie is sold out for now. Please check back soon.'}
                </p>
                <Button size="lg" disabled className="w-full sm:w-auto">
                  {product.sale_note ? 'Not on sale yet' : 'Sold out'}
                </Button>
                {product.sold_out && !product.sale_note && <BackInStockForm productId={product.id} />}
              </>
            ) : (
              <>
                <div className="flex items-center gap-3">
                  <span className="font-medium">Quantity</span>
                  <QuantityStepper
                    value={quantity}
                    onChange={setQuantity}
                    label={product.name}
                    disabled={!hydrated}
                    typeable
                  />
                </div>
                <Button size="lg" onClick={addToCart} disabled={!hydrated} className="w-full sm:w-auto">
                  <ShoppingCart aria-hidden className="size-5" />
                  Add to Cart
                </Button>
              </>
            )}
          </div>
          {product.description && <p className="mt-5 text-lg leading-relaxed">{product.description}</p>}
          <PostcodeChecker />

          {/* A box's food information is its cookies', shown by the filler as it is filled. */}
          {!product.box && (
            <>
              <AllergenSummary info={product.allergen_info} />
              <Ingredients text={product.ingredients} />
              <KeepingDetails
                netWeightGrams={product.net_weight_grams}
                storageAdvice={product.storage_advice}
                shelfLifeDays={product.shelf_life_days}
              />
            </>
          )}

          {nutrition.length > 0 && (
            <section aria-labelledby="nutrition-heading" className="mt-6">
              <h2 id="nutrition-heading" className="mb-2 text-lg font-bold">
                Nutrition (per cookie)
              </h2>
              <dl className="grid grid-cols-2 overflow-hidden rounded-lg border border-crumb bg-white text-sm">
                {nutrition.map(([key, value]) => (
                  <div key={key} className="contents">
                    <dt className="border-b border-crumb px-3 py-2 font-medium">{key}</dt>
                    <dd className="border-b border-crumb px-3 py-2 text-right">{value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          )}
        </div>
      </div>
      <Reviews productId={product.id} rating={rating} latest={latest} />
    </main>
  );
}

function Reviews({
  productId,
  rating,
  latest,
}: {
  productId: string;
  rating: RatingSummary | null;
  latest: ShownReview[];
}) {
  return (
    <section aria-labelledby="reviews-heading" className="mt-12 max-w-3xl">
      <h2 id="reviews-heading" className="mb-2 text-2xl font-bold">
        Reviews
      </h2>
      {rating ? (
        <>
          <p className="mb-4">
            <RatingLine summary={rating} /> <span className="sr-only">:</span>
            <span className="text-sm text-cocoa-light"> from customers who bought it</span>
          </p>
          <ReviewList reviews={latest} />
          {rating.count > latest.length && (
            <Link to={`/product/${productId}/reviews`} className={`${backLinkClass} mt-4`}>
              All {rating.count} reviews
            </Link>
          )}
        </>
      ) : (
        <p className="text-cocoa-light">
          No reviews yet. Customers who buy this cookie are asked to review it once it arrives.
        </p>
      )}
      <HowWeCheckReviews />
    </section>
  );
}

/**
 * "Tell me when it's back" for a sold-out product, or for one sold-out day of a limited one. A
 * plain form: the page is the same for every visitor (cached), and it works without JavaScript.
 */
function BackInStockForm({ productId, day }: { productId: string; day?: string }) {
  return (
    <form
      method="post"
      action="/back-in-stock"
      className="flex w-full flex-col gap-2 sm:flex-row sm:items-end"
    >
      <input type="hidden" name="product_id" value={productId} />
      {day && <input type="hidden" name="day" value={day} />}
      <label className="flex flex-col gap-1 text-sm font-medium">
        Your e-mail
        <input
          type="email"
          name="email"
          required
          autoComplete="email"
          className="h-11 rounded-md border border-crumb bg-white px-3 text-base"
        />
      </label>
      <Button type="submit" variant="outline" size="lg">
        {day ? 'Tell me' : 'Tell me when it’s back'}
      </Button>
    </form>
  );
}

/** UK label order first (the database does not keep the keys' order); anything else after. */
const LABEL_ORDER = ['energy', 'fat', 'saturates', 'carbohydrate', 'sugars', 'fibre', 'protein', 'salt'];

function orderedNutrition(nutrition: Record<string, string>): [string, string][] {
  const rank = (key: string) => {
    const i = LABEL_ORDER.indexOf(key.toLowerCase());
    return i === -1 ? LABEL_ORDER.length : i;
  };
  return Object.entries(nutrition).sort(([a], [b]) => rank(a) - rank(b));
}

function ProductNotFound() {
  return (
    <main className="mx-auto w-full max-w-xl px-4 py-24 text-center">
      <h1 className="mb-4 text-3xl font-bold">Product not found</h1>
      <p className="mb-8 text-cocoa-light">
        This cookie may have sold out for the season, or the link is wrong.
      </p>
      <Button asChild>
        <Link to="/shop">Back to Shop</Link>
      </Button>
    </main>
  );
}

function ProductLoadFailed() {
  useEffect(() => {
    toast.error('Failed to load product');
  }, []);
  return (
    <main className="mx-auto w-full max-w-xl px-4 py-24 text-center">
      <h1 className="mb-4 text-3xl font-bold">Something went wrong</h1>
      <p className="mb-8 text-cocoa-light">
        We couldn't load this cookie just now. Please try again shortly.
      </p>
      <Button asChild variant="outline">
        <Link to="/shop">Back to Shop</Link>
      </Button>
    </main>
  );
}

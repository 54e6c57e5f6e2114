import { ArrowLeft } from 'lucide-react';
import { data, Link } from 'react-router';
import { HowWeCheckReviews, ReviewList } from '~/app/components/reviews/review-list';
import { RatingLine } from '~/app/components/reviews/stars';
import { Pagination } from '~/app/components/ui/pagination';
import { pageMeta } from '~/app/seo/meta';
import { orNotFoundPage } from '~/app/server/service-errors.server';
import { REVIEWS_PAGE_SIZE, reviewsPageOf } from '~/shared/reviews/reviews';
import type { Route } from './+types/product-reviews';

/** A product's shown reviews, newest first, a page at a time (past the last: the last). */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { catalog, reviews } = context.services;
  const product = await orNotFoundPage(() => catalog.getActive(params.id), 'Product not found');
  const rating = await reviews.summaryOf(product.id);
  const pageCount = Math.max(1, Math.ceil((rating?.count ?? 0) / REVIEWS_PAGE_SIZE));
  const page = Math.min(reviewsPageOf(new URL(request.url).searchParams), pageCount);
  const shown = await reviews.shownFor(product.id, REVIEWS_PAGE_SIZE, (page - 1) * REVIEWS_PAGE_SIZE);
  return data({ product: { id: product.id, name: product.name }, rating, shown, page, pageCount });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: loaderData ? `Reviews of ${loaderData.product.name}` : 'Reviews',
    description: loaderData
      ? `What customers who bought ${loaderData.product.name} thought of it.`
      : 'What our customers thought.',
    path: loaderData ? `/product/${loaderData.product.id}/reviews` : undefined,
  });

export default function ProductReviews({ loaderData }: Route.ComponentProps) {
  const { product, rating, shown, page, pageCount } = loaderData;
  const path = `/product/${product.id}/reviews`;
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <Link
        to={`/product/${product.id}`}
        className="mb-6 inline-flex items-center gap-1 font-medium text-caramel-dark hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" /> {product.name}
      </Link>
      <h1 className="mb-2 text-3xl font-bold">Reviews of {product.name}</h1>
      {rating ? (
        <>
          <p className="mb-6">
            <RatingLine summary={rating} />
          </p>
          <ReviewList reviews={shown} />
          <Pagination
            page={page}
            pageCount={pageCount}
            hrefFor={(p) => (p === 1 ? path : `${path}?page=${p}`)}
          />
        </>
      ) : (
        <p className="text-cocoa-light">No reviews yet.</p>
      )}
      <HowWeCheckReviews />
    </main>
  );
}

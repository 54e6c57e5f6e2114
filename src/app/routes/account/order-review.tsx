import { ArrowLeft } from 'lucide-react';
import { data, Link, useFetcher } from 'react-router';
import { Stars } from '~/app/components/reviews/stars';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { pageMeta } from '~/app/seo/meta';
import { requireCustomerPage } from '~/app/server/guards.server';
import { field, runPageAction } from '~/app/server/page-action.server';
import { orNotFoundPage } from '~/app/server/service-errors.server';
import { type PageActionResult, useActionToast } from '~/app/toast/use-action-toast';
import type { ReviewableLine } from '~/server/reviews/reviews-service';
import { MAX_REVIEW_COMMENT, REVIEW_MESSAGES, type ReviewStatus } from '~/shared/reviews/reviews';
import type { Route } from './+types/order-review';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Review your cookies',
    description: 'Rate the cookies you bought.',
    noIndex: true,
  });

const orderPage = (id: string) => `/account/orders/${encodeURIComponent(id)}`;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireCustomerPage(request, context, `/admin/orders/${encodeURIComponent(params.id)}`);
  const order = await orNotFoundPage(() => context.services.reviews.forOrder(user.id, params.id));
  return data({ id: params.id, ...order }, { headers: { 'Cache-Control': 'private, no-store' } });
}

/** One cookie's review: the server checks the order is theirs, delivered, and the line on it. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireCustomerPage(request, context);
  const form = await request.formData();
  return runPageAction(context, 'review', () =>
    context.services.reviews.write(user.id, params.id, field(form, 'item'), {
      rating: field(form, 'rating'),
      comment: field(form, 'comment'),
    }),
  );
}

const SAID: Record<ReviewStatus, string> = {
  pending: 'Thank you: we will show it once we have read it.',
  approved: 'Thank you: it is on the cookie’s page.',
  hidden: 'Thank you for your review.',
};

export default function OrderReviewPage({ loaderData }: Route.ComponentProps) {
  const { id, number, open, lines } = loaderData;
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <Link
        to={orderPage(id)}
        className="mb-6 inline-flex items-center gap-1 text-caramel-dark hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" /> Order {number}
      </Link>
      <h1 className="mb-2 text-3xl font-bold">Review your cookies</h1>
      <p className="mb-6 text-cocoa-light">
        Rate each cookie from order {number}. Only customers who bought a cookie can review it.
      </p>
      {!open ? (
        <Card className="p-6">{REVIEW_MESSAGES.notYet}</Card>
      ) : lines.length === 0 ? (
        <Card className="p-6">This order has no cookies to review.</Card>
      ) : (
        <ul className="space-y-4">
          {lines.map((line) => (
            <li key={line.itemId}>
              <Card className="p-5 sm:p-6">
                <h2 className="mb-3 text-xl font-bold">
                  <Link to={`/product/${line.productId}`} className="hover:underline">
                    {line.name}
                  </Link>
                </h2>
                {line.review ? <YourReview review={line.review} /> : <ReviewForm line={line} />}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

function YourReview({ review }: { review: NonNullable<ReviewableLine['review']> }) {
  return (
    <div className="space-y-2">
      <p className="flex items-center gap-2">
        <span className="font-medium">Your rating:</span>
        <Stars rating={review.rating} />
        <span>{review.rating} out of 5</span>
      </p>
      {review.comment && <p className="whitespace-pre-line">“{review.comment}”</p>}
      <p className="text-cocoa-light">{SAID[review.status]}</p>
    </div>
  );
}

function ReviewForm({ line }: { line: ReviewableLine }) {
  const fetcher = useFetcher<PageActionResult>();
  useActionToast(fetcher, {
    review: { success: 'Thank you for your review', failure: 'Could not post your review' },
  });
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  const errorId = `review-error-${line.itemId}`;
  return (
    <fetcher.Form method="post" className="space-y-4">
      <input type="hidden" name="item" value={line.itemId} />
      <fieldset>
        <legend className="mb-2 font-medium">Your rating</legend>
        <div className="flex flex-wrap gap-2">
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              className="flex cursor-pointer items-center gap-1.5 rounded-md border border-crumb bg-white px-3 py-2 has-[:checked]:border-caramel-dark has-[:checked]:bg-dough has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-caramel"
            >
              <input type="radio" name="rating" value={n} required className="accent-caramel-dark" />
              {n} {n === 1 ? 'star' : 'stars'}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={`comment-${line.itemId}`} className="mb-1 block font-medium">
          What did you think? (optional)
        </label>
        <textarea
          id={`comment-${line.itemId}`}
          name="comment"
          rows={3}
          maxLength={MAX_REVIEW_COMMENT}
          aria-describedby={error ? errorId : undefined}
          className="w-full rounded-md border border-crumb bg-white px-3 py-2"
        />
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" disabled={fetcher.state !== 'idle'}>
        Post review
      </Button>
    </fetcher.Form>
  );
}

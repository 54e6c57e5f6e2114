import type { ShownReview } from '~/server/reviews/reviews-service';
import { formatLongDate } from '~/shared/time/london-time';
import { Stars } from './stars';

/** Shown reviews, newest first: stars, the buyer's words as written, and the shop's reply. */
export function ReviewList({ reviews }: { reviews: readonly ShownReview[] }) {
  return (
    <ul className="space-y-4">
      {reviews.map((r) => (
        <li key={r.id} className="rounded-lg border border-crumb bg-white p-4">
          <p className="flex flex-wrap items-center gap-2">
            <Stars rating={r.rating} />
            <span className="sr-only">{r.rating} out of 5 stars</span>
            <span className="font-medium">{r.author}</span>
            <span className="text-sm text-cocoa-light">
              <time dateTime={r.createdAt}>{formatLongDate(r.createdAt)}</time> · bought from us
            </span>
          </p>
          {r.comment && <p className="mt-2 whitespace-pre-line">{r.comment}</p>}
          {r.reply && (
            <p className="mt-3 border-l-4 border-crumb pl-3 text-cocoa-light">
              <span className="font-medium text-cocoa">Our reply:</span> {r.reply}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * How the shop collects and checks its reviews, shown wherever reviews are: the DMCC Act 2024 asks
 * a trader to take reasonable steps against fake reviews and to say what they are
 * (docs/rules/reviews.md).
 */
export function HowWeCheckReviews() {
  return (
    <p className="mt-4 text-sm text-cocoa-light">
      How we check reviews: every review is from a customer who bought the cookie from us, one per cookie per
      order, written after it was delivered or collected. We read each before it is shown and hide one only
      when it is abusive, gives someone's personal details or is not about the cookie, never for its rating.
      We never write or change a customer's words, and never pay or reward anyone for a review.
    </p>
  );
}

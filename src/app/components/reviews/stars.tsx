import { Star } from 'lucide-react';
import { cn } from '~/app/components/ui/cn';
import { type RatingSummary, ratingText } from '~/shared/reviews/reviews';

/** Five stars, `rating` of them filled (rounded to the nearest half is not worth the markup). */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  const filled = Math.round(rating);
  return (
    <span aria-hidden className={cn('inline-flex', className)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          className={cn('size-4', n <= filled ? 'fill-caramel text-caramel' : 'text-cocoa-light')}
          strokeWidth={1.5}
        />
      ))}
    </span>
  );
}

/** The stars and "4.5 (12)", read out as "4.5 out of 5 stars from 12 reviews". */
export function RatingLine({ summary, className }: { summary: RatingSummary; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-1.5 text-sm', className)}>
      <Stars rating={summary.average} />
      <span className="sr-only">{ratingText(summary)}</span>
      <span aria-hidden className="text-cocoa-light">
        {summary.average.toFixed(1)} ({summary.count})
      </span>
    </span>
  );
}

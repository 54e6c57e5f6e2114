/**
 * Reviews from buyers only (docs/rules/reviews.md). A review waits for the owner, who
 * approves or hides it (with a reason) and may reply; nothing lets the owner write or change a
 * customer's words.
 */
export const REVIEW_STATUSES = ['pending', 'approved', 'hidden'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  pending: 'Waiting for approval',
  approved: 'Shown',
  hidden: 'Hidden',
};

export const MAX_REVIEW_COMMENT = 1000;
export const MAX_REVIEW_REPLY = 1000;

export const REVIEW_MESSAGES = {
  rating: 'Choose a rating from 1 to 5 stars.',
  tooLong: `Please keep your comment to ${MAX_REVIEW_COMMENT} characters.`,
  html: 'Please write your comment as plain text, without HTML tags.',
  notBought: 'Only a customer who bought this cookie on this order can review it.',
  notYet: 'You can review your cookies once your order has been delivered or collected.',
  already: 'You have already reviewed this cookie from this order.',
  reason: 'Say why the review is hidden (the customer is not told; it is for your records).',
  reply: `Please keep the reply to ${MAX_REVIEW_REPLY} characters.`,
} as const;

/** What a product's shown reviews come to: the average to one decimal place, and how many. */
export interface RatingSummary {
  average: number;
  count: number;
}

/** From the shown ratings' sum and count, as the database adds them up. */
export function ratingSummaryOf(sum: number, count: number): RatingSummary | null {
  if (count === 0) return null;
  return { average: Math.round((sum / count) * 10) / 10, count };
}

/** "4.5 out of 5 stars from 12 reviews": what the stars say to a screen reader and in words. */
export const ratingText = ({ average, count }: RatingSummary) =>
  `${average.toFixed(1)} out of 5 stars from ${count} ${count === 1 ? 'review' : 'reviews'}`;

/** Reviews per page of a product's reviews: a page a phone loads quickly, and the cache keeps. */
export const REVIEWS_PAGE_SIZE = 20;

/** The page asked for (`?page=`), 1 when missing or not a whole number from 1. */
export function reviewsPageOf(searchParams: URLSearchParams): number {
  const raw = searchParams.get('page') ?? '';
  return /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 1;
}

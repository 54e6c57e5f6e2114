import { z } from 'zod';
import { MAX_REVIEW_COMMENT, REVIEW_MESSAGES } from './reviews';

// Apart from reviews.ts: the storefront's stars import that, and zod must stay out of its pages.

/** Looks like markup: a tag opening or closing, or a comment. */
const HTML_TAG = /<\s*[a-z!/][^>]*>/i;

export const ReviewInputSchema = z.object({
  rating: z.coerce
    .number({ error: REVIEW_MESSAGES.rating })
    .int({ error: REVIEW_MESSAGES.rating })
    .min(1, { error: REVIEW_MESSAGES.rating })
    .max(5, { error: REVIEW_MESSAGES.rating }),
  comment: z
    .string()
    .trim()
    .max(MAX_REVIEW_COMMENT, { error: REVIEW_MESSAGES.tooLong })
    .refine((c) => !HTML_TAG.test(c), { error: REVIEW_MESSAGES.html })
    .default(''),
});
export type ReviewInput = z.infer<typeof ReviewInputSchema>;

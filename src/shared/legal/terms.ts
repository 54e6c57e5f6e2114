import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE, isPlainLines } from '../schemas/plain-text';

export const TERMS_MIN = 200;
export const TERMS_MAX = 30_000;

/** A new version of the terms of sale as the owner writes it: plain text, "## " starts a heading. */
export const TermsBodySchema = z
  .string({ error: 'Write the terms as text' })
  .trim()
  .min(TERMS_MIN, `The terms need at least ${TERMS_MIN} characters`)
  .max(TERMS_MAX, `Keep the terms under ${TERMS_MAX} characters`)
  .refine(isPlainLines, CONTROL_CHARACTERS_MESSAGE('The terms'));

/** A block of the terms: a heading or a paragraph. */
export type TermsBlock = { heading: string } | { text: string };

/** Splits the owner's plain text into headings ("## ") and paragraphs (separated by a blank line). */
export function termsBlocks(body: string): TermsBlock[] {
  return body
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean)
    .flatMap((b): TermsBlock[] => {
      const [first, ...rest] = b.split('\n');
      if (!first?.startsWith('## ')) return [{ text: b }];
      const heading = { heading: first.slice(3).trim() };
      return rest.length ? [heading, { text: rest.join('\n').trim() }] : [heading];
    });
}

import { z } from 'zod';
import { wholeNumberField } from './whole-number';

/** Rows per page of the admin lists. */
export const ADMIN_PAGE_SIZE = 20;

/** `?page=` of the admin lists: a whole number from 1 (absent = 1). */
const page = wholeNumberField({ type: 'Page must be a whole number from 1' }, 1, 1_000_000).default(1);

export const PageQuerySchema = z.object({ page });

/** The page a list's `?page=` asks for: anything but a whole number from 1 is the first page. */
export function pageAsked(url: string | URL): number {
  const asked = PageQuerySchema.safeParse({ page: new URL(url).searchParams.get('page') ?? undefined });
  return asked.success ? asked.data.page : 1;
}

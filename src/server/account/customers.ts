import { eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import { escapeLike } from '../db/escape-like';
import { profiles } from '../db/schema';

/**
 * What other folders need of a customer's account, handed over by its owner so that they never
 * read `profiles` themselves (docs/rules/ownership.md): the name and e-mail an order shows, and
 * whether the account is deleted. The pieces go inside the reader's own statement, so an order
 * list still takes one round trip (the database folds the subquery into the join).
 */
const qb = new QueryBuilder();

/** The customer an order belongs to: join it on `customer.id = orders.profile_id`. */
export const customer = qb
  .select({
    id: profiles.id,
    fullName: profiles.fullName,
    email: profiles.email,
    deletedAt: profiles.deletedAt,
  })
  .from(profiles)
  .as('customer');

/** The name an account (and its orders) shows once its customer has deleted it. */
export const DELETED_CUSTOMER = 'Deleted customer';

/** The ids of the accounts their customers deleted, as a subquery (`id in (...)`). */
export const deletedAccountIds = () =>
  qb.select({ id: profiles.id }).from(profiles).where(isNotNull(profiles.deletedAt));

/**
 * The ids of the accounts whose e-mail starts with `text` or whose name holds it (any case), as a
 * subquery for a search box: the e-mail through `profiles_email_search_idx`.
 */
export function accountsMatching(text: string): SQL {
  const lower = text.toLowerCase();
  return sql`select ${profiles.id} from ${profiles} where lower(${profiles.email}) like ${`${escapeLike(lower)}%`}
    or lower(${profiles.fullName}) like ${`%${escapeLike(lower)}%`}`;
}

/** The account's e-mail ('' when there is no such account). */
export async function emailOf(exec: Db | Tx, profileId: string): Promise<string> {
  const [row] = await exec.select({ email: profiles.email }).from(profiles).where(eq(profiles.id, profileId));
  return row?.email ?? '';
}

import { and, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import type { OrderView } from '~/shared/orders/order-view';
import type { Auth } from '../auth/auth';
import type { Db, Tx } from '../db/client';
import {
  accounts,
  contactMessages,
  emailOutbox,
  profiles,
  sessions,
  userRoles,
  users,
  verifications,
} from '../db/schema';
import { AppError, badRequest } from '../errors';
import type { Logger } from '../logger';
import type { AccountService, ProfileDto } from './account-service';
import { DELETED_CUSTOMER } from './customers';

export const DELETE_MESSAGES = {
  passwordRequired: 'Please enter your password to confirm',
  passwordWrong: 'Your password is not correct',
  lastAdmin:
    "You are the shop's only admin, so your account cannot be deleted. Make someone else an admin first.",
} as const;

/** "Download my data": everything the shop holds about the account, as one JSON document. */
export interface AccountDataExport {
  exported_at: string;
  profile: ProfileDto;
  orders: OrderView[];
  contact_messages: { name: string; email: string; message: string; created_at: string }[];
  /** The Cookie Club: each subscription with its boxes, their payments and its history. */
  subscriptions: unknown[];
  /** Gift cards the account bought: who each is for, the message, and when it is (or was) sent. */
  gift_cards_bought: ({ order_id: string; order_number: string } & object)[];
  /** Every marketing consent and withdrawal, newest first; back-in-stock requests; the basket kept for a reminder. */
  marketing: object;
}

/**
 * What other domains hold of an account, handed over where services are wired (account imports
 * neither orders, the Cookie Club nor gift cards: orders read the customer from account): their
 * part of the export, and what deletion ends.
 */
export interface AccountHoldings {
  /** The account's orders with their items, for the export. */
  orders(userId: string): Promise<OrderView[]>;
  /**
   * In the deletion's transaction, after the profile is marked deleted: pending orders are
   * cancelled and finished ones forget the customer; answers what to do once it has committed.
   */
  endOrders(tx: Tx, userId: string): Promise<() => Promise<void>>;
  /** The account's subscriptions for the export. */
  subscriptions(userId: string): Promise<unknown[]>;
  /** The gift cards one of the account's orders bought (recipient, message, send date). */
  giftCardsBought(userId: string, orderId: string): Promise<object[]>;
  /** The consent log and what was asked or kept for marketing and back-in-stock e-mails. */
  marketing(userId: string): Promise<object>;
  /** In the deletion's transaction: the kept basket and back-in-stock requests go. */
  forgetMarketing(tx: Tx, userId: string): Promise<void>;
  /** In the deletion's transaction: ends the Cookie Club; answers what to do once it has committed. */
  endSubscriptions(tx: Tx, userId: string): Promise<() => Promise<void>>;
}

/** UK GDPR rights on /account: a copy of one's data, and erasure. */
export function createAccountPrivacyService(
  auth: Auth,
  db: Db,
  accountsService: AccountService,
  log: Logger,
  holdings: AccountHoldings,
) {
  async function passwordMatches(userId: string, password: string): Promise<boolean> {
    const [credential] = await db
      .select({ hash: accounts.password })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
      .limit(1);
    if (!credential?.hash) return false;
    const ctx = await auth.$context;
    return ctx.password.verify({ hash: credential.hash, password });
  }

  /**
   * The contact messages that are the account's: sent while signed in to it, or sent from its
   * address once the account has proved it owns that address (a reset link e-mailed there was
   * used). A message typed with the address by anyone else, before or after sign-up, is not.
   */
  async function accountsMessages(userId: string, email: string): Promise<SQL> {
    const [user] = await db
      .select({ verified: users.emailVerified })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    const sentSignedIn = eq(contactMessages.userId, userId);
    if (!user?.verified) return sentSignedIn;
    return or(sentSignedIn, eq(sql`lower(${contactMessages.email})`, email.toLowerCase()))!;
  }

  return {
    /** The account's own profile, orders with their items, contact messages, Cookie Club and gift cards bought. */
    async exportData(userId: string): Promise<AccountDataExport> {
      const profile = await accountsService.getProfileDto(userId);
      const [orders, messages] = await Promise.all([
        holdings.orders(userId),
        db
          .select()
          .from(contactMessages)
          .where(await accountsMessages(userId, profile.email))
          .orderBy(contactMessages.createdAt),
      ]);
      const giftCardsBought = [];
      for (const order of orders) {
        for (const card of await holdings.giftCardsBought(userId, order.id))
          giftCardsBought.push({ order_id: order.id, order_number: order.number, ...card });
      }
      return {
        exported_at: new Date().toISOString(),
        profile,
        orders,
        subscriptions: await holdings.subscriptions(userId),
        gift_cards_bought: giftCardsBought,
        marketing: await holdings.marketing(userId),
        contact_messages: messages.map((m) => ({
          name: m.name,
          email: m.email,
          message: m.message,
          created_at: m.createdAt.toISOString(),
        })),
      };
    },

    /**
     * Deletes the account, confirmed with its password: sessions and credentials go, so nobody can
     * sign in to it again; the profile's personal data is erased, and so are its contact messages
     * (those the export lists) and sent e-mails to its address. Its Cookie Club subscriptions end
     * (no further box is made or charged; the saved cards are detached at the provider once
     * committed) and its pending orders are cancelled (their payment pages closed once committed). The profile row stays, scrubbed, because orders point at it:
     * they are kept for the tax records, named "Deleted customer" once finished. All in one
     * transaction; the last admin is refused (admin rows are locked, so two admins deleting at
     * once cannot both go).
     */
    async deleteAccount(userId: string, password: unknown): Promise<void> {
      if (typeof password !== 'string' || password === '') throw badRequest(DELETE_MESSAGES.passwordRequired);
      if (!(await passwordMatches(userId, password))) {
        throw new AppError(400, 'invalid_password', DELETE_MESSAGES.passwordWrong);
      }
      const profile = await accountsService.getProfile(userId);
      const messages = await accountsMessages(userId, profile.email);
      const after = await db.transaction(async (tx) => {
        const admins = await tx
          .select({ userId: userRoles.userId })
          .from(userRoles)
          .where(eq(userRoles.role, 'admin'))
          .for('update');
        if (admins.some((a) => a.userId === userId) && admins.length <= 1) {
          throw new AppError(409, 'last_admin', DELETE_MESSAGES.lastAdmin);
        }
        await tx.delete(userRoles).where(eq(userRoles.userId, userId));
        await tx.delete(sessions).where(eq(sessions.userId, userId));
        await tx.delete(accounts).where(eq(accounts.userId, userId));
        // Outstanding reset links hold the user's id as their value.
        await tx.delete(verifications).where(eq(verifications.value, userId));
        // The e-mail is freed for a new sign-up; the row stays because the profile points at it.
        await tx
          .update(users)
          .set({ name: DELETED_CUSTOMER, email: `deleted-${userId}@deleted.invalid`, image: null })
          .where(eq(users.id, userId));
        await tx
          .update(profiles)
          .set({
            fullName: DELETED_CUSTOMER,
            email: '',
            phone: '',
            address: '',
            city: '',
            postcode: '',
            deletedAt: new Date(),
          })
          .where(eq(profiles.id, userId));
        await tx.delete(contactMessages).where(messages);
        await holdings.forgetMarketing(tx, userId);
        // E-mails still waiting are left to go; those already sent are no longer needed.
        await tx
          .delete(emailOutbox)
          .where(and(eq(emailOutbox.to, profile.email), ne(emailOutbox.status, 'pending')));
        // Pending orders end as an expired payment page ends them (after the profile is marked
        // deleted, so they are scrubbed as finished); a payment that still arrives is refunded.
        // The Cookie Club ends first: its boxes' unpaid orders are among the pending orders below.
        const afterClub = await holdings.endSubscriptions(tx, userId);
        const afterOrders = await holdings.endOrders(tx, userId);
        return { afterOrders, afterClub };
      });
      await after.afterOrders();
      // Saved cards are detached at the provider once nothing here can charge them any more.
      await after.afterClub();
      log.info({ userId }, 'account deleted at the customer’s request');
    },
  };
}

export type AccountPrivacyService = ReturnType<typeof createAccountPrivacyService>;

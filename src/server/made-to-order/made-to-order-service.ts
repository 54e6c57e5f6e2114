import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { isUuid } from '~/shared/ids';
import {
  balanceDueOn,
  type DepositKind,
  type EnquiryStatus,
  MAX_PICTURE_BYTES,
  MAX_PICTURES,
  PICTURE_TOO_LARGE,
  type QuoteMoney,
  type QuoteStatus,
  quoteExpired,
  quoteMoney,
  TOO_MANY_PICTURES,
  wantedDateRefusal,
} from '~/shared/made-to-order/made-to-order';
import { DeclineSchema, EnquirySchema, QuoteSchema } from '~/shared/made-to-order/schemas';
import { parsePounds } from '~/shared/money/pounds';
import type { Fulfilment } from '~/shared/orders/fulfilment';
import { type IsoDate, londonDate } from '~/shared/time/london-time';
import { recordActivity } from '../activity/activity-log';
import { processPhoto } from '../catalog/product-photos';
import type { Db } from '../db/client';
import {
  madeToOrderEnquiries as enquiries,
  madeToOrderPictures as pictures,
  madeToOrderQuoteLines as quoteLines,
  madeToOrderQuotes as quotes,
} from '../db/schema';
import { badRequest, conflict, notFound, parseOrThrow } from '../errors';
import type { MailService } from '../mail/mail-service';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import {
  enquiryAlertEmail,
  enquiryDeclinedEmail,
  quoteAnsweredEmail,
  quoteEmail,
  type Shop,
} from './made-to-order-emails';

/** Enquiries one address may send per window. */
export const ENQUIRY_RATE_LIMIT = { max: 5, windowSeconds: 600 } as const;
const ENQUIRY_RATE_LIMIT_MESSAGE =
  'You have sent several enquiries in a short time. Please wait 10 minutes and try again, or email us.';
export const QUOTE_ALREADY_OPEN = 'A quote is already waiting for the customer’s answer.';
const ENQUIRY_CLOSED = 'This enquiry has been answered: it cannot be quoted or declined again.';
const QUOTE_ANSWERED = 'This quote has already been answered.';

export interface Enquiry {
  id: string;
  profileId: string | null;
  name: string;
  email: string;
  occasion: string;
  dateWanted: IsoDate;
  fulfilment: Fulfilment;
  quantity: number;
  wording: string;
  designNotes: string;
  budgetPennies: number | null;
  status: EnquiryStatus;
  declineMessage: string | null;
  createdAt: Date;
}

export interface QuoteLine {
  productId: string | null;
  description: string;
  quantity: number;
  unitPricePennies: number;
}

export interface Quote {
  id: string;
  enquiryId: string;
  token: string;
  status: QuoteStatus;
  depositKind: DepositKind;
  depositValue: number;
  balanceDaysBefore: number;
  validUntil: IsoDate;
  cookies: number;
  message: string;
  createdAt: Date;
  lines: QuoteLine[];
  money: QuoteMoney;
  balanceDueOn: IsoDate;
}

/** What the customer's quote page shows (no owner's notes, no other enquiry). */
export interface QuoteForCustomer extends Quote {
  enquiry: Pick<Enquiry, 'name' | 'email' | 'occasion' | 'dateWanted' | 'fulfilment' | 'quantity'>;
  expired: boolean;
}

export interface EnquiryInput {
  fields: Record<string, unknown>;
  pictures: Uint8Array[];
  /** The chosen files' names, in the order of `pictures`, so a refusal can say which one. */
  pictureNames?: string[];
}

/** How a refusal names a picture: its file name (one line, shortened), or its place. */
function pictureLabel(name: string | undefined, place: number): string {
  const clean = (name ?? '').replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  if (!clean) return `Picture ${place}`;
  return clean.length > 60 ? `${clean.slice(0, 57)}…` : clean;
}

export interface MadeToOrderDeps {
  db: Db;
  mail: MailService;
  rateLimiter: RateLimiter;
  shop: () => Shop;
  publicUrl: string;
  /** The shop's products by id (a quote line may name one): the catalogue's, handed over in services.ts. */
  products: () => Promise<ReadonlyArray<{ id: string; name: string }>>;
  clock?: () => Date;
}

type QuoteRow = typeof quotes.$inferSelect;
type LineRow = typeof quoteLines.$inferSelect;

const quoteOf = (row: QuoteRow, lines: LineRow[], dateWanted: IsoDate): Quote => {
  const ls = lines
    .sort((a, b) => a.position - b.position)
    .map((l) => ({
      productId: l.productId,
      description: l.description,
      quantity: l.quantity,
      unitPricePennies: l.unitPricePennies,
    }));
  return {
    id: row.id,
    enquiryId: row.enquiryId,
    token: row.token,
    status: row.status,
    depositKind: row.depositKind,
    depositValue: row.depositValue,
    balanceDaysBefore: row.balanceDaysBefore,
    validUntil: row.validUntil,
    cookies: row.cookies,
    message: row.message,
    createdAt: row.createdAt,
    lines: ls,
    // The amounts as they were stored when the quote was sent (computed by quoteMoney then).
    money: {
      subtotalPennies: row.subtotalPennies,
      deliveryPennies: row.deliveryPennies,
      totalPennies: row.totalPennies,
      depositPennies: row.depositPennies,
      balancePennies: row.totalPennies - row.depositPennies,
    },
    balanceDueOn: balanceDueOn(dateWanted, row.balanceDaysBefore),
  };
};

/** Made-to-order jobs (decision 086): enquiries, pictures, quotes and the customer's answer. */
export function createMadeToOrderService(deps: MadeToOrderDeps) {
  const { db, mail, rateLimiter, shop, publicUrl } = deps;
  const clock = deps.clock ?? (() => new Date());
  const today = () => londonDate(clock());

  async function quotesOf(enquiryIds: string[]) {
    if (enquiryIds.length === 0) return [];
    const rows = await db
      .select()
      .from(quotes)
      .where(inArray(quotes.enquiryId, enquiryIds))
      .orderBy(desc(quotes.createdAt));
    const lines = rows.length
      ? await db
          .select()
          .from(quoteLines)
          .where(
            inArray(
              quoteLines.quoteId,
              rows.map((r) => r.id),
            ),
          )
      : [];
    return rows.map((r) => ({ row: r, lines: lines.filter((l) => l.quoteId === r.id) }));
  }

  async function enquiryRow(id: string) {
    if (!isUuid(id)) throw notFound('Enquiry not found');
    const [row] = await db.select().from(enquiries).where(eq(enquiries.id, id));
    if (!row) throw notFound('Enquiry not found');
    return row;
  }

  const service = {
    /**
     * A customer's enquiry with up to 3 reference pictures (each checked as a product photo is:
     * type, size, dimensions; kept as the metadata-free master). Anything wrong is a 400 with
     * its field and nothing is saved. The owner's e-mail is queued in the same transaction.
     */
    async enquire(
      input: EnquiryInput,
      clientIp: string,
      profileId: string | null = null,
    ): Promise<{ id: string }> {
      const data = parseOrThrow(EnquirySchema, input.fields);
      const refusal = wantedDateRefusal(data.dateWanted, today());
      if (refusal) throw badRequest(refusal, { dateWanted: refusal });
      const uploads = input.pictures
        .map((bytes, i) => ({ bytes, name: input.pictureNames?.[i] }))
        .filter((p) => p.bytes.byteLength > 0);
      if (uploads.length > MAX_PICTURES) throw badRequest(TOO_MANY_PICTURES, { pictures: TOO_MANY_PICTURES });
      // The size is checked before anything is decoded (processPhoto checks it again).
      for (const [i, upload] of uploads.entries()) {
        if (upload.bytes.byteLength > MAX_PICTURE_BYTES) {
          const label = `${pictureLabel(upload.name, i + 1)}: ${PICTURE_TOO_LARGE}`;
          throw badRequest(label, { pictures: label });
        }
      }
      await rateLimiter.hit(
        `made-to-order:${clientIp}`,
        ENQUIRY_RATE_LIMIT.max,
        ENQUIRY_RATE_LIMIT.windowSeconds,
        ENQUIRY_RATE_LIMIT_MESSAGE,
      );
      const masters: Uint8Array[] = [];
      for (const [i, upload] of uploads.entries()) {
        try {
          const photo = await processPhoto(upload.bytes);
          masters.push(photo.files.find((f) => f.variant === 'master.webp')!.bytes);
        } catch (err) {
          // Only a refusal (400) is the picture's fault; anything else is the shop's and a 500.
          if ((err as { status?: number }).status !== 400) throw err;
          const message = err instanceof Error ? err.message : 'That picture cannot be used.';
          const label =
            upload.name || uploads.length > 1 ? `${pictureLabel(upload.name, i + 1)}: ${message}` : message;
          throw badRequest(label, { pictures: label });
        }
      }
      const saved = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(enquiries)
          .values({
            profileId,
            name: data.name,
            email: data.email,
            occasion: data.occasion,
            dateWanted: data.dateWanted,
            fulfilment: data.fulfilment,
            quantity: data.quantity,
            wording: data.wording,
            designNotes: data.designNotes,
            budgetPennies: data.budget ?? null,
          })
          .returning();
        if (masters.length)
          await tx.insert(pictures).values(
            masters.map((bytes, i) => ({
              enquiryId: row!.id,
              position: i + 1,
              contentType: 'image/webp',
              bytes,
            })),
          );
        await mail.enqueue(enquiryAlertEmail(shop(), publicUrl, row!), tx);
        return row!;
      });
      return { id: saved.id };
    },

    /** Enquiries newest first, with their newest quote's status. */
    async list() {
      const rows = await db.select().from(enquiries).orderBy(desc(enquiries.createdAt)).limit(200);
      const qs = await quotesOf(rows.map((r) => r.id));
      return rows.map((e) => {
        const q = qs.find((x) => x.row.enquiryId === e.id);
        return { enquiry: e as Enquiry, quote: q ? quoteOf(q.row, q.lines, e.dateWanted) : null };
      });
    },

    /** One enquiry for the owner: its pictures (by id) and its quotes, newest first. */
    async get(id: string) {
      const e = await enquiryRow(id);
      const pics = await db
        .select({ id: pictures.id, position: pictures.position })
        .from(pictures)
        .where(eq(pictures.enquiryId, id))
        .orderBy(asc(pictures.position));
      const qs = await quotesOf([id]);
      return {
        enquiry: e as Enquiry,
        pictureIds: pics.map((p) => p.id),
        quotes: qs.map((q) => quoteOf(q.row, q.lines, e.dateWanted)),
      };
    },

    /** A reference picture's bytes (the owner's pages only). */
    async picture(id: string) {
      if (!isUuid(id)) throw notFound('Picture not found');
      const [row] = await db
        .select({ bytes: pictures.bytes, contentType: pictures.contentType })
        .from(pictures)
        .where(eq(pictures.id, id));
      if (!row) throw notFound('Picture not found');
      return row;
    },

    /** The owner declines a new enquiry with a message, e-mailed to the customer. */
    async decline(id: string, input: unknown) {
      const { message } = parseOrThrow(DeclineSchema, input);
      if (!isUuid(id)) throw notFound('Enquiry not found');
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(enquiries).where(eq(enquiries.id, id)).for('update');
        if (!row) throw notFound('Enquiry not found');
        if (row.status !== 'new' && row.status !== 'quoted') throw conflict(ENQUIRY_CLOSED);
        await tx
          .update(quotes)
          .set({ status: 'declined', decidedAt: clock() })
          .where(and(eq(quotes.enquiryId, id), eq(quotes.status, 'sent')));
        await tx
          .update(enquiries)
          .set({ status: 'declined', declineMessage: message })
          .where(eq(enquiries.id, id));
        await recordActivity(tx, {
          kind: 'made-to-order.decline',
          record: ['enquiry', id],
          before: { status: row.status },
          after: { status: 'declined' },
        });
        await mail.enqueue(enquiryDeclinedEmail(shop(), row, message), tx);
      });
    },

    /**
     * The owner's quote: lines, delivery, deposit, when the balance is due and how long it is
     * valid. The money is computed once (quoteMoney) and stored; a deposit over the total, a
     * validity date in the past or after the wanted date, or a balance due before today is
     * refused with its field, and nothing is saved. The customer's e-mail carries the link.
     */
    async sendQuote(enquiryId: string, input: unknown): Promise<Quote> {
      const data = parseOrThrow(QuoteSchema, input);
      const e = await enquiryRow(enquiryId);
      let depositValue = 0;
      if (data.depositKind === 'percent') {
        const v = /^\d{1,3}$/.test(data.depositValue) ? Number(data.depositValue) : Number.NaN;
        if (!(v >= 0 && v <= 100)) {
          const m = 'The deposit percentage must be a whole number from 0 to 100.';
          throw badRequest(m, { depositValue: m });
        }
        depositValue = v;
      } else if (data.depositKind === 'amount') {
        const p = parsePounds(data.depositValue);
        if (p === null) {
          const m = 'The deposit must be an amount in pounds, like 60.00';
          throw badRequest(m, { depositValue: m });
        }
        depositValue = p;
      }
      const named = data.lines.some((l) => l.productId) ? await deps.products() : [];
      for (const l of data.lines) {
        if (l.productId && !named.some((p) => p.id === l.productId)) {
          const m = 'A quote line names a product the shop does not sell.';
          throw badRequest(m, { lines: m });
        }
      }
      const lines = data.lines.map((l) => ({ ...l, unitPricePennies: l.unitPrice }));
      const money = quoteMoney(lines, data.delivery, { kind: data.depositKind, value: depositValue });
      if ('refusal' in money) throw badRequest(money.refusal, { depositValue: money.refusal });
      const now = today();
      if (data.validUntil < now) {
        const m = 'The quote must be valid until today or later.';
        throw badRequest(m, { validUntil: m });
      }
      if (data.validUntil > e.dateWanted) {
        const m = 'The quote cannot be valid after the date wanted.';
        throw badRequest(m, { validUntil: m });
      }
      const saved = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(enquiries).where(eq(enquiries.id, enquiryId)).for('update');
        if (!row || (row.status !== 'new' && row.status !== 'quoted' && row.status !== 'withdrawn'))
          throw conflict(ENQUIRY_CLOSED);
        const [open] = await tx
          .select({ id: quotes.id })
          .from(quotes)
          .where(and(eq(quotes.enquiryId, enquiryId), eq(quotes.status, 'sent')));
        if (open) throw conflict(QUOTE_ALREADY_OPEN);
        const [q] = await tx
          .insert(quotes)
          .values({
            enquiryId,
            token: randomBytes(24).toString('base64url'),
            deliveryPennies: money.deliveryPennies,
            subtotalPennies: money.subtotalPennies,
            totalPennies: money.totalPennies,
            depositKind: data.depositKind,
            depositValue,
            depositPennies: money.depositPennies,
            balanceDaysBefore: data.balanceDaysBefore,
            validUntil: data.validUntil,
            cookies: data.cookies,
            message: data.message,
          })
          .returning();
        const ls = await tx
          .insert(quoteLines)
          .values(
            lines.map((l, i) => ({
              quoteId: q!.id,
              position: i + 1,
              productId: l.productId ?? null,
              description: l.description,
              quantity: l.quantity,
              unitPricePennies: l.unitPricePennies,
            })),
          )
          .returning();
        await tx.update(enquiries).set({ status: 'quoted' }).where(eq(enquiries.id, enquiryId));
        await recordActivity(tx, {
          kind: 'made-to-order.quote',
          record: ['enquiry', enquiryId],
          before: { status: row.status },
          after: { status: 'quoted', total: money.totalPennies, deposit: money.depositPennies },
        });
        const quote = quoteOf(q!, ls, row.dateWanted);
        await mail.enqueue(
          quoteEmail(shop(), publicUrl, {
            id: quote.id,
            token: quote.token,
            name: row.name,
            email: row.email,
            occasion: row.occasion,
            validUntil: quote.validUntil,
            balanceDueOn: quote.balanceDueOn,
            money: quote.money,
            message: quote.message,
          }),
          tx,
        );
        return quote;
      });
      return saved;
    },

    /** The customer's quote page, by its token; an unknown token is "not found". */
    async quoteByToken(token: string): Promise<QuoteForCustomer> {
      if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) throw notFound('Quote not found');
      const [row] = await db
        .select({ q: quotes, e: enquiries })
        .from(quotes)
        .innerJoin(enquiries, eq(enquiries.id, quotes.enquiryId))
        .where(eq(quotes.token, token));
      if (!row) throw notFound('Quote not found');
      const lines = await db.select().from(quoteLines).where(eq(quoteLines.quoteId, row.q.id));
      const quote = quoteOf(row.q, lines, row.e.dateWanted);
      const { name, email, occasion, dateWanted, fulfilment, quantity } = row.e;
      return {
        ...quote,
        enquiry: { name, email, occasion, dateWanted, fulfilment, quantity },
        expired: quoteExpired(quote.validUntil, today()),
      };
    },

    /**
     * The customer declines the quote. Decided under the quote's row lock: an answered quote is
     * refused; an expired one may still be declined. Accepting is not done here: it makes the
     * order and opens the deposit's page in one step (`madeToOrderJobs.accept`, decision 088), so
     * a quote is never accepted without its order, under the same lock.
     */
    async declineQuote(token: string): Promise<{ status: QuoteStatus }> {
      const found = await service.quoteByToken(token);
      return db.transaction(async (tx) => {
        const [q] = await tx.select().from(quotes).where(eq(quotes.id, found.id)).for('update');
        if (q?.status !== 'sent') throw conflict(QUOTE_ANSWERED);
        const status = 'declined';
        await tx.update(quotes).set({ status, decidedAt: clock() }).where(eq(quotes.id, q.id));
        await tx.update(enquiries).set({ status: 'withdrawn' }).where(eq(enquiries.id, q.enquiryId));
        await mail.enqueue(
          quoteAnsweredEmail(shop(), publicUrl, {
            id: q.id,
            enquiryId: q.enquiryId,
            name: found.enquiry.name,
            email: found.enquiry.email,
            totalPennies: q.totalPennies,
            accepted: false,
          }),
          tx,
        );
        return { status };
      });
    },
  };
  return service;
}

export type MadeToOrderService = ReturnType<typeof createMadeToOrderService>;

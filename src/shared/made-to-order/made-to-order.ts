/**
 * Made-to-order jobs (decision 086): an enquiry, the owner's quote, its deposit and
 * balance. No zod here: the storefront pages import this file (see ./schemas.ts for the checks).
 */
import { formatPence } from '../money/money';
import { addDays, formatBakeDay, type IsoDate } from '../time/london-time';

/** Days between today and the earliest date a made-to-order job can be wanted for. */
export const MADE_TO_ORDER_LEAD_DAYS = 14;
export const MAX_QUANTITY = 5000;
export const MAX_PICTURES = 3;
export const MAX_QUOTE_LINES = 20;
/** The most one reference picture may weigh (as a product photo: the same checks apply). */
export const MAX_PICTURE_BYTES = 10 * 1024 * 1024;
/** The picture types the form offers; the server reads each file's bytes, never its claimed type. */
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
/** Where a form posted without JavaScript comes back to when its pictures are over the body limit. */
export const PICTURES_TOO_LARGE_PATH = '/made-to-order?refused=pictures-too-large';
export const PICTURES_TOO_LARGE = `Your enquiry was not sent: the pictures were too large. Please choose at most ${MAX_PICTURES} pictures of 10 MB or less each, and send it again.`;
export const TOO_MANY_PICTURES = `Please choose at most ${MAX_PICTURES} pictures.`;
export const PICTURE_TOO_LARGE = 'this picture is larger than 10 MB. Please choose a smaller one.';
export const PICTURE_NOT_ACCEPTED = 'this is not a JPEG, PNG, WebP or AVIF picture.';

/**
 * What the form's script says before sending (the server checks the same and more): too many
 * files, one over 10 MB, or one whose type is not a picture we take. Null when they may be sent.
 */
export function picturesRefusal(
  files: ReadonlyArray<{ name: string; size: number; type: string }>,
): string | null {
  const chosen = files.filter((f) => f.size > 0);
  if (chosen.length > MAX_PICTURES) return TOO_MANY_PICTURES;
  for (const f of chosen) {
    if (f.size > MAX_PICTURE_BYTES) return `${f.name}: ${PICTURE_TOO_LARGE}`;
    if (f.type && !(PICTURE_TYPES as readonly string[]).includes(f.type))
      return `${f.name}: ${PICTURE_NOT_ACCEPTED}`;
  }
  return null;
}

export const ENQUIRY_STATUSES = ['new', 'quoted', 'accepted', 'declined', 'withdrawn'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];
export const ENQUIRY_STATUS_LABELS: Record<EnquiryStatus, string> = {
  new: 'Waiting for a quote',
  quoted: 'Quote sent',
  accepted: 'Quote accepted',
  declined: 'Declined by us',
  withdrawn: 'Quote declined by the customer',
};

export const QUOTE_STATUSES = ['sent', 'accepted', 'declined'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const DEPOSIT_KINDS = ['none', 'percent', 'amount'] as const;
export type DepositKind = (typeof DEPOSIT_KINDS)[number];

export const OCCASIONS = ['Wedding', 'Birthday', 'Corporate', 'Baby shower', 'Christmas', 'Other'] as const;

/** The earliest date an enquiry may ask for (today plus the lead time). */
export const earliestWanted = (today: IsoDate): IsoDate => addDays(today, MADE_TO_ORDER_LEAD_DAYS);

export const DATE_IN_PAST = 'That date has passed. Please choose a date in the future.';
export const dateInsideLeadTime = (earliest: IsoDate) =>
  `We need at least ${MADE_TO_ORDER_LEAD_DAYS} days to make a made-to-order job: please choose ${formatBakeDay(earliest)} or later.`;

/** Why a wanted date cannot be taken, or null. */
export function wantedDateRefusal(date: IsoDate, today: IsoDate): string | null {
  if (date < today) return DATE_IN_PAST;
  const earliest = earliestWanted(today);
  if (date < earliest) return dateInsideLeadTime(earliest);
  return null;
}

export interface QuoteLineAmount {
  quantity: number;
  unitPricePennies: number;
}

export interface QuoteMoney {
  subtotalPennies: number;
  deliveryPennies: number;
  totalPennies: number;
  depositPennies: number;
  balancePennies: number;
}

export const DEPOSIT_OVER_TOTAL = 'The deposit cannot be more than the quote’s total.';

/**
 * The one function that computes a quote's money: every page, e-mail and payment uses it.
 * A percentage deposit is rounded half up to the penny. Null deposit when it is over the total.
 */
export function quoteMoney(
  lines: readonly QuoteLineAmount[],
  deliveryPennies: number,
  deposit: { kind: DepositKind; value: number },
): QuoteMoney | { refusal: string } {
  const subtotalPennies = lines.reduce((sum, l) => sum + l.quantity * l.unitPricePennies, 0);
  const totalPennies = subtotalPennies + deliveryPennies;
  const depositPennies =
    deposit.kind === 'none'
      ? 0
      : deposit.kind === 'percent'
        ? Math.round((totalPennies * deposit.value) / 100)
        : deposit.value;
  if (depositPennies > totalPennies || (deposit.kind === 'percent' && deposit.value > 100))
    return { refusal: DEPOSIT_OVER_TOTAL };
  return {
    subtotalPennies,
    deliveryPennies,
    totalPennies,
    depositPennies,
    balancePennies: totalPennies - depositPennies,
  };
}

/** The day the balance is due: `daysBefore` the wanted date. */
export const balanceDueOn = (wanted: IsoDate, daysBefore: number): IsoDate => addDays(wanted, -daysBefore);

/** What has been paid, in the words every page and e-mail uses. */
export function paidLabel(paidPennies: number, totalPennies: number): string {
  if (paidPennies >= totalPennies) return 'Paid in full';
  if (paidPennies === 0) return 'Nothing paid yet';
  return `Deposit paid ${formatPence(paidPennies)} of ${formatPence(totalPennies)}`;
}

/** A quote stops being acceptable at the end of its validity date (London). */
export const quoteExpired = (validUntil: IsoDate, today: IsoDate) => today > validUntil;
export const QUOTE_EXPIRED = 'This quote has expired. Please get in touch and we will send you a new one.';

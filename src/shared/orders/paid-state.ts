import { formatPence } from '../money/money';

/**
 * What an amount asked for on an existing order pays (docs/rules/orders.md, part payments): a
 * made-to-order job's deposit or balance, or a trade invoice paid by card.
 */
export const PART_PAYMENT_PURPOSES = ['deposit', 'balance', 'invoice'] as const;
export type PartPaymentPurpose = (typeof PART_PAYMENT_PURPOSES)[number];

/** What every page and e-mail says of an order whose money taken has reached its total. */
export const PAID_IN_FULL = 'Paid in full';

/**
 * What has been paid of an order, in the words every page and e-mail uses: "Paid in full" once
 * the money taken reaches the total, "Deposit paid £60.00 of £120.00" while a deposit alone has
 * been taken, "Paid £x of £y" for any other part, and null when nothing has been taken. Derived
 * from the money taken only, never from a status or a promise.
 */
export function paidStateText(
  takenPennies: number,
  totalPennies: number,
  depositTaken: boolean,
): string | null {
  if (takenPennies <= 0) return null;
  if (takenPennies >= totalPennies) return PAID_IN_FULL;
  const of = `${formatPence(takenPennies)} of ${formatPence(totalPennies)}`;
  return depositTaken ? `Deposit paid ${of}` : `Paid ${of}`;
}

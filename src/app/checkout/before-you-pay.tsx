import { Link } from 'react-router';
import { CANCELLATION_POSITION, termsPath } from '~/shared/legal/terms-links';
import { formatPence } from '~/shared/money/money';
import type { Fulfilment } from '~/shared/orders/fulfilment';
import type { Slot } from '~/shared/settings/collection-slots';
import { formatBakeDay } from '~/shared/time/london-time';

/**
 * The pre-contract information beside the button that commits to pay (Consumer Contracts
 * Regulations 2013, reg. 14): the total with delivery, the delivery arrangements, the
 * cancellation position, and the terms the order will be placed under.
 */
export function BeforeYouPay({
  totalPennies,
  deliveryPennies,
  fulfilment,
  day,
  dispatch,
  collectFrom,
  slot = null,
  termsVersion,
  onlyCards,
}: {
  /** The server's quote; null until it answers. */
  totalPennies: number | null;
  deliveryPennies: number | null;
  fulfilment: Fulfilment;
  day: string | null;
  dispatch: string | null;
  collectFrom: string | null;
  /** A collection's chosen time slot (decision 084). */
  slot?: Slot | null;
  termsVersion: number;
  /** Gift cards only: nothing is delivered, each card goes by e-mail. */
  onlyCards: boolean;
}) {
  const when = day ? formatBakeDay(day) : 'the day you choose above';
  const arrangements = onlyCards
    ? 'Each gift card goes by e-mail to its recipient on the date you chose.'
    : fulfilment === 'collection'
      ? `Collected by you from ${collectFrom ?? 'the bakery'} on ${when}${slot ? ` between ${slot.from} and ${slot.to}` : ''}; we e-mail you when it is ready.`
      : (dispatch ?? `Delivered to the address above on ${when}.`);
  return (
    <section
      aria-labelledby="before-you-pay"
      className="mt-6 rounded-lg border border-crumb bg-dough/60 p-4 text-sm"
    >
      <h3 id="before-you-pay" className="mb-2 font-serif text-lg font-bold">
        Before you pay
      </h3>
      <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[9rem_1fr]">
        <dt className="font-medium">Total to pay</dt>
        <dd>
          {totalPennies === null
            ? '…'
            : `${formatPence(totalPennies)}, including ${
                fulfilment === 'collection' || !deliveryPennies
                  ? 'no delivery charge'
                  : `${formatPence(deliveryPennies)} delivery`
              } and any VAT`}
        </dd>
        <dt className="font-medium">
          {fulfilment === 'collection' && !onlyCards ? 'Collection' : 'Delivery'}
        </dt>
        <dd>{arrangements}</dd>
        <dt className="font-medium">Cancelling</dt>
        <dd>{CANCELLATION_POSITION}</dd>
      </dl>
      <p className="mt-3">
        By proceeding to payment you agree to our{' '}
        <Link
          to={termsPath(termsVersion)}
          target="_blank"
          className="font-medium text-caramel-dark underline underline-offset-4"
        >
          terms of sale (version {termsVersion}, opens in a new tab)
        </Link>
        . We e-mail you a link to them with your confirmation.
      </p>
    </section>
  );
}

import { CheckCircle2, SearchX } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useCart, useCartStore } from '~/app/cart/cart-store';
import { forgetCheckoutDraft } from '~/app/checkout/forget-checkout-draft';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { pageMeta } from '~/app/seo/meta';
import { COLLECT_LABEL, dayLabel } from '~/shared/orders/fulfilment';
import { PAID_IN_FULL } from '~/shared/orders/paid-state';
import { type SummaryRow, summaryRows } from '~/shared/pricing/summary-rows';
import { slotText } from '~/shared/settings/collection-slots';
import { formatBakeDay } from '~/shared/time/london-time';
import type { Route } from './+types/success';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Order Confirmed', description: 'Thank you for your order.', noIndex: true });

/**
 * The payment provider sends the customer here with `session_id`. The server checks with the
 * provider too, so an order whose webhook is late is still marked paid before the page shows.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const sessionId = new URL(request.url).searchParams.get('session_id')?.trim() ?? '';
  const { figures, ...seen } = await context.services.payments.reconcile(sessionId);
  // Where and when to collect, as the owner has it now (the order keeps no copy).
  const settings = figures?.fulfilment === 'collection' ? await context.services.settings.get() : null;
  const collection = settings && { address: settings.collectionAddress, hours: settings.collectionHours };
  const summary = figures && summaryRows(figures);
  // The page promises only the e-mail the shop sends (ORDER_EMAILS_OFF may switch it off).
  const emailed = !context.services.config.mail.orderEmailsOff.has('paid');
  return { sessionId, ...seen, summary, collection, emailed };
}

export default function SuccessPage({ loaderData }: Route.ComponentProps) {
  const { found, ...confirmed } = loaderData;
  return (
    <main className="mx-auto w-full max-w-2xl px-4 py-12 sm:py-16">
      {found ? <Confirmed {...confirmed} /> : <NotFound />}
    </main>
  );
}

function Confirmed({
  sessionId,
  paid,
  paidState,
  orderNumber,
  deliveryDate,
  collectionSlot,
  dispatch,
  summary,
  collection,
  emailed,
  giftCards,
}: {
  sessionId: string;
  paid: boolean;
  /** What has been paid of the order, in its pages' words: "Deposit paid £60.00 of £120.00", "Paid in full". */
  paidState: string | null;
  orderNumber: string | null;
  deliveryDate: string | null;
  /** A collection's time slot (decision 084). */
  collectionSlot: { from: string; to: string } | null;
  /** A posted order's "Dispatched ..., usually with you in 2-3 days", said instead of its day. */
  dispatch: string | null;
  summary: SummaryRow[] | null;
  collection: { address: string; hours: string } | null;
  emailed: boolean;
  /** Each gift card bought: who it goes to, at which address and when. */
  giftCards: string[];
}) {
  const { ready } = useCart();
  const clearCart = useCartStore((s) => s.clearCart);
  // Clear only once the saved cart has been read, or reading it afterwards would bring it back.
  // Its checkout's choices go too: the next checkout opens on "Deliver to me", which
  // the basket's own settling never learns once the cart is cleared here.
  useEffect(() => {
    if (!ready) return;
    clearCart();
    forgetCheckoutDraft();
  }, [ready, clearCart]);

  return (
    <Card className="p-6 text-center sm:p-10">
      <CheckCircle2 aria-hidden className="mx-auto mb-4 size-16 text-green-700" />
      <h1 className="mb-3 text-3xl font-bold sm:text-4xl">Order Confirmed!</h1>
      {giftCards.length > 0 ? (
        <>
          <p className="mb-3 text-lg text-cocoa-light">
            Thank you for your order. We’ve received your payment. Each gift card goes by e-mail to its
            recipient, with your message and its code:
          </p>
          <ul className="mb-6 space-y-1" aria-label="Gift cards bought">
            {giftCards.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mb-6 text-lg text-cocoa-light">
          {paidState && paidState !== PAID_IN_FULL
            ? 'Thank you for your order. We’ve received your deposit and your order is booked.'
            : 'Thank you for your order. We’ve received your payment and your cookies are being prepared.'}
        </p>
      )}
      <div className="mb-6 space-y-1 rounded-md bg-cream px-4 py-3">
        {orderNumber && (
          <p>
            <span className="font-semibold">Order</span> <span className="font-mono">{orderNumber}</span>
          </p>
        )}
        {dispatch && <p>{dispatch}</p>}
        {deliveryDate && !dispatch && (
          <p>
            <span className="font-semibold">{dayLabel(collection ? 'collection' : 'delivery')}:</span>{' '}
            {formatBakeDay(deliveryDate)}
            {collectionSlot && `, ${slotText(collectionSlot)}`}
          </p>
        )}
        {collection && (
          <p>
            <span className="font-semibold">{COLLECT_LABEL}:</span> {collection.address} ({collection.hours})
          </p>
        )}
        <p>
          <span className="font-semibold">Order ID:</span>{' '}
          <span className="font-mono whitespace-nowrap">{sessionId.slice(0, 16)}...</span>
        </p>
        {summary && (
          <dl className="mx-auto mt-2 max-w-xs space-y-1 border-t border-crumb pt-2 text-left">
            {summary.map((row) => (
              <div
                key={row.label}
                className={`flex justify-between gap-4${row.total ? ' font-semibold' : ''}`}
              >
                <dt>{row.label}</dt>
                <dd>{row.amount}</dd>
              </div>
            ))}
            {paid && paidState && (
              <div className="flex justify-between gap-4">
                <dt>Payment</dt>
                <dd>{paidState}</dd>
              </div>
            )}
          </dl>
        )}
      </div>
      {!paid && (
        <p className="mb-4 text-sm text-cocoa-light" role="status">
          Your payment is still being confirmed by the card provider; this usually takes a moment.
        </p>
      )}
      <p className="mb-8 text-cocoa-light">
        {emailed && 'You’ll receive a confirmation email shortly. '}You can track your order status on your
        account page.
      </p>
      <NextSteps />
    </Card>
  );
}

/** A missing or unknown session: nothing was bought here, so the basket is left as it is. */
function NotFound() {
  return (
    <Card className="p-6 text-center sm:p-10">
      <SearchX aria-hidden className="mx-auto mb-4 size-16 text-cocoa-light" />
      <h1 className="mb-3 text-3xl font-bold">We couldn’t find that order</h1>
      <p className="mb-8 text-cocoa-light">
        If you have just paid, your order will appear on your account page in a moment.
      </p>
      <NextSteps />
    </Card>
  );
}

/** Where to go from the confirmation: the order history, or back to the shop. */
function NextSteps() {
  return (
    <div className="flex flex-col justify-center gap-3 sm:flex-row">
      <Button asChild size="lg">
        <Link to="/account?tab=orders">View Orders</Link>
      </Button>
      <Button asChild size="lg" variant="outline">
        <Link to="/">Continue Shopping</Link>
      </Button>
    </div>
  );
}

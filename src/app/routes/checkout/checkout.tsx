import { Lock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useRevalidator, useRouteLoaderData } from 'react-router';
import { toast } from 'sonner';
import { type CartItem, cartTotalPence, useCart } from '~/app/cart/cart-store';
import { CartLoading, EmptyCart } from '~/app/cart/empty-cart';
import { CodeRefusedError, useQuote } from '~/app/checkout/checkout-quote';
import { createCheckoutSession, SignInRequiredError } from '~/app/checkout/create-checkout-session';
import {
  checkDelivery,
  DeliveryChoice,
  type DeliveryErrors,
  deliveryFieldId,
  EMPTY_DELIVERY,
} from '~/app/checkout/delivery-choice';
import {
  type DeliveryDayChoice,
  DeliveryDayPicker,
  dayAvailability,
  firstOpenDay,
} from '~/app/checkout/delivery-day-picker';
import { DiscountCodeForm } from '~/app/checkout/discount-code-form';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { getUser } from '~/app/lib/guards.server';
import { pageMeta } from '~/app/lib/meta';
import type { loader as rootLoader } from '~/app/root';
import { formatPence } from '~/shared/money';
import { CANCEL_NOTICE } from '~/shared/orders/cancellation';
import { type SummaryRow, summaryRows } from '~/shared/pricing/summary-rows';
import type { Route } from './+types/checkout';

const SIGN_IN_URL = '/auth?redirectTo=/checkout';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Checkout', description: 'Review your order and pay securely.', noIndex: true });

/**
 * Anyone may look at the order summary; paying needs a session (SPEC §7), so the page learns
 * here whether one exists and, if so, where the order will be delivered.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser(request, context);
  // Read afresh on every visit: a day may fill or close at any moment.
  const deliveryDays: DeliveryDayChoice[] = (await context.services.bakeDays.choices(1)).map(
    ({ date, state, orderBy, capacity, booked }) => ({ date, state, orderBy, capacity, booked }),
  );
  if (!user) return { signedIn: false as const, deliverTo: null, deliveryDays };
  const profile = await context.services.accounts.getProfile(user.id).catch(() => null);
  const deliverTo = profile
    ? { name: profile.fullName, lines: [profile.address, profile.city, profile.postcode] }
    : null;
  return { signedIn: true as const, deliverTo, deliveryDays };
}

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  const { items, ready } = useCart();
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="mb-8 text-4xl font-bold">Checkout</h1>
      {!ready ? (
        <CartLoading />
      ) : items.length === 0 ? (
        <EmptyCart />
      ) : (
        <OrderSummary items={items} {...loaderData} />
      )}
    </main>
  );
}

function OrderSummary({
  items,
  signedIn,
  deliverTo,
  deliveryDays,
}: { items: CartItem[] } & Route.ComponentProps['loaderData']) {
  const { shop } = useRouteLoaderData<typeof rootLoader>('root')!;
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [processing, setProcessing] = useState(false);
  const [delivery, setDelivery] = useState(EMPTY_DELIVERY);
  const [deliveryErrors, setDeliveryErrors] = useState<DeliveryErrors>({});
  const [discountCode, setDiscountCode] = useState<string | null>(null);
  const fulfilment = 'delivery';
  const quote = useQuote(items, discountCode, fulfilment);
  const subtotal = cartTotalPence(items);
  // The server's prices once it has answered; the basket's own until then (SPEC's summary).
  const rows: SummaryRow[] = quote
    ? summaryRows({ ...quote, delivery_fee_pennies: quote.delivery_pennies, fulfilment })
    : summaryRows({
        subtotal_pennies: subtotal,
        discount: null,
        delivery_fee_pennies: shop.deliveryFeePence,
        total_pennies: subtotal + shop.deliveryFeePence,
        fulfilment,
      });
  const unitPrice = (item: CartItem) =>
    quote?.lines.find((l) => l.product_id === item.id)?.unit_price_pennies ?? item.price_pennies;
  const cookies = items.reduce((sum, i) => sum + i.quantity, 0);
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  // The first open day is preselected; a chosen day that filled or closed meanwhile is replaced.
  const chosen = deliveryDays.find((d) => d.date === chosenDay);
  const deliveryDay =
    chosen && dayAvailability(chosen, cookies) === 'open' ? chosen.date : firstOpenDay(deliveryDays, cookies);

  // Coming back from the payment page with the browser's Back button restores this page as it
  // was left (processing); let the customer try again.
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => e.persisted && setProcessing(false);
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  function sendToSignIn() {
    toast.error('Please sign in to continue');
    navigate(SIGN_IN_URL);
  }

  async function proceed() {
    if (!signedIn) return sendToSignIn();
    // A gift's recipient is checked here first, with the same rules and messages as the server.
    const checked = await checkDelivery(delivery);
    setDeliveryErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) {
      toast.error(checked.first.message);
      const field = String(checked.first.path.at(-1)) as keyof DeliveryErrors;
      document.getElementById(deliveryFieldId(field))?.focus();
      return;
    }
    setProcessing(true);
    try {
      const { url } = await createCheckoutSession(
        items,
        shop.deliveryFeePence,
        deliveryDay,
        checked.payload,
        {
          discountCode,
        },
      );
      // Stays "Processing..." while the browser leaves for the payment page.
      window.location.assign(url);
    } catch (err) {
      setProcessing(false);
      if (err instanceof SignInRequiredError) return sendToSignIn();
      // A day that filled or closed meanwhile: show the days as they are now. A code used up
      // meanwhile comes off, so the summary shows what paying would now cost.
      revalidator.revalidate();
      if (err instanceof CodeRefusedError) setDiscountCode(null);
      toast.error(err instanceof Error && err.message ? err.message : 'Failed to initiate checkout');
    }
  }

  return (
    <Card className="p-6">
      <h2 className="mb-4 text-2xl font-bold">Order Summary</h2>
      <ul className="divide-y divide-crumb" aria-label="Items in your order">
        {items.map((item) => (
          <li key={item.id} className="flex items-baseline justify-between gap-4 py-3">
            <div className="min-w-0">
              <p className="font-medium">{item.name}</p>
              <p className="text-sm text-cocoa-light">
                {item.quantity} × {formatPence(unitPrice(item))}
              </p>
            </div>
            <p className="font-medium whitespace-nowrap">{formatPence(unitPrice(item) * item.quantity)}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-4 space-y-3 border-t border-crumb pt-4" aria-busy={!quote}>
        {rows.map((row) => (
          <div
            key={row.label}
            className={
              row.total
                ? 'flex justify-between gap-4 border-t border-crumb pt-3 text-lg font-bold'
                : 'flex justify-between gap-4'
            }
          >
            <dt>{row.label}</dt>
            <dd className={row.total ? undefined : 'font-medium'}>{row.amount}</dd>
          </div>
        ))}
      </dl>

      <DiscountCodeForm
        items={items}
        fulfilment={fulfilment}
        applied={discountCode}
        onApplied={setDiscountCode}
      />

      {deliverTo && (
        <DeliveryChoice
          myAddress={deliverTo}
          value={delivery}
          onChange={setDelivery}
          errors={deliveryErrors}
        />
      )}

      <DeliveryDayPicker days={deliveryDays} cookies={cookies} value={deliveryDay} onChange={setChosenDay} />

      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button asChild variant="outline">
          <Link to="/cart">Back to Cart</Link>
        </Button>
        <Button size="lg" onClick={proceed} disabled={processing || !deliveryDay} aria-busy={processing}>
          <Lock aria-hidden className="size-4" />
          {processing ? 'Processing...' : 'Proceed to Payment'}
        </Button>
      </div>
      <p className="mt-4 text-sm text-cocoa-light">
        {signedIn
          ? 'You will pay by card on our payment provider’s secure page.'
          : 'You will be asked to sign in before paying.'}
      </p>
      <p className="mt-2 text-sm text-cocoa-light">{CANCEL_NOTICE}</p>
    </Card>
  );
}

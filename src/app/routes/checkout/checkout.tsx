import { Lock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useRevalidator, useSearchParams } from 'react-router';
import { basketKey, type CartItem, cartCookies, lineId, useCart, useCartStore } from '~/app/cart/cart-store';
import { EmptyCart } from '~/app/cart/empty-cart';
import { BeforeYouPay } from '~/app/checkout/before-you-pay';
import { loadCheckoutDraft, saveCheckoutDraft } from '~/app/checkout/checkout-draft';
import { CheckoutLoading } from '~/app/checkout/checkout-loading';
import {
  CodeRefusedError,
  fetchQuote,
  GiftCardRefusedError,
  useQuoteState,
} from '~/app/checkout/checkout-quote';
import { CodeEntryForm } from '~/app/checkout/code-entry-form';
import { CollectionSlotPicker } from '~/app/checkout/collection-slot-picker';
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
import { FreeDeliveryNote, FulfilmentChoice } from '~/app/checkout/fulfilment-choice';
import { BoxContentsList } from '~/app/components/boxes/box-contents';
import { MarketingOptIn } from '~/app/components/marketing/marketing-opt-in';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { getUser } from '~/app/lib/guards.server';
import { pageMeta } from '~/app/lib/meta';
import { toast } from '~/app/lib/toast';
import { formatPence } from '~/shared/money/money';
import { CANCEL_NOTICE } from '~/shared/orders/cancellation';
import type { Fulfilment } from '~/shared/orders/fulfilment';
import type { PricingInput } from '~/shared/pricing/price-order';
import { type SummaryRow, summaryRows } from '~/shared/pricing/summary-rows';
import { slotRulesOf } from '~/shared/settings/collection-slots';
import type { ShopSettings } from '~/shared/settings/shop-settings';
import type { Route } from './+types/checkout';

const SIGN_IN_URL = '/auth?redirectTo=/checkout';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Checkout', description: 'Review your order and pay securely.', noIndex: true });

/**
 * Anyone may look at the order summary; paying needs a session (docs/rules/shop-pages.md), so the page learns
 * here whether one exists and, if so, where the order will be delivered.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { bakeDays, settings: shopSettings, zones } = context.services;
  const user = await getUser(request, context);
  const profile = user ? await context.services.accounts.getProfile(user.id).catch(() => null) : null;
  // The customer's own zone: its fee, and its days from the first paint.
  const decision = profile ? await zones.decide(context.services.db, profile.postcode) : null;
  const zone = decision?.zone ?? null;
  // Read afresh on every visit: a day may fill or close, and the owner may change the settings.
  const days = async (fulfilment: Fulfilment): Promise<DeliveryDayChoice[]> =>
    (await bakeDays.choices(1, fulfilment, fulfilment === 'delivery' ? zone : null)).map(
      ({ date, state, orderBy, capacity, booked }) => ({ date, state, orderBy, capacity, booked }),
    );
  // A postcode no zone delivers to has no delivery day (the quote's note says why).
  const [settings, deliveryDays] = await Promise.all([
    shopSettings.get(),
    decision?.refused ? Promise.resolve([]) : days('delivery'),
  ]);
  const collection = settings.collectionEnabled
    ? await collectionChoices(settings, await days('collection'), bakeDays)
    : null;
  const terms = zone
    ? { deliveryFeePennies: zone.feePennies, freeDeliveryOverPennies: zone.freeOverPennies }
    : settings;
  // Only the fee's wording: the browser sends no fee, the server prices the order.
  // The terms in force: the order is placed under them (the server sets its version, not this page).
  const termsVersion = (await context.services.terms.current()).version;
  const common = { deliveryDays, collection, feeHint: deliveryHint(terms), termsVersion };
  if (!user) return { signedIn: false as const, deliverTo: null, consents: false, ...common };
  const deliverTo = profile
    ? { name: profile.fullName, lines: [profile.address, profile.city, profile.postcode] }
    : null;
  // Already consenting: no box to tick again (decision 081).
  const consents = await context.services.marketing.consentNow(user.id);
  return { signedIn: true as const, deliverTo, consents, ...common };
}

/**
 * Collection: the address, the hours and the days and, when the owner gives collection days time
 * slots (decision 084), each day's slots that still have room. A full slot is left out, only it;
 * a day whose every slot is full is shown full, saying why. The server checks the slot again.
 */
async function collectionChoices(
  settings: ShopSettings,
  shown: DeliveryDayChoice[],
  bakeDays: Route.LoaderArgs['context']['services']['bakeDays'],
) {
  const rules = slotRulesOf(settings);
  const open = shown.filter((d) => d.state === 'open').map((d) => d.date);
  const slots = rules ? await bakeDays.freeSlots(rules, open) : null;
  return {
    address: settings.collectionAddress,
    hours: settings.collectionHours,
    days: slots
      ? shown.map((d) =>
          d.state === 'open' && (slots[d.date]?.length ?? 0) === 0
            ? { ...d, state: 'full' as const, note: 'Every collection time is taken' }
            : d,
        )
      : shown,
    slots,
  };
}

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  const { items, ready } = useCart();
  const [searchParams] = useSearchParams();
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="mb-8 text-4xl font-bold">Checkout</h1>
      {searchParams.get('payment') === 'cancelled' && (
        <p role="status" className="mb-6 rounded-md border border-crumb bg-cream px-4 py-3">
          Payment cancelled: nothing was taken. Your order is as you left it.
        </p>
      )}
      {!ready ? (
        <CheckoutLoading days={loaderData.deliveryDays} />
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
  collection,
  feeHint,
  termsVersion,
  consents,
}: { items: CartItem[] } & Route.ComponentProps['loaderData']) {
  const navigate = useNavigate();
  const [marketing, setMarketing] = useState(false);
  const revalidator = useRevalidator();
  const [processing, setProcessing] = useState(false);
  // Back, a reload or Cancel on the payment page: the choices as the customer left them.
  const [draft] = useState(loadCheckoutDraft);
  const [delivery, setDelivery] = useState(draft?.delivery ?? EMPTY_DELIVERY);
  const [deliveryErrors, setDeliveryErrors] = useState<DeliveryErrors>({});
  const discountCode = useCartStore((s) => s.discountCode);
  const setDiscountCode = useCartStore((s) => s.setDiscountCode);
  const setPendingOrder = useCartStore((s) => s.setPendingOrder);
  const [chosenFulfilment, setFulfilment] = useState<Fulfilment>(draft?.fulfilment ?? 'delivery');
  // Collection switched off since the page loaded: back to delivery.
  const fulfilment: Fulfilment = collection ? chosenFulfilment : 'delivery';
  // A code kept with the basket that can no longer be used comes off, saying why.
  // Gift cards typed here (decision 044); a card that can no longer pay comes off, saying why.
  const [giftCards, setGiftCards] = useState<string[]>(draft?.giftCards ?? []);
  const { quote, pending } = useQuoteState(
    items,
    discountCode,
    fulfilment,
    0,
    (message) => {
      setDiscountCode(null);
      toast.error(message);
    },
    giftCards,
    (message) => {
      setGiftCards([]);
      toast.error(message);
    },
    delivery.to === 'me' ? undefined : delivery.recipient.postcode,
  );
  // Only the server's prices: until its quote answers, the rows' names with their amounts to come.
  const rows: SummaryRow[] = quote
    ? summaryRows({
        ...quote,
        delivery_fee_pennies: quote.delivery_pennies,
        fulfilment,
        gift_card_pennies: quote.total_pennies - quote.to_pay_pennies,
        gift_cards_only: quote.gift_cards_only,
      })
    : pendingRows(fulfilment);
  const unitPrice = (item: CartItem) =>
    quote?.lines.find((l) => l.product_id === item.id)?.unit_price_pennies ?? item.price_pennies;
  // A box counts as its cookies, as the day's capacity counts them.
  const cookies = cartCookies(items);
  const [chosenDay, setChosenDay] = useState<string | null>(draft?.day ?? null);
  const [chosenSlot, setChosenSlot] = useState<string | null>(draft?.slot ?? null);
  useEffect(() => {
    saveCheckoutDraft({
      delivery,
      fulfilment: chosenFulfilment,
      day: chosenDay,
      slot: chosenSlot,
      giftCards,
    });
  }, [delivery, chosenFulfilment, chosenDay, chosenSlot, giftCards]);
  // The first open day is preselected; a chosen day that filled or closed meanwhile is replaced.
  // Delivered: the days of the address's zone, once the server's quote names them.
  // Limited products (decision 043): only the days the server offers, with its words for each.
  // While the server is asked again (a recipient's postcode typed, a code applied), the days it
  // last named stay listed, and Proceed waits for its answer.
  const loaderDays = fulfilment === 'collection' && collection ? collection.days : deliveryDays;
  const quotedDays = quote
    ? (quote.limited_days?.days ?? (fulfilment === 'collection' ? loaderDays : (quote.days ?? loaderDays)))
    : null;
  const [known, setKnown] = useState({ fulfilment, days: loaderDays });
  if (quotedDays && (known.days !== quotedDays || known.fulfilment !== fulfilment))
    setKnown({ fulfilment, days: quotedDays });
  const days = quotedDays ?? (known.fulfilment === fulfilment ? known.days : loaderDays);
  const chosen = days.find((d) => d.date === chosenDay);
  const deliveryDay =
    chosen && dayAvailability(chosen, cookies) === 'open' ? chosen.date : firstOpenDay(days, cookies);
  // The chosen day's collection slots with room (decision 084): the first one preselected, and a
  // chosen slot that filled meanwhile replaced by it.
  const daySlots =
    fulfilment === 'collection' && collection?.slots && deliveryDay
      ? (collection.slots[deliveryDay] ?? [])
      : null;
  const collectionSlot = daySlots
    ? (daySlots.find((s) => s.from === chosenSlot)?.from ?? daySlots[0]?.from ?? null)
    : null;
  // Gift cards only (decision 047): no day, no delivery, no codes; the server decides, this only hides them.
  const onlyCards = quote?.gift_cards_only;
  // Gift cards pay it all (decision 044): the order is placed without a payment page.
  const coveredByCards = !!quote && giftCards.length > 0 && quote.to_pay_pennies === 0;

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
    // A collection goes to no address.
    const checked = await checkDelivery(fulfilment === 'collection' || onlyCards ? EMPTY_DELIVERY : delivery);
    setDeliveryErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) {
      toast.error(checked.first.message);
      const field = String(checked.first.path.at(-1)) as keyof DeliveryErrors;
      document.getElementById(deliveryFieldId(field))?.focus();
      return;
    }
    setProcessing(true);
    try {
      const { url, orderId } = await createCheckoutSession(items, deliveryDay, checked.payload, {
        collectionSlot,
        discountCode,
        fulfilment,
        giftCards,
        marketing,
      });
      // The basket remembers its order, so it empties once the order is paid (settle-paid-basket.ts).
      setPendingOrder({ orderId, basket: basketKey(items) });
      // Stays "Processing..." while the browser leaves for the payment page.
      window.location.assign(url);
    } catch (err) {
      setProcessing(false);
      if (err instanceof SignInRequiredError) return sendToSignIn();
      // A day that filled or closed meanwhile: show the days as they are now. A code used up
      // meanwhile comes off, so the summary shows what paying would now cost.
      revalidator.revalidate();
      if (err instanceof CodeRefusedError) setDiscountCode(null);
      if (err instanceof GiftCardRefusedError) setGiftCards([]);
      // Every refusal carries its message (create-checkout-session.ts falls back to the documented one).
      toast.error((err as Error).message);
    }
  }

  return (
    <Card className="p-6">
      <h2 className="mb-4 text-2xl font-bold">Order Summary</h2>
      <ul className="divide-y divide-crumb" aria-label="Items in your order">
        {items.map((item) => (
          <li key={lineId(item)} className="flex items-baseline justify-between gap-4 py-3">
            <div className="min-w-0">
              <p className="font-medium">{item.name}</p>
              {item.box && <BoxContentsList contents={item.box.contents} />}
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
      {!onlyCards && (
        <>
          {fulfilment === 'delivery' && <FreeDeliveryNote quote={quote} className="mt-3" />}

          <CodeEntryForm
            label="Discount code"
            name="discount_code"
            maxLength={60}
            refused={CodeRefusedError}
            check={async (code) =>
              setDiscountCode((await fetchQuote(items, code, fulfilment)).discount?.code ?? null)
            }
          >
            {discountCode && (
              <p className="mt-2 flex items-center justify-between gap-2 text-sm">
                <span>
                  Code <strong>{discountCode}</strong> applied
                </span>
                <Button type="button" variant="ghost" size="sm" onClick={() => setDiscountCode(null)}>
                  Remove code
                </Button>
              </p>
            )}
          </CodeEntryForm>
          <CodeEntryForm
            label="Gift card"
            name="gift_card"
            maxLength={40}
            placeholder="XXXX-XXXX-XXXX-XXXX-XXXX"
            buttonLabel="Apply gift card"
            refused={GiftCardRefusedError}
            check={async (code) => {
              const codes = [...giftCards, code];
              await fetchQuote(items, discountCode, fulfilment, codes);
              setGiftCards(codes);
            }}
          >
            {giftCards.length > 0 && (
              <ul className="mt-2 space-y-1 text-sm" aria-label="Gift cards applied">
                {giftCards.map((code) => {
                  // The storefront's script budget: the last 4 read here, not through the shared module.
                  const masked = `•••• ${code.replace(/[\s-]/g, '').toUpperCase().slice(-4)}`;
                  const pays = quote?.gift_cards.find((p) => masked.endsWith(p.last4))?.pennies;
                  return (
                    <li key={code} className="flex items-center justify-between gap-2">
                      <span>
                        Gift card <strong>{masked}</strong>
                        {pays !== undefined && ` pays ${formatPence(pays)}`}
                      </span>
                      <Button
                        type="button"
                        variant="ghost"
                        size="sm"
                        onClick={() => setGiftCards(giftCards.filter((c) => c !== code))}
                      >
                        Remove gift card {masked}
                      </Button>
                    </li>
                  );
                })}
              </ul>
            )}
          </CodeEntryForm>

          {collection && (
            <FulfilmentChoice
              value={fulfilment}
              onChange={setFulfilment}
              collection={collection}
              deliveryHint={feeHint}
            />
          )}

          {deliverTo && fulfilment === 'delivery' && (
            <DeliveryChoice
              myAddress={deliverTo}
              value={delivery}
              onChange={setDelivery}
              errors={deliveryErrors}
            />
          )}

          <DeliveryDayPicker
            why={quote?.limited_days?.why}
            reduce={quote?.limited_days?.reduce}
            days={days}
            cookies={cookies}
            value={deliveryDay}
            onChange={setChosenDay}
            collection={fulfilment === 'collection'}
            posted={fulfilment === 'delivery' && !!quote?.dispatch}
          />
          {fulfilment === 'delivery' && deliveryDay && (
            <p className="mt-3">{quote?.dispatch?.[deliveryDay]}</p>
          )}
          {daySlots && (
            <CollectionSlotPicker slots={daySlots} value={collectionSlot} onChange={setChosenSlot} />
          )}
        </>
      )}

      <BeforeYouPay
        totalPennies={quote?.total_pennies ?? null}
        deliveryPennies={quote?.delivery_pennies ?? null}
        fulfilment={fulfilment}
        day={deliveryDay}
        slot={daySlots?.find((s) => s.from === collectionSlot) ?? null}
        dispatch={fulfilment === 'delivery' && deliveryDay ? (quote?.dispatch?.[deliveryDay] ?? null) : null}
        collectFrom={collection?.address ?? null}
        termsVersion={termsVersion}
        onlyCards={!!onlyCards}
      />
      {signedIn && !consents && (
        <div className="mt-6">
          <MarketingOptIn id="checkout-marketing" checked={marketing} onChange={setMarketing} />
        </div>
      )}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button asChild variant="outline">
          <Link to="/cart">Back to Cart</Link>
        </Button>
        <Button
          size="lg"
          onClick={proceed}
          disabled={processing || pending || !(deliveryDay || onlyCards) || (!!daySlots && !collectionSlot)}
          aria-busy={processing}
        >
          <Lock aria-hidden className="size-4" />
          {processing ? 'Processing...' : coveredByCards ? 'Place Order' : 'Proceed to Payment'}
        </Button>
      </div>
      <p className="mt-4 text-sm text-cocoa-light">
        {coveredByCards
          ? `Your gift card pays the whole order: nothing to pay by card${signedIn ? '' : ' (you will be asked to sign in first)'}.`
          : signedIn
            ? 'You will pay by card on our payment provider’s secure page.'
            : 'You will be asked to sign in before paying.'}
      </p>
      <p className="mt-2 text-sm text-cocoa-light">{CANCEL_NOTICE}</p>
    </Card>
  );
}

type Pricing = Pick<PricingInput, 'deliveryFeePennies' | 'freeDeliveryOverPennies'>;

/** The summary's rows before the quote: the browser prices nothing (the script budget, and one price). */
function pendingRows(fulfilment: Fulfilment): SummaryRow[] {
  return [
    { label: 'Subtotal', amount: '…' },
    { label: fulfilment === 'collection' ? 'Collection' : 'Delivery', amount: '…' },
    { label: 'Total', amount: '…', total: true },
  ];
}

/** "£4.99", or "£4.99, free on orders of £30.00 or more". */
function deliveryHint({ deliveryFeePennies, freeDeliveryOverPennies }: Pricing): string {
  if (deliveryFeePennies === 0) return 'Free';
  const fee = formatPence(deliveryFeePennies);
  return freeDeliveryOverPennies === null
    ? fee
    : `${fee}, free on orders of ${formatPence(freeDeliveryOverPennies)} or more`;
}

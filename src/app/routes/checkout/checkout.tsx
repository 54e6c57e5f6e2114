import { Lock } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { type CartItem, cartCookies, lineId, useCart, useCartStore } from '~/app/cart/cart-store';
import { EmptyCart } from '~/app/cart/empty-cart';
import { BeforeYouPay } from '~/app/checkout/before-you-pay';
import { CheckoutLoading } from '~/app/checkout/checkout-loading';
import { CodeRefusedError, fetchQuote, useQuoteState } from '~/app/checkout/checkout-quote';
import { CodeEntryForm } from '~/app/checkout/code-entry-form';
import { CollectionSlotPicker } from '~/app/checkout/collection-slot-picker';
import { DeliveryChoice } from '~/app/checkout/delivery-choice';
import { type DeliveryDayChoice, DeliveryDayPicker } from '~/app/checkout/delivery-day-picker';
import { FreeDeliveryNote, FulfilmentChoice } from '~/app/checkout/fulfilment-choice';
import { GiftCardEntry } from '~/app/checkout/gift-card-entry';
import { useCheckoutChoices } from '~/app/checkout/use-checkout-choices';
import { useOfferedDays } from '~/app/checkout/use-offered-days';
import { useProceedToPayment } from '~/app/checkout/use-proceed-to-payment';
import { BoxContentsList } from '~/app/components/boxes/box-contents';
import { MarketingOptIn } from '~/app/components/marketing/marketing-opt-in';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { pageMeta } from '~/app/seo/meta';
import { getUser } from '~/app/server/guards.server';
import { toast } from '~/app/toast/toast';
import { formatPence } from '~/shared/money/money';
import { CANCEL_NOTICE } from '~/shared/orders/cancellation';
import type { Fulfilment } from '~/shared/orders/fulfilment';
import type { PricingInput } from '~/shared/pricing/price-order';
import { type SummaryRow, summaryRows } from '~/shared/pricing/summary-rows';
import { slotRulesOf } from '~/shared/settings/collection-slots';
import type { ShopSettings } from '~/shared/settings/shop-settings';
import type { Route } from './+types/checkout';

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
  const [marketing, setMarketing] = useState(false);
  const choices = useCheckoutChoices();
  const { delivery, setDelivery, deliveryErrors, giftCards, setGiftCards } = choices;
  const discountCode = useCartStore((s) => s.discountCode);
  const setDiscountCode = useCartStore((s) => s.setDiscountCode);
  // Collection switched off since the page loaded: back to delivery.
  const fulfilment: Fulfilment = collection ? choices.fulfilment : 'delivery';
  // A code kept with the basket that can no longer be used comes off, saying why; so does a gift card.
  const { quote, pending } = useQuoteState({
    items,
    discountCode,
    fulfilment,
    giftCards,
    postcode: delivery.to === 'me' ? undefined : delivery.recipient.postcode,
    onCodeRefused: (message) => {
      setDiscountCode(null);
      toast.error(message);
    },
    onGiftCardRefused: (message) => {
      setGiftCards([]);
      toast.error(message);
    },
  });
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
  const { days, deliveryDay, daySlots, collectionSlot } = useOfferedDays({
    quote,
    fulfilment,
    deliveryDays,
    collection,
    cookies,
    chosenDay: choices.day,
    chosenSlot: choices.slot,
  });
  // Gift cards only (decision 047): no day, no delivery, no codes; the server decides, this only hides them.
  const onlyCards = quote?.gift_cards_only;
  // Gift cards pay it all (decision 044): the order is placed without a payment page.
  const coveredByCards = !!quote && giftCards.length > 0 && quote.to_pay_pennies === 0;
  const { processing, proceed } = useProceedToPayment({
    signedIn,
    items,
    choices,
    deliveryDay,
    collectionSlot,
    fulfilment,
    onlyCards: !!onlyCards,
    marketing,
  });

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
          <GiftCardEntry
            items={items}
            discountCode={discountCode}
            fulfilment={fulfilment}
            quote={quote}
            giftCards={giftCards}
            onChange={setGiftCards}
          />

          {collection && (
            <FulfilmentChoice
              value={fulfilment}
              onChange={choices.setFulfilment}
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
            onChange={choices.setDay}
            collection={fulfilment === 'collection'}
            posted={fulfilment === 'delivery' && !!quote?.dispatch}
          />
          {fulfilment === 'delivery' && deliveryDay && (
            <p className="mt-3">{quote?.dispatch?.[deliveryDay]}</p>
          )}
          {daySlots && (
            <CollectionSlotPicker slots={daySlots} value={collectionSlot} onChange={choices.setSlot} />
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

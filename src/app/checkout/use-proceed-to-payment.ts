import { useEffect, useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { basketKey, type CartItem, useCartStore } from '~/app/cart/cart-store';
import { toast } from '~/app/toast/toast';
import type { Fulfilment } from '~/shared/orders/fulfilment';
import { CodeRefusedError, GiftCardRefusedError } from './checkout-quote';
import { createCheckoutSession, SignInRequiredError } from './create-checkout-session';
import { checkDelivery, type DeliveryErrors, deliveryFieldId, EMPTY_DELIVERY } from './delivery-choice';
import type { useCheckoutChoices } from './use-checkout-choices';

const SIGN_IN_URL = '/auth?redirectTo=/checkout';

/**
 * Proceed to Payment: a gift's recipient checked with the server's rules and messages, the order
 * placed, then the browser sent to the payment page (it stays "Processing..." while it leaves).
 * A refusal says why, and the page shows the days, the code and the gift cards as they are now.
 */
export function useProceedToPayment({
  signedIn,
  items,
  choices,
  deliveryDay,
  collectionSlot,
  fulfilment,
  onlyCards,
  marketing,
}: {
  signedIn: boolean;
  items: CartItem[];
  choices: ReturnType<typeof useCheckoutChoices>;
  deliveryDay: string | null;
  collectionSlot: string | null;
  fulfilment: Fulfilment;
  onlyCards: boolean;
  marketing: boolean;
}) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [processing, setProcessing] = useState(false);
  const discountCode = useCartStore((s) => s.discountCode);
  const setDiscountCode = useCartStore((s) => s.setDiscountCode);
  const setPendingOrder = useCartStore((s) => s.setPendingOrder);

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
    // A collection, or gift cards only, go to no address.
    const checked = await checkDelivery(
      fulfilment === 'collection' || onlyCards ? EMPTY_DELIVERY : choices.delivery,
    );
    choices.setDeliveryErrors(checked.ok ? {} : checked.errors);
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
        giftCards: choices.giftCards,
        marketing,
      });
      // The basket remembers its order, so it empties once the order is paid (settle-paid-basket.ts).
      setPendingOrder({ orderId, basket: basketKey(items) });
      window.location.assign(url);
    } catch (err) {
      setProcessing(false);
      if (err instanceof SignInRequiredError) return sendToSignIn();
      // A day that filled or closed meanwhile: show the days as they are now. A code used up
      // meanwhile comes off, so the summary shows what paying would now cost.
      revalidator.revalidate();
      if (err instanceof CodeRefusedError) setDiscountCode(null);
      if (err instanceof GiftCardRefusedError) choices.setGiftCards([]);
      // Every refusal carries its message (create-checkout-session.ts falls back to the documented one).
      toast.error((err as Error).message);
    }
  }

  return { processing, proceed };
}

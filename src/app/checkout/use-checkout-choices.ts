import { useEffect, useState } from 'react';
import type { Fulfilment } from '~/shared/orders/fulfilment';
import { loadCheckoutDraft, saveCheckoutDraft } from './checkout-draft';
import { type DeliveryErrors, EMPTY_DELIVERY } from './delivery-choice';

/**
 * What the customer has chosen at checkout: who it goes to, delivery or collection, the day, the
 * collection time and the gift cards typed. Back, a reload or Cancel on the payment page brings the
 * choices back as the customer left them (this tab's draft).
 */
export function useCheckoutChoices() {
  const [draft] = useState(loadCheckoutDraft);
  const [delivery, setDelivery] = useState(draft?.delivery ?? EMPTY_DELIVERY);
  const [deliveryErrors, setDeliveryErrors] = useState<DeliveryErrors>({});
  const [fulfilment, setFulfilment] = useState<Fulfilment>(draft?.fulfilment ?? 'delivery');
  // Gift cards typed here (decision 044); a card that can no longer pay comes off, saying why.
  const [giftCards, setGiftCards] = useState<string[]>(draft?.giftCards ?? []);
  const [day, setDay] = useState<string | null>(draft?.day ?? null);
  const [slot, setSlot] = useState<string | null>(draft?.slot ?? null);
  useEffect(() => {
    saveCheckoutDraft({ delivery, fulfilment, day, slot, giftCards });
  }, [delivery, fulfilment, day, slot, giftCards]);
  return {
    delivery,
    setDelivery,
    deliveryErrors,
    setDeliveryErrors,
    fulfilment,
    setFulfilment,
    giftCards,
    setGiftCards,
    day,
    setDay,
    slot,
    setSlot,
  };
}

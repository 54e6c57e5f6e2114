import { useState } from 'react';
import type { Fulfilment } from '~/shared/orders/fulfilment';
import type { CheckoutQuote } from '~/shared/schemas/checkout';
import { type DeliveryDayChoice, dayAvailability, firstOpenDay } from './delivery-day-picker';

/** Collection as the page's loader offers it: its days and, with time slots, each day's slots with room. */
interface OfferedCollection<Slot> {
  days: DeliveryDayChoice[];
  slots: Record<string, Slot[]> | null;
}

/**
 * The days checkout offers and the one it will send: the first open day is preselected, and a
 * chosen day that filled or closed meanwhile is replaced. Delivered: the days of the address's
 * zone, once the server's quote names them. Limited products (decision 043): only the days the
 * server offers, with its words for each. While the server is asked again (a recipient's postcode
 * typed, a code applied), the days it last named stay listed. With collection time slots
 * (decision 084), the chosen day's slots with room: the first preselected, and a chosen slot that
 * filled meanwhile replaced by it.
 */
export function useOfferedDays<Slot extends { from: string }>({
  quote,
  fulfilment,
  deliveryDays,
  collection,
  cookies,
  chosenDay,
  chosenSlot,
}: {
  quote: CheckoutQuote | null;
  fulfilment: Fulfilment;
  deliveryDays: DeliveryDayChoice[];
  collection: OfferedCollection<Slot> | null;
  /** A box counts as its cookies, as the day's capacity counts them. */
  cookies: number;
  chosenDay: string | null;
  chosenSlot: string | null;
}) {
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
  const daySlots =
    fulfilment === 'collection' && collection?.slots && deliveryDay
      ? (collection.slots[deliveryDay] ?? [])
      : null;
  const collectionSlot = daySlots
    ? (daySlots.find((s) => s.from === chosenSlot)?.from ?? daySlots[0]?.from ?? null)
    : null;
  return { days, deliveryDay, daySlots, collectionSlot };
}

import type { Fulfilment } from '~/shared/orders/fulfilment';
import { dayLabel } from '~/shared/orders/fulfilment';
import { type Slot, slotText } from '~/shared/settings/collection-slots';
import { formatBakeDay } from '~/shared/time/london-time';

/**
 * "Delivery day: Wednesday 25 November" (or "Collection day: ..."), wherever an order is shown;
 * a posted order's "Dispatched Tuesday 1 December, usually with you in 2-3 days" instead (its
 * day is the dispatch day); nothing for older orders.
 */
export function DeliveryDay({
  date,
  fulfilment = 'delivery',
  dispatch,
  slot,
  className,
}: {
  /** A collection's time slot (decision 084): "Collection day: Saturday 5 December, 10:00-10:30". */
  slot?: Slot | null;
  date: string | null;
  fulfilment?: Fulfilment;
  /** The order's `dispatch` text, when posted. */
  dispatch?: string | null;
  className?: string;
}) {
  if (!date) return null;
  if (dispatch) return <p className={className}>{dispatch}</p>;
  return (
    <p className={className}>
      <span className="font-medium">{dayLabel(fulfilment)}:</span>{' '}
      <time dateTime={date}>{formatBakeDay(date)}</time>
      {slot && (
        <>
          , <span className="whitespace-nowrap">{slotText(slot)}</span>
        </>
      )}
    </p>
  );
}

/** An order's `DeliveryDay`, read from the order as each of its views carries it. */
export function OrderDay({
  order,
  className,
}: {
  order: {
    delivery_date: string | null;
    fulfilment?: Fulfilment;
    dispatch?: string | null;
    collection_slot?: Slot | null;
  };
  className?: string;
}) {
  return (
    <DeliveryDay
      date={order.delivery_date}
      fulfilment={order.fulfilment}
      dispatch={order.dispatch}
      slot={order.collection_slot}
      className={className}
    />
  );
}

import type { Fulfilment } from '~/shared/orders/fulfilment';
import { dayLabel } from '~/shared/orders/fulfilment';
import { formatBakeDay } from '~/shared/time/london-time';

/**
 * "Delivery day: Wednesday 25 November" (or "Collection day: ..."), wherever an order is shown;
 * nothing for older orders.
 */
export function DeliveryDay({
  date,
  fulfilment = 'delivery',
  className,
}: {
  date: string | null;
  fulfilment?: Fulfilment;
  className?: string;
}) {
  if (!date) return null;
  return (
    <p className={className}>
      <span className="font-medium">{dayLabel(fulfilment)}:</span>{' '}
      <time dateTime={date}>{formatBakeDay(date)}</time>
    </p>
  );
}

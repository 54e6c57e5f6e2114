import { formatBakeDay } from '~/shared/bake-days/london-time';

/** "Delivery day: Wednesday 25 November", wherever an order is shown; nothing for older orders. */
export function DeliveryDay({ date, className }: { date: string | null; className?: string }) {
  if (!date) return null;
  return (
    <p className={className}>
      <span className="font-medium">Delivery day:</span> <time dateTime={date}>{formatBakeDay(date)}</time>
    </p>
  );
}

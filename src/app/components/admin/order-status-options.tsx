import { ORDER_STATUS_LABELS, settableStatuses } from '~/shared/orders/statuses';

/**
 * The statuses the person may choose for an order, as a Select's options (decision 032: Paid once
 * paid); without Cancelled where their role may not cancel it.
 */
export function OrderStatusOptions({
  order,
  withCancelled = true,
}: {
  order: Parameters<typeof settableStatuses>[0];
  withCancelled?: boolean;
}) {
  return settableStatuses(order)
    .filter((s) => withCancelled || s !== 'cancelled')
    .map((s) => (
      <option key={s} value={s}>
        {ORDER_STATUS_LABELS[s]}
      </option>
    ));
}

import { ORDER_STATUS_LABELS, settableStatuses } from '~/shared/orders/statuses';

/** The statuses the owner may choose for an order, as a Select's options (decision 032: Paid once paid). */
export function OrderStatusOptions({ order }: { order: Parameters<typeof settableStatuses>[0] }) {
  return settableStatuses(order).map((s) => (
    <option key={s} value={s}>
      {ORDER_STATUS_LABELS[s]}
    </option>
  ));
}

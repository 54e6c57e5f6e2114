import { Badge } from '~/app/components/ui/card';
import { cn } from '~/app/lib/cn';
import type { OrderStatus } from '~/shared/constants';
import { ORDER_STATUS_LABELS } from '~/shared/schemas/admin';

const tone: Record<OrderStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  paid: 'bg-sky-100 text-sky-900',
  baking: 'bg-orange-100 text-orange-900',
  shipped: 'bg-indigo-100 text-indigo-900',
  completed: 'bg-green-100 text-green-900',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge className={cn(tone[status])}>{ORDER_STATUS_LABELS[status]}</Badge>;
}

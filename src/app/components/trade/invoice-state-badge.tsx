import { Badge } from '~/app/components/ui/card';
import type { InvoiceState } from '~/shared/trade/trade-invoices';

const STATE: Record<InvoiceState, { label: string; tone: string }> = {
  paid: { label: 'Paid', tone: 'bg-green-100 text-green-900' },
  due: { label: 'Not paid yet', tone: 'bg-amber-100 text-amber-900' },
  overdue: { label: 'Overdue', tone: 'bg-red-100 text-red-900' },
};

/** An invoice's state in the owner's and the trade customer's invoice lists. */
export function InvoiceStateBadge({ state }: { state: InvoiceState }) {
  return <Badge className={STATE[state].tone}>{STATE[state].label}</Badge>;
}

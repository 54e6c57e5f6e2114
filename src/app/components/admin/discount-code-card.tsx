import { Pencil, Power, PowerOff, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import { Button } from '~/app/components/ui/button';
import { Badge, Card } from '~/app/components/ui/card';
import { cn } from '~/app/components/ui/cn';
import { ConfirmDialog } from '~/app/components/ui/confirm-dialog';
import { type PageActionResult, useActionToast } from '~/app/toast/use-action-toast';
import { type DiscountCodeView, describeDiscount } from '~/shared/discounts/discount-code';
import { formatPence } from '~/shared/money/money';
import type { IsoDate } from '~/shared/time/london-time';

export const DISCOUNT_CARD_TOASTS = {
  activate: { success: 'Discount code activated', failure: 'Failed to update discount code' },
  deactivate: { success: 'Discount code deactivated', failure: 'Failed to update discount code' },
  delete: { success: 'Discount code deleted', failure: 'Failed to delete discount code' },
  'delete-used': {
    success: 'Discount code deactivated: orders have used it, so it was kept for them',
    failure: 'Failed to delete discount code',
  },
};

/** "1 December 2026": a London date as the owner reads it. */
const formatDay = (date: IsoDate) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });

function datesOf(c: DiscountCodeView) {
  if (c.starts_on && c.ends_on) return `${formatDay(c.starts_on)} to ${formatDay(c.ends_on)}`;
  if (c.starts_on) return `From ${formatDay(c.starts_on)}`;
  if (c.ends_on) return `Until ${formatDay(c.ends_on)}`;
  return 'Any day';
}

/** Active, Inactive, or why an active code cannot be used today. */
function statusOf(c: DiscountCodeView, today: IsoDate) {
  if (!c.is_active) return { label: 'Inactive', className: 'bg-stone-200 text-stone-800' };
  if (c.ends_on && c.ends_on < today) return { label: 'Ended', className: 'bg-stone-200 text-stone-800' };
  if (c.starts_on && c.starts_on > today)
    return { label: 'Scheduled', className: 'bg-amber-100 text-amber-900' };
  if (c.max_uses !== null && c.uses >= c.max_uses)
    return { label: 'Used up', className: 'bg-amber-100 text-amber-900' };
  return { label: 'Active', className: 'bg-green-100 text-green-900' };
}

/** A discount code in the owner's list: its terms, uses and what it gave, with its actions. */
export function DiscountCodeCard({
  discount: c,
  today,
  onEdit,
}: {
  discount: DiscountCodeView;
  /** Today in London, from the server, so the status reads the same before and after hydration. */
  today: IsoDate;
  onEdit: () => void;
}) {
  const fetcher = useFetcher<PageActionResult>();
  const [confirming, setConfirming] = useState(false);
  useActionToast(fetcher, DISCOUNT_CARD_TOASTS, () => setConfirming(false));
  const busy = fetcher.state !== 'idle';
  const heading = `discount-${c.id}`;
  const status = statusOf(c, today);
  const toggle = c.is_active ? 'deactivate' : 'activate';

  const facts: [string, string][] = [
    ['Minimum spend', c.min_subtotal_pennies > 0 ? formatPence(c.min_subtotal_pennies) : 'None'],
    ['Dates', datesOf(c)],
    ['Use limit', c.max_uses === null ? 'No limit' : c.max_uses.toLocaleString('en-GB')],
    ['Once per customer', c.once_per_customer ? 'Yes' : 'No'],
    ['Uses', c.uses.toLocaleString('en-GB')],
    ['Discount given', formatPence(c.given_pennies)],
  ];

  return (
    <Card className="p-5">
      <article aria-labelledby={heading}>
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="min-w-0">
            <h2 id={heading} className="font-mono text-lg font-semibold break-all">
              {c.code}
            </h2>
            <p className="font-medium text-caramel-dark">{describeDiscount(c.kind, c.value)}</p>
          </div>
          <Badge className={cn('shrink-0', status.className)}>{status.label}</Badge>
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-3 lg:grid-cols-7">
          {facts.map(([term, value]) => (
            <div
              key={term}
              className={cn('min-w-0', term === 'Dates' && 'col-span-2 sm:col-span-1 lg:col-span-2')}
            >
              <dt className="text-xs font-semibold text-cocoa-light uppercase">{term}</dt>
              <dd className="mt-0.5 font-medium">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={onEdit} disabled={busy}>
            <Pencil aria-hidden className="size-4" />
            Edit<span className="sr-only"> {c.code}</span>
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            onClick={() => fetcher.submit({ intent: toggle, id: c.id }, { method: 'post' })}
          >
            {c.is_active ? (
              <PowerOff aria-hidden className="size-4" />
            ) : (
              <Power aria-hidden className="size-4" />
            )}
            {c.is_active ? 'Deactivate' : 'Activate'}
            <span className="sr-only"> {c.code}</span>
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            busy={busy}
            trigger={
              <Button variant="outline" size="sm" className="text-red-800" disabled={busy}>
                <Trash2 aria-hidden className="size-4" />
                Delete<span className="sr-only"> {c.code}</span>
              </Button>
            }
            title="Are you sure you want to delete this discount code?"
            description={`Customers will no longer be able to use ${c.code}. If orders have used it, it is only deactivated, so those orders keep it.`}
            keep="Cancel"
            confirm={busy ? 'Deleting...' : 'Delete'}
            onConfirm={() => fetcher.submit({ intent: 'delete', id: c.id }, { method: 'post' })}
          />
        </div>
      </article>
    </Card>
  );
}

import { TicketPercent } from 'lucide-react';
import { data } from 'react-router';
import { DISCOUNT_CARD_TOASTS, DiscountCodeCard } from '~/app/components/admin/discount-code-card';
import { DiscountFormDialog } from '~/app/components/admin/discount-form-dialog';
import { EmptyState, LoadError } from '~/app/components/admin/load-error';
import { useEditDialog } from '~/app/components/admin/use-edit-dialog';
import { pageMeta } from '~/app/seo/meta';
import { requireAdminPage } from '~/app/server/guards.server';
import { field, loadOrNull, runPageAction } from '~/app/server/page-action.server';
import { toastWhenAnswered } from '~/app/toast/use-action-toast';
import { parseOrThrow } from '~/server/errors';
import { DiscountCodeFormSchema, type DiscountCodeView } from '~/shared/discounts/discount-code';
import { londonDate } from '~/shared/time/london-time';
import type { Route } from './+types/discounts';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Discounts',
    description: 'Discount codes: what each gives, when, and how often it was used.',
    noIndex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  return {
    codes: await loadOrNull(context, 'discount codes', () => context.services.discounts.list()),
    today: londonDate(new Date()),
  };
}

/**
 * `intent=create` or `update` (with `id`) and the form's fields, parsed by the same schema as the
 * form; `activate`, `deactivate` and `delete` with `id`.
 */
/** A deleted code's card is gone by the time its own effect would toast. */
export const clientAction = toastWhenAnswered(DISCOUNT_CARD_TOASTS);

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminPage(request, context);
  const form = await request.formData();
  const intent = field(form, 'intent');
  const id = field(form, 'id');
  const { discounts } = context.services;
  const input = () => parseOrThrow(DiscountCodeFormSchema, Object.fromEntries(form));
  switch (intent) {
    case 'create':
      return runPageAction(context, intent, () => discounts.create(input()));
    case 'update':
      return runPageAction(context, intent, () => discounts.update(id, input()));
    case 'activate':
    case 'deactivate':
      return runPageAction(context, intent, () => discounts.setActive(id, intent === 'activate'));
    case 'delete': {
      let outcome = 'deleted' as 'deleted' | 'deactivated';
      const result = await runPageAction(context, intent, async () => {
        outcome = await discounts.remove(id);
      });
      // A used code is only deactivated: its own toast says so instead of "deleted".
      return outcome === 'deactivated' ? { ok: true as const, intent: 'delete-used' } : result;
    }
    default:
      return data({ ok: false as const, intent, error: 'Unknown action' }, { status: 400 });
  }
}

export default function Discounts({ loaderData }: Route.ComponentProps) {
  const { codes, today } = loaderData;
  const dialog = useEditDialog<DiscountCodeView>();

  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-8">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">Discounts</h1>
        {codes && codes.length > 0 && dialog.addButton('Add code')}
      </div>
      <p className="mb-6 text-cocoa-light">
        Codes customers type at checkout. Uses count orders waiting for payment or paid; the discount given
        counts paid orders.
      </p>
      {!codes ? (
        <LoadError message="Failed to load discount codes" />
      ) : codes.length === 0 ? (
        <EmptyState icon={<TicketPercent aria-hidden />} title="No discount codes yet">
          <p className="mt-1 text-cocoa-light">
            Offer a percentage or an amount off the cookies, or free delivery.
          </p>
          <div className="mt-4">{dialog.addButton('Add your first code')}</div>
        </EmptyState>
      ) : (
        <ul className="space-y-4">
          {codes.map((c) => (
            <li key={c.id}>
              <DiscountCodeCard discount={c} today={today} onEdit={() => dialog.edit(c)} />
            </li>
          ))}
        </ul>
      )}
      <DiscountFormDialog open={dialog.open} discount={dialog.item} onClose={dialog.close} />
    </main>
  );
}

import type { AppLoadContext } from 'react-router';
import { field, runPageAction } from '~/app/server/page-action.server';
import { badRequest } from '~/server/errors';
import type { Actor } from '~/shared/orders/actor';

/** The quantities of a standing-order or order form: `q_<product id>` fields. */
function quantitiesOf(form: FormData) {
  const quantities: Record<string, string> = {};
  for (const [key, value] of form.entries())
    if (key.startsWith('q_') && typeof value === 'string') quantities[key.slice(2)] = value;
  return quantities;
}

/**
 * The standing orders' changes, for the café's page and the owner's trade account page alike:
 * `standing-save` (set up, or change with an id), `standing-pause`, `standing-resume`,
 * `standing-skip` (one date) and `order-change` (a made order's quantities until its cut-off).
 * `who` is the café itself, or (the owner) the account by its id.
 */
export function standingOrderAction(
  context: AppLoadContext,
  form: FormData,
  who: { profileId: string } | { accountId: string },
  actor: Actor,
) {
  const { standingOrders, tradeOrders } = context.services;
  const intent = field(form, 'intent');
  const id = field(form, 'id');
  return runPageAction(context, intent, () => {
    switch (intent) {
      case 'standing-save':
        return standingOrders.save(
          who,
          { id, weekdays: form.getAll('weekdays').map(String), quantities: quantitiesOf(form) },
          actor,
        );
      case 'standing-pause':
        return standingOrders.setStatus(who, id, 'paused');
      case 'standing-resume':
        return standingOrders.setStatus(who, id, 'active');
      case 'standing-skip':
        return standingOrders.skip(who, id, field(form, 'date'), actor);
      case 'standing-unskip':
        return standingOrders.unskip(who, id, field(form, 'date'));
      case 'order-change':
        return tradeOrders.changeQuantities(
          'profileId' in who ? who.profileId : null,
          field(form, 'orderId'),
          { quantities: quantitiesOf(form) },
          actor,
        );
      default:
        throw badRequest('Unknown change.');
    }
  });
}

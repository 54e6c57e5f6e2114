import { ChefHat } from 'lucide-react';
import { data, Form, Link, useNavigation } from 'react-router';
import { DayHeader } from '~/app/components/admin/bake-days/day-header';
import { PrintButton } from '~/app/components/admin/bake-days/print-button';
import { LoadError } from '~/app/components/admin/load-error';
import { Button } from '~/app/components/ui/button';
import { Badge, Card } from '~/app/components/ui/card';
import { ColumnHeads } from '~/app/components/ui/column-heads';
import { pageMeta } from '~/app/seo/meta';
import { requireAdminPage } from '~/app/server/guards.server';
import { field, loadOrNull, runPageAction } from '~/app/server/page-action.server';
import { useActionToast } from '~/app/toast/use-action-toast';
import { bakeList, type SheetOrder } from '~/shared/bake-days/day-sheets';
import { adminActor } from '~/shared/orders/actor';
import { isIsoDate } from '~/shared/time/london-time';
import type { Route } from './+types/bake-day';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Bake list', description: 'What to bake for a delivery day.', noIndex: true });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  if (!isIsoDate(params.date)) throw data('Not found', { status: 404 });
  const day = await loadOrNull(context, 'the bake list', () => context.services.daySheets.get(params.date));
  const printed = await loadOrNull(context, 'the production sheet', () =>
    context.services.production.changedSincePrint(params.date),
  );
  return { day: day && { label: day.label, orders: day.orders.map(forTheKitchen) }, printed };
}

/**
 * What the bake list shows of an order: what to bake and who it is for, never how to reach them
 * or what they paid (the baker opens this page: docs/rules/back-office-roles.md).
 */
function forTheKitchen(
  o: SheetOrder & { overCapacity: boolean; dayClosed: boolean },
): SheetOrder & { overCapacity: boolean; dayClosed: boolean } {
  const { id, number, status, onAccount, cookies, fulfilment, method, lines, overCapacity, dayClosed } = o;
  return {
    id,
    number,
    status,
    onAccount,
    cookies,
    fulfilment,
    method,
    overCapacity,
    dayClosed,
    ship: { name: o.ship.name, postcode: '' },
    lines: lines.map(({ productId, productName, quantity, shelfLifeDays, box }) => ({
      productId,
      productName,
      quantity,
      shelfLifeDays,
      box: box?.map(({ productId, productName, quantity }) => ({ productId, productName, quantity })) ?? null,
    })),
  };
}

/** `intent=start-baking`: every paid order of the day moves to baking. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireAdminPage(request, context);
  const intent = field(await request.formData(), 'intent');
  if (intent === 'start-baking') {
    return runPageAction(context, intent, () =>
      context.services.daySheets.startBaking(params.date, adminActor(user)),
    );
  }
  return data({ ok: false as const, intent, error: 'Unknown action' }, { status: 400 });
}

const TOASTS = { 'start-baking': { success: 'Baking started', failure: 'Could not start baking' } };

export default function BakeDay({ loaderData, actionData, params }: Route.ComponentProps) {
  const { day, printed } = loaderData;
  const navigation = useNavigation();
  useActionToast({ state: navigation.state, data: actionData }, TOASTS);
  if (!day) {
    return (
      <main className="mx-auto w-full max-w-4xl px-4 py-8">
        <LoadError message="Failed to load the bake list" />
      </main>
    );
  }
  const list = bakeList(day.orders);
  const paid = day.orders.filter((o) => o.status === 'paid');
  const flagged = day.orders.filter((o) => o.overCapacity);
  const paidWhileClosed = day.orders.filter((o) => o.dayClosed);
  const toPost = day.orders.filter(
    (o) => o.method === 'post' && (o.status === 'paid' || o.status === 'baking'),
  );
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-8">
      <DayHeader date={params.date} label={day.label} title="Bake list" />
      <div className="mb-6 flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value="start-baking" />
          <Button type="submit" disabled={paid.length === 0 || navigation.state !== 'idle'}>
            <ChefHat aria-hidden className="size-4" />
            Start baking
            {paid.length > 0 && ` (${paid.length} paid ${paid.length === 1 ? 'order' : 'orders'})`}
          </Button>
        </Form>
        <PrintButton>Print bake list</PrintButton>
      </div>

      {toPost.length > 0 && (
        <p className="mb-6 rounded-md border border-crumb bg-white p-4">
          {toPost.length} posted {toPost.length === 1 ? 'order' : 'orders'} to bake and dispatch this day:{' '}
          <Link
            to={`/admin/bake-days/${params.date}/dispatch`}
            className="font-medium text-caramel-dark underline"
          >
            See the parcels
          </Link>
        </p>
      )}
      {printed?.changed && (
        <p role="status" className="mb-6 rounded-md border border-amber-300 bg-amber-50 p-4">
          Orders changed after the production sheet was printed at{' '}
          {new Date(printed.printedAt).toLocaleTimeString('en-GB', {
            timeZone: 'Europe/London',
            hour: '2-digit',
            minute: '2-digit',
          })}
          :{' '}
          <Link
            to={`/admin/bake-days/${params.date}/production`}
            className="font-medium text-caramel-dark underline"
          >
            print it again
          </Link>
        </p>
      )}
      {flagged.length > 0 && (
        <p role="status" className="mb-6 rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
          <Badge className="mr-2 bg-red-700 text-white">Over capacity</Badge>
          {flagged.map((o) => o.number).join(', ')} paid after the day filled or its cut-off passed.
        </p>
      )}
      {paidWhileClosed.length > 0 && (
        <p role="status" className="mb-6 rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
          <Badge className="mr-2 bg-red-700 text-white">Day closed after ordering</Badge>
          {paidWhileClosed.map((o) => o.number).join(', ')} paid after this day was closed.
        </p>
      )}

      <Card className="p-5">
        <section aria-labelledby="bake-heading">
          <h2 id="bake-heading" className="font-sans text-lg font-semibold">
            To bake (paid and baking orders)
          </h2>
          {list.lines.length === 0 ? (
            <p className="mt-3 text-cocoa-light">Nothing to bake for this day yet.</p>
          ) : (
            <table className="mt-3 w-full text-left">
              <thead>
                <ColumnHeads
                  className="border-b border-crumb text-sm text-cocoa-light"
                  cell="py-2 font-medium"
                  columns={['Cookie', { label: 'Cookies', className: 'text-right' }]}
                />
              </thead>
              <tbody>
                {list.lines.map((l) => (
                  <tr key={l.product} className="border-b border-crumb">
                    <td className="py-2">{l.product}</td>
                    <td className="py-2 text-right font-semibold tabular-nums">{l.cookies}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" className="py-2">
                    Total
                  </th>
                  <td className="py-2 text-right font-bold tabular-nums">{list.total}</td>
                </tr>
              </tfoot>
            </table>
          )}
        </section>
      </Card>

      <Card className="mt-6 p-5">
        <section aria-labelledby="awaiting-heading">
          <h2 id="awaiting-heading" className="font-sans text-lg font-semibold">
            Awaiting payment
          </h2>
          {list.awaitingPayment.length === 0 ? (
            <p className="mt-3 text-cocoa-light">No orders for this day are waiting for payment.</p>
          ) : (
            <ul className="mt-3 divide-y divide-crumb">
              {list.awaitingPayment.map((o) => (
                <li key={o.id} className="flex flex-wrap justify-between gap-2 py-2">
                  <span>
                    Order {o.number} · {o.ship.name}
                    {o.fulfilment === 'collection' ? ' · Collect' : ''}
                  </span>
                  <span className="text-cocoa-light">
                    {o.lines.map((l) => `${l.quantity} × ${l.productName}`).join(', ')}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </Card>
    </main>
  );
}

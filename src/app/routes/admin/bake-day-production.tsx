import { data, Form, Link, useFetcher, useNavigation } from 'react-router';
import { DayHeader } from '~/app/components/admin/bake-days/day-header';
import { LoadError } from '~/app/components/admin/load-error';
import { Button } from '~/app/components/ui/button';
import { Input, Label, Select } from '~/app/components/ui/input';
import { pageMeta } from '~/app/seo/meta';
import { requireAdminPage } from '~/app/server/guards.server';
import { field, loadOrNull, runPageAction } from '~/app/server/page-action.server';
import { useActionToast } from '~/app/toast/use-action-toast';
import { formatPence } from '~/shared/money/money';
import { describeBatches } from '~/shared/recipes/batches';
import { formatAmount } from '~/shared/recipes/units';
import { isIsoDate } from '~/shared/time/london-time';
import type { Route } from './+types/bake-day-production';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Production sheet',
    description: 'What to mix and weigh for a bake day.',
    noIndex: true,
  });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  if (!isIsoDate(params.date)) throw data('Not found', { status: 404 });
  const split = new URL(request.url).searchParams.get('split') ?? 'equal';
  const day = await loadOrNull(context, 'the production sheet', () =>
    context.services.production.day(params.date, split),
  );
  return { day };
}

/** `intent=extra` (product_id, cookies) for the counter; `printed` when the sheet goes to the printer. */
export async function action({ request, context, params }: Route.ActionArgs) {
  await requireAdminPage(request, context);
  const form = await request.formData();
  const intent = field(form, 'intent');
  const { production } = context.services;
  if (intent === 'extra')
    return runPageAction(context, intent, () =>
      production.setExtra(params.date, {
        product_id: field(form, 'product_id'),
        cookies: field(form, 'cookies'),
      }),
    );
  if (intent === 'printed') return runPageAction(context, intent, () => production.markPrinted(params.date));
  return data({ ok: false as const, intent, error: 'Unknown action' }, { status: 400 });
}

const TOASTS = {
  extra: { success: 'Extra cookies saved', failure: 'Could not save the extra cookies' },
  printed: { success: 'Sheet marked as printed', failure: 'Could not mark the sheet as printed' },
};

const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-GB', {
    timeZone: 'Europe/London',
    hour: '2-digit',
    minute: '2-digit',
  });

/**
 * The production sheet: cookies per product, the mixes at the mixer's capacity and the
 * day's ingredients, A4 on paper. No customer's name or contact is on it: bakers open it.
 */
export default function BakeDayProduction({ loaderData, actionData, params }: Route.ComponentProps) {
  const { day } = loaderData;
  const navigation = useNavigation();
  const printed = useFetcher();
  const busy = navigation.state !== 'idle';
  useActionToast({ state: navigation.state, data: actionData }, TOASTS);
  if (!day) {
    return (
      <main className="mx-auto w-full max-w-4xl px-4 py-8">
        <LoadError message="Failed to load the production sheet" />
      </main>
    );
  }
  const { sheet } = day;
  const print = () => {
    // Recorded so that later order changes are flagged; the print dialog opens at once regardless.
    printed.submit({ intent: 'printed' }, { method: 'post' });
    window.print();
  };
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-8 print:max-w-none print:p-0">
      <style>{'@media print { @page { size: A4; margin: 12mm; } }'}</style>
      <DayHeader date={params.date} label={day.label} title="Production sheet" />
      <p className="mb-4 font-medium">As of {timeOf(day.asOf)}</p>
      {day.changedSincePrint && day.printedAt && (
        <p role="status" className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 print:hidden">
          Orders changed after this sheet was printed at {timeOf(day.printedAt)}: print it again.
        </p>
      )}
      <div className="mb-6 flex flex-wrap items-end gap-3 print:hidden">
        <Button type="button" variant="outline" onClick={print}>
          Print production sheet
        </Button>
        <Form method="get" className="flex items-end gap-2">
          <div>
            <Label htmlFor="split">Mixes</Label>
            <Select id="split" name="split" defaultValue={day.split}>
              <option value="equal">Equal mixes</option>
              <option value="full">Full mixes and a remainder</option>
            </Select>
          </div>
          <Button type="submit" variant="outline">
            Show
          </Button>
        </Form>
      </div>

      <section aria-labelledby="cookies-heading" className="mb-8 break-inside-avoid">
        <h2 id="cookies-heading" className="mb-2 text-2xl font-bold">
          Cookies to bake
        </h2>
        {sheet.products.length === 0 ? (
          <p className="text-cocoa-light">No paid orders for this day yet.</p>
        ) : (
          <table className="w-full border-collapse text-left">
            <thead>
              <tr className="border-b-2 border-cocoa">
                <th scope="col" className="py-1 pr-3">
                  Product
                </th>
                <th scope="col" className="py-1 pr-3 text-right">
                  Ordered
                </th>
                <th scope="col" className="py-1 pr-3 text-right">
                  Extra
                </th>
                <th scope="col" className="py-1 pr-3 text-right">
                  To bake
                </th>
                <th scope="col" className="py-1">
                  Mixes
                </th>
              </tr>
            </thead>
            <tbody>
              {sheet.products.map((p) => (
                <tr key={p.productId ?? p.product} className="border-b border-crumb">
                  <th scope="row" className="py-1 pr-3 font-semibold">
                    {p.product}
                  </th>
                  <td className="py-1 pr-3 text-right">{p.ordered}</td>
                  <td className="py-1 pr-3 text-right">{p.extra}</td>
                  <td className="py-1 pr-3 text-right font-semibold">{p.cookies}</td>
                  <td className="py-1">{p.hasRecipe ? describeBatches(p.batches) : 'No recipe'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {sheet.withoutRecipe.length > 0 && (
          <p className="mt-2 text-sm">
            Not in the ingredient totals (no recipe): {sheet.withoutRecipe.join(', ')}.{' '}
            <Link to="/admin/recipes" className="text-caramel-dark underline print:hidden">
              Write their recipes
            </Link>
          </p>
        )}
      </section>

      <section aria-labelledby="ingredients-heading" className="mb-8 break-inside-avoid">
        <h2 id="ingredients-heading" className="mb-2 text-2xl font-bold">
          Ingredients for the day
        </h2>
        {sheet.ingredients.length === 0 ? (
          <p className="text-cocoa-light">Nothing to weigh.</p>
        ) : (
          <table className="w-full border-collapse text-left">
            <thead>
              <tr className="border-b-2 border-cocoa">
                <th scope="col" className="py-1 pr-3">
                  Ingredient
                </th>
                <th scope="col" className="py-1 pr-3 text-right">
                  Amount
                </th>
                <th scope="col" className="py-1 text-right">
                  Cost
                </th>
              </tr>
            </thead>
            <tbody>
              {sheet.ingredients.map((i) => (
                <tr key={i.ingredientId} className="border-b border-crumb">
                  <th scope="row" className="py-1 pr-3 font-normal">
                    {i.name}
                  </th>
                  <td className="whitespace-nowrap py-1 pr-3 text-right font-semibold">
                    {formatAmount(i.amount, i.unit)}
                  </td>
                  <td className="py-1 text-right">
                    {i.costPennies === null ? 'No price' : formatPence(Math.round(i.costPennies))}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2} className="py-1 pr-3 text-right">
                  Ingredient cost for the day
                </th>
                <td className="py-1 text-right font-semibold">{formatPence(sheet.costPennies)}</td>
              </tr>
            </tfoot>
          </table>
        )}
        {sheet.unpriced.length > 0 && (
          <p className="mt-2 text-sm">Left out of the cost (no price): {sheet.unpriced.join(', ')}.</p>
        )}
      </section>

      {day.cookies.length > 0 && (
        <section aria-labelledby="extra-heading" className="print:hidden">
          <h2 id="extra-heading" className="mb-2 text-xl font-bold">
            Extra for the counter
          </h2>
          <Form method="post" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="extra" />
            <div>
              <Label htmlFor="extra-product">Cookie</Label>
              <Select id="extra-product" name="product_id">
                {day.cookies.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </Select>
            </div>
            <div>
              <Label htmlFor="extra-cookies">Extra cookies</Label>
              <Input id="extra-cookies" name="cookies" inputMode="numeric" className="w-28" />
            </div>
            <Button type="submit" variant="outline" disabled={busy}>
              Save extra
            </Button>
          </Form>
        </section>
      )}
    </main>
  );
}

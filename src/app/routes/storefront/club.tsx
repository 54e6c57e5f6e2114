import { data, Form, Link, redirect, useNavigation, useSubmit } from 'react-router';
import { ClubBoxFiller, fillingOfForm } from '~/app/components/club/club-box-filler';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { Input, Label, Select } from '~/app/components/ui/input';
import { pageMeta } from '~/app/seo/meta';
import { getUser, requireUserPage } from '~/app/server/guards.server';
import { numberField } from '~/app/server/page-action.server';
import { orFormRefusal } from '~/app/server/service-errors.server';
import { EVERY_WEEKS } from '~/shared/club/club';
import { MAX_LINE_QUANTITY } from '~/shared/constants';
import { isUuid } from '~/shared/ids';
import { formatPence } from '~/shared/money/money';
import { formatBakeDay } from '~/shared/time/london-time';
import type { Route } from './+types/club';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Join the Cookie Club',
    description:
      'Fresh cookies on a bake day every 2 or 4 weeks, charged once per box. Skip, pause or cancel any time.',
    path: '/club',
  });

/**
 * The choice in the address (?product=&quantity=), so the price follows it; clamped. Without a
 * quantity the server starts on one box (or six loose cookies).
 */
function choiceOf(url: URL) {
  const product = url.searchParams.get('product');
  const quantity = Math.trunc(Number(url.searchParams.get('quantity')));
  return {
    productId: product && isUuid(product) ? product : null,
    quantity: quantity > 0 ? Math.min(MAX_LINE_QUANTITY, quantity) : null,
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser(request, context);
  // A member's price per delivery is their zone's (delivery included); a visitor sees the standard fee.
  const options = await context.services.subscriptions.joinOptions({
    ...choiceOf(new URL(request.url)),
    profileId: user?.id ?? null,
  });
  return data(
    { ...options, who: user ? (user.role === 'admin' ? 'admin' : 'member') : 'visitor' },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** Joins (the server prices the delivery and checks the day again), then opens the card page. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUserPage(request, context);
  if (user.role === 'admin') throw redirect('/admin/subscriptions');
  const form = await request.formData();
  const box = fillingOfForm(form);
  return orFormRefusal(async () => {
    const { url } = await context.services.subscriptions.join(user, {
      product_id: form.get('product_id'),
      quantity: numberField(form, 'quantity'),
      every_weeks: numberField(form, 'every_weeks'),
      first_date: form.get('first_date'),
      ...(box.length ? { box } : {}),
    });
    return redirect(url);
  });
}

export default function ClubPage({ loaderData, actionData }: Route.ComponentProps) {
  const { choices, product_id, quantity, box, days, price, who } = loaderData;
  const submit = useSubmit();
  const busy = useNavigation().state !== 'idle';
  const fields: Record<string, string> = actionData?.fields ?? {};
  // Changing the cookie or the count re-prices the delivery on the server (the address keeps the choice).
  // Another cookie or box starts on its own quantity: 6 cookies must not become 6 boxes.
  const reprice = (form: HTMLFormElement, changed: string) => {
    const f = new FormData(form);
    const product = String(f.get('product_id'));
    submit(changed === 'quantity' ? { product, quantity: String(f.get('quantity')) } : { product }, {
      method: 'get',
      replace: true,
      preventScrollReset: true,
    });
  };
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="mb-2 text-3xl font-bold">Join the Cookie Club</h1>
      <p className="mb-6 text-cocoa-light">
        A box of fresh cookies on a bake day every 2 or 4 weeks. Each box is charged once, when it is made, at
        that day&apos;s price. Skip, pause, change or cancel from your account whenever you like.
      </p>
      {choices.length === 0 ? (
        <Card className="p-6">No cookies can be chosen for the club just now. Please come back soon.</Card>
      ) : (
        <Card className="p-5 sm:p-6">
          <Form
            method="post"
            noValidate
            className="grid gap-4 sm:grid-cols-2"
            onChange={(e) => {
              const target: EventTarget = e.target;
              const name =
                target instanceof HTMLInputElement || target instanceof HTMLSelectElement ? target.name : '';
              if (name === 'product_id' || name === 'quantity') reprice(e.currentTarget, name);
            }}
          >
            <div>
              <Label htmlFor="product_id">Cookie or box</Label>
              <Select
                id="product_id"
                name="product_id"
                defaultValue={product_id ?? ''}
                aria-invalid={fields.product_id ? true : undefined}
              >
                {choices.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name} ({formatPence(c.price_pennies)} {c.size ? `a box of ${c.size}` : 'each'})
                  </option>
                ))}
              </Select>
            </div>
            <div>
              <Label htmlFor="quantity">{box ? 'Boxes each time' : 'Cookies per box'}</Label>
              <Input
                // Keyed by the product: another choice shows its own starting quantity.
                key={product_id}
                id="quantity"
                name="quantity"
                type="number"
                min={1}
                max={MAX_LINE_QUANTITY}
                defaultValue={quantity}
                aria-invalid={fields.quantity ? true : undefined}
              />
            </div>
            {box?.fixed && <p className="text-sm sm:col-span-2">In each box: {box.fixed}</p>}
            {box && box.may_hold.length > 0 && (
              // Keyed by the box: choosing another box starts its filling afresh.
              <ClubBoxFiller key={product_id} size={box.size} mayHold={box.may_hold} />
            )}
            <fieldset className="sm:col-span-2">
              <legend className="mb-1 text-sm font-medium">How often</legend>
              <div className="flex gap-4">
                {EVERY_WEEKS.map((w) => (
                  <label key={w} className="flex items-center gap-2">
                    <input type="radio" name="every_weeks" value={w} defaultChecked={w === 2} /> Every {w}{' '}
                    weeks
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="sm:col-span-2">
              <Label htmlFor="first_date">First delivery day</Label>
              {days.length === 0 ? (
                <p className="text-sm">There is no open delivery day for a box this size just now.</p>
              ) : (
                <Select id="first_date" name="first_date" aria-invalid={fields.first_date ? true : undefined}>
                  {days.map((d) => (
                    <option key={d.date} value={d.date}>
                      {formatBakeDay(d.date)} ({d.order_by})
                    </option>
                  ))}
                </Select>
              )}
              <p className="mt-1 text-sm text-cocoa-light">Later boxes come on the same day of the week.</p>
            </div>
            {price && (
              <dl className="rounded-md bg-cream p-4 text-sm sm:col-span-2" aria-live="polite">
                <div className="flex justify-between">
                  <dt>Cookies</dt>
                  <dd>{formatPence(price.cookies_pennies)}</dd>
                </div>
                <div className="flex justify-between">
                  <dt>Delivery</dt>
                  <dd>{price.delivery_pennies ? formatPence(price.delivery_pennies) : 'Free'}</dd>
                </div>
                <div className="flex justify-between font-bold">
                  <dt>Each delivery</dt>
                  <dd>{formatPence(price.total_pennies)}</dd>
                </div>
              </dl>
            )}
            {price?.minimum_note && (
              <p className="text-sm font-medium text-red-700 sm:col-span-2">{price.minimum_note}</p>
            )}
            <p role="alert" className="text-sm font-medium text-red-700 sm:col-span-2">
              {actionData?.error}
            </p>
            <div className="sm:col-span-2">
              {who === 'admin' ? (
                <p>Sign in with a customer account to join.</p>
              ) : (
                <>
                  <Button
                    type="submit"
                    size="lg"
                    disabled={busy || days.length === 0 || !!price?.minimum_note}
                  >
                    {who === 'visitor' ? 'Sign in to join' : 'Join and save a card'}
                  </Button>
                  <p className="mt-2 text-sm text-cocoa-light">
                    Next you save a card on a secure page. Your first box is charged once it is saved, and
                    each later box when it is made.
                    {who === 'member' && (
                      <>
                        {' '}
                        <Link className="underline" to="/account/subscriptions">
                          My Cookie Club
                        </Link>
                      </>
                    )}
                  </p>
                </>
              )}
            </div>
          </Form>
        </Card>
      )}
    </main>
  );
}

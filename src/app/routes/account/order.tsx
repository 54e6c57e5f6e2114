import { ArrowLeft } from 'lucide-react';
import { data, Link, useFetcher } from 'react-router';
import { CANCEL_ORDER_TOASTS } from '~/app/components/orders/cancel-order-button';
import { CustomerOrderActions } from '~/app/components/orders/order-actions';
import { OrderLines, StatusHistory, WhereAndHow } from '~/app/components/orders/order-details';
import { OrderHeader, orderTitle } from '~/app/components/orders/order-header';
import { SoldBy } from '~/app/components/orders/sold-by';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { pageMeta } from '~/app/seo/meta';
import { requireCustomerPage } from '~/app/server/guards.server';
import { runPageAction } from '~/app/server/page-action.server';
import { orNotFoundPage } from '~/app/server/service-errors.server';
import { type PageActionResult, toastWhenAnswered, useActionToast } from '~/app/toast/use-action-toast';
import { maskedGiftCard } from '~/shared/gift-cards/gift-card-code';
import { formatPence } from '~/shared/money/money';
import { customerActor } from '~/shared/orders/actor';
import { formatLongDate } from '~/shared/time/london-time';
import type { Route } from './+types/order';

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: orderTitle(loaderData?.order),
    description: 'Your order, its delivery and its history.',
    noIndex: true,
  });

const noStore = { 'Cache-Control': 'private, no-store' };

/** Where an admin opening a customer's order goes; the id comes from the address, so it is encoded. */
const adminOrderPage = (id: string) => `/admin/orders/${encodeURIComponent(id)}`;

/** The signed-in customer's own order; anyone else's, or a made-up id, is the 404 page. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireCustomerPage(request, context, adminOrderPage(params.id));
  const order = await orNotFoundPage(() => context.services.orders.getForCustomer(user.id, params.id));
  // Where and when to collect, as the owner has it now (the order keeps no copy); either may be blank.
  const settings = order.fulfilment === 'collection' ? await context.services.settings.get() : null;
  const collectFrom =
    settings && [settings.collectionAddress, settings.collectionHours].some((t) => t.trim())
      ? { address: settings.collectionAddress.trim(), hours: settings.collectionHours.trim() }
      : null;
  // Gift cards it bought (decision 047): who each is for and when its e-mail goes out.
  const giftCards = await context.services.giftCards.bought(user.id, order.id);
  return data(
    { order, date: formatLongDate(order.created_at), collectFrom, giftCards },
    { headers: noStore },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/**
 * `intent=cancel`: the customer cancels (refunded in full when paid); the server decides if it may.
 * `intent=resend-gift-card`: a bought card's e-mail goes again, the same code (rate limited).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireCustomerPage(request, context, adminOrderPage(params.id));
  const form = await request.clone().formData();
  if (form.get('intent') === 'resend-gift-card') {
    return runPageAction(context, 'resend-gift-card', () =>
      context.services.giftCards.resend(user.id, params.id, String(form.get('card') ?? '')),
    );
  }
  return runPageAction(context, 'cancel', () =>
    context.services.orders.cancelByCustomer(user.id, params.id, customerActor(user)),
  );
}

/** Cancelling removes the button that asked, so the answer is toasted as it arrives. */
export const clientAction = toastWhenAnswered(CANCEL_ORDER_TOASTS);

export default function AccountOrderPage({ loaderData }: Route.ComponentProps) {
  const { order, date, collectFrom, giftCards } = loaderData;
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <Link
        to="/account?tab=orders"
        className="mb-6 inline-flex items-center gap-1 text-caramel-dark hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" /> My orders
      </Link>
      <OrderHeader
        order={order}
        subtitle={
          <>
            Placed on <time dateTime={order.created_at}>{date}</time>
          </>
        }
      >
        {collectFrom && (
          <p>
            <span className="font-medium">Collect from:</span>{' '}
            {[collectFrom.address, collectFrom.hours && `(${collectFrom.hours})`].filter(Boolean).join(' ')}
          </p>
        )}
      </OrderHeader>
      <div className="mb-6">
        <CustomerOrderActions order={order} />
      </div>
      <Card className="space-y-6 p-5 sm:p-6">
        <OrderLines order={order} />
        {giftCards.length > 0 && <GiftCardsSent cards={giftCards} />}
        <WhereAndHow order={order} />
        <StatusHistory order={order} forCustomer />
        <SoldBy order={order} />
      </Card>
    </main>
  );
}

/** The gift cards the order bought: each one's recipient, when its e-mail went or goes, and Resend. */
function GiftCardsSent({ cards }: { cards: Route.ComponentProps['loaderData']['giftCards'] }) {
  const fetcher = useFetcher<PageActionResult>();
  useActionToast(fetcher, {
    'resend-gift-card': { success: 'Gift card e-mail sent again', failure: 'Could not send it again' },
  });
  const now = Date.now();
  return (
    <section aria-labelledby="gift-cards-sent">
      <h2 id="gift-cards-sent" className="mb-2 text-xl font-bold">
        Gift cards
      </h2>
      <ul className="space-y-3">
        {cards.map((c) => {
          const sent = c.sent_at !== null && new Date(c.sent_at).getTime() <= now;
          return (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-2">
              <p>
                {formatPence(c.amount_pennies)} gift card {maskedGiftCard(c.last4)} for {c.recipient_name} (
                {c.recipient_email}):{' '}
                {sent
                  ? `sent on ${formatLongDate(c.sent_at!)}`
                  : `will be sent on ${formatLongDate(c.send_on)}`}
              </p>
              {sent && (
                <fetcher.Form method="post">
                  <input type="hidden" name="intent" value="resend-gift-card" />
                  <input type="hidden" name="card" value={c.id} />
                  <Button type="submit" size="sm" variant="outline" disabled={fetcher.state !== 'idle'}>
                    Resend to {c.recipient_name}
                  </Button>
                </fetcher.Form>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

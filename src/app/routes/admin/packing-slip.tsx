import { SlipAllergens } from '~/app/components/admin/slip-allergens';
import { DeliveryDay } from '~/app/components/orders/delivery-day';
import { OrderLines } from '~/app/components/orders/order-details';
import { ShipTo } from '~/app/components/orders/ship-to';
import { requireAdminPage } from '~/app/lib/guards.server';
import { orNotFoundPage } from '~/app/lib/service-errors.server';
import { unitedAllergens } from '~/shared/boxes/box-food';
import { formatLongDate } from '~/shared/time/london-time';
import type { Route } from './+types/packing-slip';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Packing slip ${loaderData.order.number}` : 'Packing slip' },
  { name: 'robots', content: 'noindex' },
];

/** One order's packing slip, for printing: no sidebar and no controls. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const { orders, catalog, config } = context.services;
  const order = await orNotFoundPage(() => orders.getForAdmin(params.id));
  const food = await catalog.foodInfoOf(
    order.items.flatMap((i) => [i.product_id, ...(i.box ?? []).map((e) => e.product_id)]),
  );
  const of = (id: string | null) => {
    const info = id ? food.get(id) : undefined;
    return { contains: info?.allergens ?? [], mayContain: info?.mayContain ?? [] };
  };
  // A box's allergens are its cookies' (decision 042): the box as a whole, then each cookie in it.
  const allergens = order.items.flatMap((i) =>
    i.box
      ? [
          { name: i.product_name, ...unitedAllergens(i.box.map((e) => of(e.product_id))) },
          ...i.box.map((e) => ({ name: `${e.name} (in ${i.product_name})`, ...of(e.product_id) })),
        ]
      : [{ name: i.product_name, ...of(i.product_id) }],
  );
  const { shop } = config;
  return {
    order,
    allergens,
    date: formatLongDate(order.created_at),
    shop: { name: shop.name, email: shop.email, phone: shop.phone, address: shop.address || null },
  };
}

export default function PackingSlip({ loaderData }: Route.ComponentProps) {
  const { order, allergens, date, shop } = loaderData;
  return (
    <main className="mx-auto max-w-2xl bg-white p-8 text-cocoa print:p-0">
      <header className="mb-6 flex flex-wrap items-start justify-between gap-4 border-b border-crumb pb-4">
        <div>
          <p className="text-2xl font-bold">{shop.name}</p>
          {shop.address && <p className="whitespace-pre-line">{shop.address}</p>}
          <p>{[shop.email, shop.phone].filter(Boolean).join(' · ')}</p>
        </div>
        <div className="text-right">
          <h1 className="text-xl font-bold">Packing slip</h1>
          <p>Order {order.number}</p>
          <p>{date}</p>
          <DeliveryDay date={order.delivery_date} fulfilment={order.fulfilment} />
        </div>
      </header>
      <section className="mb-6" aria-labelledby="deliver-to">
        <ShipTo
          ship={order.ship}
          collect={order.fulfilment === 'collection'}
          deliveryHeading="Deliver to"
          headingId="deliver-to"
          headingClass="font-sans text-sm font-semibold uppercase"
        />
        <p className="mt-1 text-sm">
          {order.ship.gift ? 'A gift from' : 'Customer:'} {order.customer.full_name}
        </p>
      </section>
      {order.ship.gift?.message && (
        <section className="mb-6 rounded border border-crumb p-4" aria-labelledby="gift-message">
          <h2 id="gift-message" className="font-sans text-sm font-semibold uppercase">
            Gift message
          </h2>
          <p className="mt-1 text-lg whitespace-pre-line">{order.ship.gift.message}</p>
        </section>
      )}
      {/* A gift's recipient should not see what it cost. */}
      <OrderLines order={order} prices={!order.ship.gift} refunds={false} />
      <section className="mt-6" aria-labelledby="allergens-heading">
        <h2 id="allergens-heading" className="font-sans text-sm font-semibold uppercase">
          Allergens
        </h2>
        <ul className="mt-1 space-y-1">
          {allergens.map((a) => (
            <li key={a.name}>
              {a.name}:{' '}
              {a.contains.length === 0 && a.mayContain.length === 0 ? (
                'no allergens declared'
              ) : (
                <SlipAllergens contains={a.contains} mayContain={a.mayContain} />
              )}
            </li>
          ))}
        </ul>
      </section>
      <p className="mt-8 text-sm print:hidden">
        <button
          type="button"
          className="rounded border border-cocoa px-3 py-1"
          onClick={() => window.print()}
        >
          Print
        </button>
      </p>
    </main>
  );
}

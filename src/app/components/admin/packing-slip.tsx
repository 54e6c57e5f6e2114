import { BoxSlipContents } from '~/app/components/admin/bake-days/box-slip-contents';
import { SlipAllergens } from '~/app/components/admin/slip-allergens';
import { ShipTo } from '~/app/components/orders/ship-to';
import { ColumnHeads } from '~/app/components/ui/column-heads';
import type { DayOrder } from '~/server/orders/day-orders';
import { bestBefore } from '~/shared/bake-days/day-sheets';
import { formatPence } from '~/shared/money/money';
import { fulfilmentNoun } from '~/shared/orders/fulfilment';
import { summaryRows } from '~/shared/pricing/summary-rows';
import { withSlot } from '~/shared/settings/collection-slots';
import { formatBakeDay, formatLongDate, londonDate } from '~/shared/time/london-time';

/** The shop as a slip's header prints it. */
export interface SlipShop {
  name: string;
  address: string | null;
  email?: string;
  phone?: string | null;
}

/**
 * One order's packing slip, a printed page of its own, the same for one order (its page in the
 * back office) and for a day's (Bake Days): who and where, the cookies with their allergens in bold
 * and best-before dates, and the allergen statement, so the food information travels with the
 * cookies (FIC 1169/2011 Art. 14 for food sold at a distance). `level` 1 when it is the page.
 */
export function PackingSlip({ order, shop, level = 2 }: { order: DayOrder; shop: SlipShop; level?: 1 | 2 }) {
  const Title = level === 1 ? 'h1' : 'h2';
  const Sub = level === 1 ? 'h2' : 'h3';
  // Orders from before bake days have no day: their cookies are dated from the day they were ordered.
  const deliveryDate = order.delivery_date ?? londonDate(new Date(order.created_at));
  const allergens = [...new Set(order.lines.flatMap((l) => l.allergens))].sort();
  // What one cookie contains is not a "may contain" of the order.
  const mayContain = [...new Set(order.lines.flatMap((l) => l.mayContain))]
    .filter((a) => !allergens.includes(a))
    .sort();
  const collect = order.fulfilment === 'collection';
  const headingId = `slip-${order.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="break-after-page last:break-after-auto rounded-lg border border-crumb bg-white p-6 text-sm print:rounded-none print:border-0 print:p-0"
    >
      <header className="flex flex-wrap justify-between gap-4 border-b border-crumb pb-4">
        <div>
          <p className="font-serif text-xl font-bold">{shop.name}</p>
          {shop.address && <p className="text-cocoa-light">{shop.address}</p>}
          {shop.email && (
            <p className="text-cocoa-light">{[shop.email, shop.phone].filter(Boolean).join(' · ')}</p>
          )}
        </div>
        <div className="text-right">
          <Title id={headingId} className="font-sans text-lg font-semibold">
            Packing slip · Order {order.number}
          </Title>
          <p>Ordered {formatLongDate(order.created_at)}</p>
          {order.delivery_date && (
            <p className="font-semibold">
              {fulfilmentNoun(order.fulfilment)}{' '}
              {withSlot(formatBakeDay(order.delivery_date), order.collectionSlot)}
            </p>
          )}
        </div>
      </header>

      <div className="mt-4 grid gap-4 sm:grid-cols-2 print:grid-cols-2">
        <div>
          <ShipTo
            ship={order.ship}
            collect={collect}
            deliveryHeading={order.ship.gift ? 'A gift, deliver to' : 'Deliver to'}
            Heading={Sub}
            headingClass="font-sans text-xs font-semibold text-cocoa-light uppercase"
          />
          {order.ship.gift && <p className="mt-1">A gift from {order.customer.full_name}</p>}
        </div>
        {order.ship.gift?.message && (
          <div className="rounded border border-crumb p-3">
            <Sub className="font-sans text-xs font-semibold text-cocoa-light uppercase">Gift message</Sub>
            <p className="text-base whitespace-pre-line">{order.ship.gift.message}</p>
          </div>
        )}
        {order.delivery?.driverNotes && (
          <div>
            <Sub className="font-sans text-xs font-semibold text-cocoa-light uppercase">Driver notes</Sub>
            <p className="whitespace-pre-wrap">{order.delivery.driverNotes}</p>
          </div>
        )}
      </div>

      <table className="mt-6 w-full text-left">
        <thead>
          <ColumnHeads
            className="border-b border-crumb"
            cell="py-1.5 font-medium"
            columns={[
              'Qty',
              'Cookie',
              'Best before',
              // A gift's recipient should not see what it cost.
              ...(order.ship.gift ? [] : [{ label: 'Price', className: 'text-right' }]),
            ]}
          />
        </thead>
        <tbody>
          {order.lines.map((l) => (
            <tr key={`${l.productId}-${l.productName}`} className="border-b border-crumb align-top">
              <td className="py-1.5 tabular-nums">{l.quantity}</td>
              <td className="py-1.5">
                {l.productName}
                {(l.allergens.length > 0 || l.mayContain.length > 0) && (
                  <span className="block text-xs">
                    <SlipAllergens contains={l.allergens} mayContain={l.mayContain} />
                  </span>
                )}
                {l.box && <BoxSlipContents cookies={l.box} />}
              </td>
              <td className="py-1.5">{formatBakeDay(bestBefore(deliveryDate, [l.shelfLifeDays]))}</td>
              {!order.ship.gift && (
                <td className="py-1.5 text-right tabular-nums">
                  {formatPence(l.unitPricePennies * l.quantity)}
                </td>
              )}
            </tr>
          ))}
        </tbody>
        {/* A gift's recipient should not see what it cost. */}
        {!order.ship.gift && (
          <tfoot>
            {summaryRows(order.figures).map((row, i) => (
              <tr key={row.label} className={row.total ? 'font-bold' : undefined}>
                <td colSpan={3} className={i === 0 ? 'pt-2' : undefined}>
                  {row.label}
                </td>
                <td className={`text-right tabular-nums${i === 0 ? ' pt-2' : ''}`}>{row.amount}</td>
              </tr>
            ))}
          </tfoot>
        )}
      </table>

      <section className="mt-6 rounded-md border border-cocoa/30 p-3" aria-label="Allergen information">
        <Sub className="font-sans font-semibold">Allergen information</Sub>
        {allergens.length > 0 || mayContain.length > 0 ? (
          <p>
            {allergens.length > 0 && (
              <>
                This order contains: <strong>{allergens.join(', ')}</strong>.{' '}
              </>
            )}
            {mayContain.length > 0 && (
              <>
                It may contain: <strong>{mayContain.join(', ')}</strong>.{' '}
              </>
            )}
            Allergens are shown in bold above for each cookie.
          </p>
        ) : (
          <p>None of the 14 major allergens is listed for the cookies in this order.</p>
        )}
        <p className="mt-1">
          Handmade in a kitchen that handles other allergens. Best eaten by the date shown.
        </p>
      </section>
    </article>
  );
}

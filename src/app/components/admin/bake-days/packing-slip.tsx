import { BoxSlipContents } from '~/app/components/admin/bake-days/box-slip-contents';
import { SlipAllergens } from '~/app/components/admin/slip-allergens';
import { ShipTo } from '~/app/components/orders/ship-to';
import type { DayOrder } from '~/server/orders/day-orders';
import { bestBefore } from '~/shared/bake-days/day-sheets';
import { formatPence } from '~/shared/money/money';
import { summaryRows } from '~/shared/pricing/summary-rows';
import { formatBakeDay, formatLongDate } from '~/shared/time/london-time';

/**
 * One order's packing slip, a printed page of its own: who and where, the cookies with their
 * allergens in bold and best-before dates, and the allergen statement, so the food information
 * travels with the cookies (FIC 1169/2011 Art. 14 for food sold at a distance).
 */
export function PackingSlip({
  order,
  deliveryDate,
  deliveryLabel,
  shopName,
  shopAddress,
}: {
  order: DayOrder;
  deliveryDate: string;
  deliveryLabel: string;
  shopName: string;
  shopAddress: string | null;
}) {
  const allergens = [...new Set(order.lines.flatMap((l) => l.allergens))].sort();
  // What one cookie contains is not a "may contain" of the order.
  const mayContain = [...new Set(order.lines.flatMap((l) => l.mayContain))]
    .filter((a) => !allergens.includes(a))
    .sort();
  const collect = order.figures.fulfilment === 'collection';
  const headingId = `slip-${order.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="break-after-page last:break-after-auto rounded-lg border border-crumb bg-white p-6 text-sm print:rounded-none print:border-0 print:p-0"
    >
      <header className="flex flex-wrap justify-between gap-4 border-b border-crumb pb-4">
        <div>
          <p className="font-serif text-xl font-bold">{shopName}</p>
          {shopAddress && <p className="text-cocoa-light">{shopAddress}</p>}
        </div>
        <div className="text-right">
          <h2 id={headingId} className="font-sans text-lg font-semibold">
            Packing slip · Order {order.number}
          </h2>
          <p>Ordered {formatLongDate(order.created_at)}</p>
          <p className="font-semibold">
            {collect ? 'Collection' : 'Delivery'} {deliveryLabel}
          </p>
        </div>
      </header>

      <div className="mt-4 grid gap-4 sm:grid-cols-2 print:grid-cols-2">
        <div>
          <ShipTo
            ship={order.ship}
            collect={collect}
            deliveryHeading={order.ship.gift ? 'A gift, deliver to' : 'Deliver to'}
            Heading="h3"
            headingClass="font-sans text-xs font-semibold text-cocoa-light uppercase"
          />
        </div>
        {order.ship.gift?.message && (
          <div className="rounded border border-crumb p-3">
            <h3 className="font-sans text-xs font-semibold text-cocoa-light uppercase">Gift message</h3>
            <p className="text-base whitespace-pre-line">{order.ship.gift.message}</p>
          </div>
        )}
        {order.delivery?.driverNotes && (
          <div>
            <h3 className="font-sans text-xs font-semibold text-cocoa-light uppercase">Driver notes</h3>
            <p className="whitespace-pre-wrap">{order.delivery.driverNotes}</p>
          </div>
        )}
      </div>

      <table className="mt-6 w-full text-left">
        <thead>
          <tr className="border-b border-crumb">
            <th scope="col" className="py-1.5 font-medium">
              Qty
            </th>
            <th scope="col" className="py-1.5 font-medium">
              Cookie
            </th>
            <th scope="col" className="py-1.5 font-medium">
              Best before
            </th>
            {!order.ship.gift && (
              <th scope="col" className="py-1.5 text-right font-medium">
                Price
              </th>
            )}
          </tr>
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
        <h3 className="font-sans font-semibold">Allergen information</h3>
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

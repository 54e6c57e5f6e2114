import { useRouteLoaderData } from 'react-router';
import { BoxContentsList } from '~/app/components/boxes/box-contents';
import type { loader as rootLoader } from '~/app/root';
import { cardPartOfRefunds, giftCardRefundLine } from '~/shared/gift-cards/gift-card-refund-texts';
import { formatPence } from '~/shared/money/money';
import { deliveryStatusLabel } from '~/shared/orders/fulfilment';
import { customerHistoryWords, ownerHistoryWords } from '~/shared/orders/history-words';
import type { OrderView } from '~/shared/orders/order-view';
import { formatDeduction, summaryRows, vatRows } from '~/shared/pricing/summary-rows';
import { formatDateTime } from '~/shared/time/london-time';
import { SECTION_HEADING, ShipTo } from './ship-to';

const heading = SECTION_HEADING;

/**
 * A number column: right-aligned with a gap before it, so a squeezed table on a phone never runs
 * a quantity into the price beside it ("1£21.00").
 */
const NUMBER_CELL = 'py-2 pl-3 text-right whitespace-nowrap tabular-nums sm:pl-4';

/** The order's lines with unit and line prices, then Subtotal, any discount, Delivery, Total, refunds and VAT. */
export function OrderLines({
  order,
  prices = true,
  refunds = true,
}: {
  order: OrderView;
  /** False for a gift's packing slip: quantities only. */
  prices?: boolean;
  /** False where the reader is not the payer (a packing slip goes in the box). */
  refunds?: boolean;
}) {
  const vatNumber = useRouteLoaderData<typeof rootLoader>('root')?.shop.vatNumber ?? null;
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Items in order {order.number}</caption>
      <thead>
        <tr className="border-b border-crumb text-cocoa-light">
          <th scope="col" className="py-2 font-medium">
            Item
          </th>
          <th scope="col" className={`${NUMBER_CELL} font-medium`}>
            Qty
          </th>
          {prices && (
            <>
              <th scope="col" className={`${NUMBER_CELL} font-medium`}>
                Each
              </th>
              <th scope="col" className={`${NUMBER_CELL} font-medium`}>
                Price
              </th>
            </>
          )}
        </tr>
      </thead>
      <tbody className="divide-y divide-crumb">
        {order.items.map((item) => (
          <tr key={item.id}>
            <td className="py-2 pr-2 break-words">
              {item.product_name}
              {item.box && <BoxContentsList contents={item.box} />}
            </td>
            <td className={NUMBER_CELL}>{item.quantity}</td>
            {prices && (
              <>
                <td className={NUMBER_CELL}>{formatPence(item.unit_price_pennies)}</td>
                <td className={NUMBER_CELL}>{formatPence(item.line_total_pennies)}</td>
              </>
            )}
          </tr>
        ))}
      </tbody>
      {prices && (
        <tfoot className="border-t border-crumb">
          {summaryRows(order).map((row) => (
            <TotalRow key={row.label} label={row.label} amount={row.amount} strong={row.total} />
          ))}
          {refunds && order.refunded_pennies > 0 && (
            <TotalRow label="Refunded" amount={formatDeduction(order.refunded_pennies)} />
          )}
          {refunds &&
            order.gift_card_refunds.map((card) => (
              <tr key={card.last4}>
                <td colSpan={4} className="py-1 text-right text-cocoa-light">
                  {giftCardRefundLine(card)}
                </td>
              </tr>
            ))}
          {refunds && cardPartOfRefunds(order) && (
            <tr>
              <td colSpan={4} className="py-1 text-right text-cocoa-light">
                {cardPartOfRefunds(order)}
              </td>
            </tr>
          )}
          {vatRows(order.vat, vatNumber).map((row) => (
            <TotalRow key={row.label} label={row.label} amount={row.amount} muted />
          ))}
        </tfoot>
      )}
    </table>
  );
}

function TotalRow({
  label,
  amount,
  strong,
  muted,
}: {
  label: string;
  amount: string;
  strong?: boolean;
  muted?: boolean;
}) {
  return (
    <tr className={strong ? 'text-base font-semibold' : muted ? 'text-xs text-cocoa-light' : undefined}>
      <th scope="row" colSpan={3} className="py-1 text-right font-normal">
        {label}
      </th>
      <td className="py-1 pl-3 text-right whitespace-nowrap tabular-nums sm:pl-4">{amount}</td>
    </tr>
  );
}

/** Where the order goes (or who collects it) beside how its delivery stands: both order pages. */
export function WhereAndHow({ order }: { order: OrderView }) {
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <DeliveryAddress order={order} />
      <DeliveryStatus order={order} />
    </div>
  );
}

function DeliveryAddress({ order }: { order: OrderView }) {
  const collect = order.fulfilment === 'collection';
  return (
    <div>
      <ShipTo
        ship={order.ship}
        collect={collect}
        deliveryHeading={order.ship.gift ? 'A gift, delivered to' : 'Delivery address'}
      />
      {!collect && order.ship.gift?.message && (
        <p className="mt-2 break-words whitespace-pre-line">
          <span className="font-medium">Gift message:</span> {order.ship.gift.message}
        </p>
      )}
    </div>
  );
}

/** The delivery's status and tracking code, with a carrier link when we know the carrier. */
function DeliveryStatus({ order }: { order: OrderView }) {
  const d = order.delivery;
  return (
    <div>
      <h2 className={heading}>{order.fulfilment === 'collection' ? 'Collection' : 'Delivery'}</h2>
      {!d ? (
        <p className="text-cocoa-light">
          {order.status === 'cancelled'
            ? order.fulfilment === 'collection'
              ? 'Not collected'
              : 'Not delivered'
            : 'Not started yet'}
        </p>
      ) : (
        <dl className="space-y-1">
          <div>
            <dt className="inline font-medium">Status: </dt>
            <dd className="inline">
              {deliveryStatusLabel(d.status, order.fulfilment, d.posted && !!d.tracking_code)}
            </dd>
          </div>
          {d.tracking_code && (
            <div>
              <dt className="inline font-medium">Tracking code: </dt>
              <dd className="inline font-mono break-all">
                {d.tracking_url ? (
                  <a
                    href={d.tracking_url}
                    className="text-caramel-dark underline"
                    target="_blank"
                    rel="noreferrer"
                  >
                    {d.tracking_code}
                    <span className="sr-only"> (track with Royal Mail, opens in a new tab)</span>
                  </a>
                ) : (
                  d.tracking_code
                )}
              </dd>
            </div>
          )}
          {d.driver_notes && (
            <div>
              <dt className="inline font-medium">Driver notes: </dt>
              <dd className="inline break-words">{d.driver_notes}</dd>
            </div>
          )}
        </dl>
      )}
    </div>
  );
}

/**
 * Each status change, oldest first: when and what happened (the customer's words, "Payment
 * received"), or for the owner the statuses from and to and who changed them.
 */
export function StatusHistory({ order, forCustomer = false }: { order: OrderView; forCustomer?: boolean }) {
  if (order.history.length === 0) return null;
  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading" className={heading}>
        History
      </h2>
      <ol className="mt-2 space-y-2 border-l-2 border-crumb pl-4">
        {order.history.map((h) => {
          const words = forCustomer
            ? customerHistoryWords(h.from, h.to, order.fulfilment)
            : ownerHistoryWords(h.from, h.to);
          return (
            <li key={`${h.at}-${h.to}`}>
              <p className="font-medium">{words}</p>
              <p className="text-sm text-cocoa-light">
                <time dateTime={h.at}>{formatDateTime(h.at)}</time>
                {h.by && ` · ${h.by}`}
                {h.note && h.note !== words && ` · ${h.note}`}
              </p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

import { Card } from '~/app/components/ui/card';
import { formatPence } from '~/shared/money/money';
import type { SalesPoint } from '~/shared/orders/sales';

/** The top of the revenue axis: the highest bar rounded up to 1, 2 or 5 times a power of ten pounds. */
export function axisTop(maxPence: number): number {
  if (maxPence <= 0) return 100;
  const magnitude = 10 ** Math.floor(Math.log10(maxPence));
  const step = [1, 2, 5, 10].find((s) => s * magnitude >= maxPence)!;
  return step * magnitude;
}

const BAR = 10;

/** One row of bars, drawn to fill its box (labels sit outside the SVG, so they never stretch). */
function Bars({
  values,
  top,
  titles,
  className,
  barClassName,
}: {
  values: number[];
  top: number;
  titles: string[];
  className: string;
  barClassName: string;
}) {
  return (
    <svg
      aria-hidden
      viewBox={`0 0 ${values.length * BAR} 100`}
      preserveAspectRatio="none"
      className={className}
      focusable="false"
    >
      <line
        x1="0"
        x2={values.length * BAR}
        y1="0.5"
        y2="0.5"
        className="stroke-crumb"
        strokeDasharray="4 4"
        vectorEffect="non-scaling-stroke"
      />
      <line
        x1="0"
        x2={values.length * BAR}
        y1="100"
        y2="100"
        className="stroke-cocoa-light"
        vectorEffect="non-scaling-stroke"
      />
      {values.map((v, i) => {
        const h = top > 0 ? (v / top) * 100 : 0;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a bar's place is its identity
          <rect key={i} x={i * BAR + 1.5} width={BAR - 3} y={100 - h} height={h} className={barClassName}>
            <title>{titles[i]}</title>
          </rect>
        );
      })}
    </svg>
  );
}

/**
 * Revenue (tall bars) and orders (short bars) over time, drawn on the server as SVG. The bars
 * are hidden from screen readers, who get the same figures as a table.
 */
export function SalesChart({
  id,
  title,
  points,
  shortLabel,
  longLabel,
  unit,
}: {
  id: string;
  title: string;
  points: SalesPoint[];
  /** Under the first and last bars: "24 Nov". */
  shortLabel: (start: string) => string;
  /** In the table and tooltips: "Tuesday 24 November", "Week of 17 November". */
  longLabel: (start: string) => string;
  unit: 'Day' | 'Week';
}) {
  const revenue = points.reduce((sum, p) => sum + p.revenue_pennies, 0);
  const orders = points.reduce((sum, p) => sum + p.orders, 0);
  const top = axisTop(Math.max(...points.map((p) => p.revenue_pennies)));
  const ordersTop = Math.max(1, ...points.map((p) => p.orders));
  const titles = points.map(
    (p) =>
      `${longLabel(p.start)}: ${formatPence(p.revenue_pennies)}, ${p.orders} ${p.orders === 1 ? 'order' : 'orders'}`,
  );
  return (
    <section aria-labelledby={id} className="break-inside-avoid">
      <Card className="p-5">
        <h2 id={id} className="text-xl font-bold">
          {title}
        </h2>
        <p className="mt-1 text-cocoa-light">
          <span className="font-semibold text-cocoa">{formatPence(revenue)}</span> from{' '}
          {orders.toLocaleString('en-GB')} {orders === 1 ? 'order' : 'orders'}
        </p>
        <div aria-hidden className="mt-4 grid grid-cols-[auto_1fr] gap-x-2 text-xs text-cocoa-light">
          <div className="flex h-36 flex-col justify-between text-right tabular-nums">
            <span>{formatPence(top).replace(/\.00$/, '')}</span>
            <span>£0</span>
          </div>
          <Bars
            values={points.map((p) => p.revenue_pennies)}
            top={top}
            titles={titles}
            className="h-36 w-full"
            barClassName="fill-caramel"
          />
          <div className="flex h-10 flex-col justify-between pt-2 text-right tabular-nums">
            <span>{ordersTop}</span>
          </div>
          <Bars
            values={points.map((p) => p.orders)}
            top={ordersTop}
            titles={titles}
            className="mt-2 h-10 w-full"
            barClassName="fill-cocoa-light"
          />
          <span />
          <div className="mt-1 flex justify-between">
            <span>{shortLabel(points[0]!.start)}</span>
            <span>{shortLabel(points.at(-1)!.start)}</span>
          </div>
        </div>
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-cocoa-light" aria-hidden>
          <span className="inline-flex items-center gap-1.5">
            <span className="size-3 rounded-sm bg-caramel [print-color-adjust:exact]" /> Revenue
          </span>
          <span className="inline-flex items-center gap-1.5">
            <span className="size-3 rounded-sm bg-cocoa-light [print-color-adjust:exact]" /> Orders
          </span>
        </p>
        <table className="sr-only">
          <caption>{title}: revenue and orders</caption>
          <thead>
            <tr>
              <th scope="col">{unit}</th>
              <th scope="col">Orders</th>
              <th scope="col">Revenue</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.start}>
                <th scope="row">{longLabel(p.start)}</th>
                <td>{p.orders}</td>
                <td>{formatPence(p.revenue_pennies)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </section>
  );
}

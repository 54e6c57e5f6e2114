import { Link } from 'react-router';
import { Card } from '~/app/components/ui/card';
import { cn } from '~/app/components/ui/cn';
import type { BakeDay, DayState } from '~/shared/bake-days/calendar';
import type { Fulfilment } from '~/shared/orders/fulfilment';
import { formatBakeDay, weekdayOf } from '~/shared/time/london-time';

const STATE_LABELS: Record<DayState, string> = {
  open: 'Open',
  full: 'Fully booked',
  closed: 'Closed',
  no_delivery: 'No deliveries or collections',
  past_cutoff: 'Orders closed',
  beyond_horizon: 'Not yet open',
};

const ONLY: Record<Fulfilment, string> = { delivery: 'Delivery only', collection: 'Collection only' };

/**
 * Today through the horizon: each day's cookies booked against its capacity, and closed days.
 * With collection switched off in Settings, a day's collection weekday offers customers nothing.
 */
export function DaysAtAGlance({
  days,
  collectionOn,
  clubDeliveries = {},
  parcels = {},
}: {
  days: BakeDay[];
  collectionOn: boolean;
  /** Cookie Club deliveries still to be made, per day: planned for before they are booked. */
  clubDeliveries?: Record<string, { deliveries: number; cookies: number }>;
  /** Paid posted orders to dispatch, per day (a posted zone may dispatch on a day the van never runs). */
  parcels?: Record<string, number>;
}) {
  return (
    <Card className="p-5">
      <section aria-labelledby="glance-heading">
        <h2 id="glance-heading" className="font-sans text-lg font-semibold">
          The next weeks
        </h2>
        <ul className="mt-4 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4 xl:grid-cols-7">
          {days.map((d, i) => (
            <DayTile
              key={d.date}
              day={d}
              first={i === 0}
              collectionOn={collectionOn}
              club={clubDeliveries[d.date]}
              parcels={parcels[d.date] ?? 0}
            />
          ))}
        </ul>
      </section>
    </Card>
  );
}

/** On the seven-column grid each column is a weekday, Monday first: the first day starts in its own. */
const COLUMN_START = [
  'xl:col-start-7',
  'xl:col-start-1',
  'xl:col-start-2',
  'xl:col-start-3',
  'xl:col-start-4',
  'xl:col-start-5',
  'xl:col-start-6',
];

function DayTile({
  day,
  first,
  collectionOn,
  club,
  parcels,
}: {
  day: BakeDay;
  first: boolean;
  collectionOn: boolean;
  club?: { deliveries: number; cookies: number };
  parcels: number;
}) {
  const offered = collectionOn ? day.fulfilments : day.fulfilments.filter((f) => f !== 'collection');
  const state = offered.length === 0 && day.state !== 'closed' ? 'no_delivery' : day.state;
  // A posted zone's own weekday: no van or collection, but parcels to bake and post.
  const postOnly = state === 'no_delivery' && parcels > 0;
  const delivers = (offered.length > 0 && day.state !== 'no_delivery' && day.state !== 'closed') || postOnly;
  const pct = day.capacity > 0 ? Math.min(100, Math.round((day.booked / day.capacity) * 100)) : 100;
  return (
    <li
      className={cn(
        'flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 rounded-md border px-3 py-2 sm:flex-col sm:items-stretch sm:justify-start sm:py-3',
        delivers ? 'border-crumb bg-white' : 'border-dashed border-cocoa/20 bg-cream text-cocoa-light',
        day.state === 'closed' && 'border-red-300 bg-red-50',
        first && COLUMN_START[weekdayOf(day.date)],
      )}
    >
      <Link
        to={`/admin/bake-days/${day.date}`}
        className="font-medium text-cocoa underline-offset-2 hover:underline"
      >
        {formatBakeDay(day.date)}
      </Link>
      <span className={cn('text-sm', day.state === 'closed' && 'font-semibold text-red-900')}>
        {postOnly ? 'Posted orders only' : STATE_LABELS[state]}
        {/* "Delivery only" says something only while collection is on offer at all. */}
        {delivers && !postOnly && collectionOn && offered.length === 1 ? ` · ${ONLY[offered[0]!]}` : ''}
        {day.note ? ` · ${day.note}` : ''}
      </span>
      {delivers && (
        <>
          <span className="text-sm">
            <span className="font-semibold">{day.booked}</span> / {day.capacity} cookies
          </span>
          <span aria-hidden className="mt-1 block h-1.5 overflow-hidden rounded-full bg-dough">
            <span className="block h-full bg-caramel" style={{ width: `${pct}%` }} />
          </span>
        </>
      )}
      {parcels > 0 && (
        <Link
          to={`/admin/bake-days/${day.date}/dispatch`}
          className="text-sm font-medium text-caramel-dark underline-offset-2 hover:underline"
        >
          {parcels} {parcels === 1 ? 'parcel' : 'parcels'} to dispatch
          <span className="sr-only"> {formatBakeDay(day.date)}</span>
        </Link>
      )}
      {club && (
        <span className="text-sm text-cocoa-light">
          + {club.deliveries} Cookie Club {club.deliveries === 1 ? 'box' : 'boxes'} to come ({club.cookies}{' '}
          cookies)
        </span>
      )}
    </li>
  );
}

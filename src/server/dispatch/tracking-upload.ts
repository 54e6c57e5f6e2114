import type { Actor } from '~/shared/orders/actor';
import { ORDER_STATUS_LABELS, type OrderStatus } from '~/shared/orders/statuses';
import { badRequest } from '../errors';
import type { DayOrder } from '../orders/day-orders';
import type { OrdersService } from '../orders/orders-service';

/**
 * Tracking codes pasted or uploaded on the dispatch list (docs/rules/dispatch.md): one
 * parcel a line, "order number, tracking number" (comma, semicolon, tab or, with none of those,
 * a space between; a header line and blank lines are skipped). All or nothing: if any line is wrong, no order changes and the
 * answer says what is wrong with each line; otherwise every listed order is shipped with its code.
 */

/** About 64 KB reaches the server at most (the request limit); a day's parcels are far fewer. */
export const MAX_TRACKING_LINES = 1000;

const ORDER = /^#?([0-9a-f]{8})$/i;
/** Royal Mail's (AB123456789GB) and other carriers' codes: letters and digits, 6 to 40. */
const TRACKING = /^[A-Z0-9]{6,40}$/;

/** Paid or baking ships; shipped or completed is answered "already shipped" (changes nothing). */
const SHIPPABLE_OR_SHIPPED: readonly OrderStatus[] = ['paid', 'baking', 'shipped', 'completed'];

export const LINE_HELP = 'Write an order number and its tracking number, like: 1a2b3c4d, AB123456789GB';

export interface TrackingLineResult {
  /** 1-based, as the owner counts the lines they pasted. */
  line: number;
  text: string;
  /** "#1a2b3c4d" when the line named an order. */
  order: string | null;
  outcome: 'shipped' | 'already shipped' | 'error';
  /** What is wrong with the line (errors), or what happened. */
  message: string;
}

export interface TrackingReport {
  /** Whether anything changed: false when any line was wrong (then nothing changed). */
  applied: boolean;
  shipped: number;
  lines: TrackingLineResult[];
}

interface Parsed {
  line: number;
  text: string;
  number: string | null;
  tracking: string | null;
  error: string | null;
}

const unquoted = (c: string) =>
  c
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();

/**
 * A line's cells: split at commas, semicolons or tabs; a line with none of them ("#1a2b3c4d
 * AB123456789GB", as typed by hand) at its first space, the rest being the tracking number.
 */
function cells(text: string): string[] {
  const split = text.split(/[,;\t]/);
  if (split.length > 1) return split.map(unquoted);
  const [, first = text, rest = ''] = /^(\S+)\s+(.*)$/.exec(text.trim()) ?? [];
  return [unquoted(first), unquoted(rest)];
}

/** The lines of the text, each read as an order number and a tracking code, or what is wrong. */
export function parseTrackingLines(text: string): Parsed[] {
  const raw = text.split(/\r\n|\r|\n/);
  const parsed: Parsed[] = [];
  raw.forEach((t, i) => {
    const textLine = t.trim();
    if (!textLine) return;
    const [first = '', second = ''] = cells(textLine);
    // A spreadsheet's header ("Order number, Tracking number") names no order: skipped.
    if (parsed.length === 0 && !ORDER.test(first) && /order|tracking|reference/i.test(textLine)) return;
    const number = ORDER.exec(first)?.[1]?.toLowerCase() ?? null;
    const tracking = second.replace(/\s+/g, '').toUpperCase();
    const error = !number
      ? `"${first}" is not an order number. ${LINE_HELP}`
      : !tracking
        ? `No tracking number. ${LINE_HELP}`
        : !TRACKING.test(tracking)
          ? `"${second}" is not a tracking number: letters and digits only, 6 to 40 of them`
          : null;
    parsed.push({ line: i + 1, text: textLine, number, tracking: error ? null : tracking, error });
  });
  return parsed;
}

/**
 * Ships the orders the text lists, from the day's posted orders only (a number from another day
 * or a van order is an error). Through the orders module's `shipWithTracking`, which re-checks each
 * order under its lock in one transaction.
 */
export async function uploadTracking(
  orders: OrdersService,
  dayOrders: DayOrder[],
  text: string,
  actor: Actor,
): Promise<TrackingReport> {
  const parsed = parseTrackingLines(text);
  if (parsed.length === 0) throw badRequest(`Nothing to read. ${LINE_HELP}`, { tracking: 'Required' });
  if (parsed.length > MAX_TRACKING_LINES)
    throw badRequest(`Up to ${MAX_TRACKING_LINES} lines at a time, please`, { tracking: 'Too many lines' });

  const posted = new Map(
    dayOrders.filter((o) => o.method === 'post').map((o) => [o.id.slice(0, 8).toLowerCase(), o]),
  );
  const seen = new Map<string, string>();
  const results = parsed.map((p): TrackingLineResult & { orderId?: string; tracking?: string } => {
    const base = { line: p.line, text: p.text, order: p.number && `#${p.number}` };
    if (p.error || !p.number || !p.tracking)
      return { ...base, outcome: 'error', message: p.error ?? LINE_HELP };
    const order = posted.get(p.number);
    if (!order)
      return {
        ...base,
        outcome: 'error',
        message: `#${p.number} is not a posted order on this day's dispatch list`,
      };
    if (!SHIPPABLE_OR_SHIPPED.includes(order.status))
      return {
        ...base,
        outcome: 'error',
        message: `It is ${ORDER_STATUS_LABELS[order.status].toLowerCase()}: not shipped`,
      };
    const earlier = seen.get(order.id);
    if (earlier !== undefined && earlier !== p.tracking)
      return {
        ...base,
        outcome: 'error',
        message: `#${p.number} is listed twice with different tracking numbers`,
      };
    seen.set(order.id, p.tracking);
    return { ...base, outcome: 'shipped', message: '', orderId: order.id, tracking: p.tracking };
  });

  const parcels = [...seen].map(([orderId, trackingCode]) => ({ orderId, trackingCode }));
  const outcomes =
    results.some((r) => r.outcome === 'error') || parcels.length === 0
      ? null
      : await orders.shipWithTracking(parcels, actor);
  const refused = outcomes && [...outcomes.values()].some((o) => typeof o === 'object');
  const applied = outcomes !== null && !refused;

  const lines = results.map(({ orderId, tracking, ...r }): TrackingLineResult => {
    const outcome = orderId ? outcomes?.get(orderId) : undefined;
    if (r.outcome === 'error') return r;
    if (typeof outcome === 'object')
      return { ...r, outcome: 'error', message: `${outcome.refused}: not shipped` };
    if (outcome === 'already')
      return { ...r, outcome: 'already shipped', message: 'Already shipped: unchanged, no second e-mail' };
    if (!applied)
      return { ...r, message: `Would be shipped with ${tracking}, once the other lines are put right` };
    return { ...r, message: `Shipped with ${tracking}; the customer is e-mailed` };
  });
  return {
    applied,
    shipped: applied ? lines.filter((l) => l.outcome === 'shipped').length : 0,
    lines,
  };
}

import { formatBakeDay, type IsoDate, WEEKDAY_NAMES } from '../time/london-time';

/** How often a Cookie Club delivery comes, in weeks. */
export const EVERY_WEEKS = [2, 4] as const;
/** After a declined charge, the days after the first decline on which it is tried again. */
export const RETRY_AFTER_DAYS = [1, 3, 5] as const;

export const SUBSCRIPTION_STATUSES = ['awaiting_card', 'active', 'paused', 'failing', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  awaiting_card: 'Waiting for a card',
  active: 'Active',
  paused: 'Paused',
  failing: 'Card declined',
  cancelled: 'Cancelled',
};

export const DELIVERY_STATUSES = ['skipped', 'due', 'charging', 'paid', 'missed', 'refunded'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  skipped: 'Skipped',
  due: 'Waiting for payment',
  charging: 'Charging',
  paid: 'Paid',
  missed: 'Not made',
  refunded: 'Refunded',
};

/** One delivery as the customer and the owner see it. */
export interface DeliveryView {
  id: string;
  box_date: string;
  delivery_date: string | null;
  status: DeliveryStatus;
  total_pennies: number;
  order_id: string | null;
  attempts: number;
  last_error: string | null;
}

/** A subscription as its member (and the owner) sees it. */
export interface SubscriptionView {
  id: string;
  status: SubscriptionStatus;
  product_id: string | null;
  product_name: string;
  quantity: number;
  /** What is in each delivery, when the product is a box ("4 × Oat, 2 × Ginger"); null for loose cookies. */
  box_contents: string | null;
  /** Cookies in each delivery when the product is a box; null for loose cookies. */
  box_size: number | null;
  /** What the member put in each box of a box they fill; null for any other product. */
  filling: { product_id: string; quantity: number }[] | null;
  every_weeks: number;
  weekday: number;
  /** The weekdays the member's zone delivers on (0 = Sunday): the days a delivery can move to. */
  delivery_weekdays: number[];
  next_box_date: string | null;
  /** Today's price per delivery including delivery: what the next unbilled delivery costs. */
  price_pennies: number;
  card_label: string | null;
  paused_until: string | null;
  created_at: string;
  boxes: DeliveryView[];
}

/** A subscription history line's action as the owner reads it ("card_saved" -> "Card saved"). */
export const HISTORY_ACTION_LABELS: Record<string, string> = {
  joined: 'Joined',
  card_saved: 'Card saved',
  card_working: 'Card working again',
  card_declined: 'Card declined',
  skipped: 'Skipped',
  paused: 'Paused',
  resumed: 'Resumed',
  changed: 'Changed',
  cancelled: 'Cancelled',
};

const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/g;

/**
 * A history note in words: notes are written in words, but lines kept from before said
 * `Until 2026-12-15` or held the change as JSON; their dates become en-GB and their JSON the words
 * of what changed.
 */
export function historyNoteWords(note: string | null): string | null {
  if (!note) return note;
  let text = note;
  if (note.startsWith('{')) {
    try {
      const c = JSON.parse(note) as Record<string, unknown>;
      const parts = [
        c.every_weeks !== undefined ? `every ${c.every_weeks} weeks` : null,
        c.weekday !== undefined ? `on ${WEEKDAY_NAMES[Number(c.weekday)] ?? 'another day'}s` : null,
        c.quantity !== undefined ? `${c.quantity} each time` : null,
        c.product_id !== undefined ? 'another cookie' : null,
        c.box !== undefined ? 'a new filling' : null,
      ].filter(Boolean);
      text = parts.length ? `Now ${parts.join(', ')}` : 'Changed';
    } catch {
      // Not JSON after all: shown as written.
    }
  }
  return text.replace(ISO_DATE, (iso) => formatBakeDay(iso as IsoDate));
}

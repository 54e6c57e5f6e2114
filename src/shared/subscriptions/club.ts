/** How often a Cookie Club box comes, in weeks. */
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

export const BOX_STATUSES = ['skipped', 'due', 'charging', 'paid', 'missed', 'refunded'] as const;
export type BoxStatus = (typeof BOX_STATUSES)[number];

export const BOX_STATUS_LABELS: Record<BoxStatus, string> = {
  skipped: 'Skipped',
  due: 'Waiting for payment',
  charging: 'Charging',
  paid: 'Paid',
  missed: 'Not made',
  refunded: 'Refunded',
};

/** One box as the customer and the owner see it. */
export interface BoxView {
  id: string;
  box_date: string;
  delivery_date: string | null;
  status: BoxStatus;
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
  /** What is in each box, when the product is a box ("4 × Oat, 2 × Ginger"); null for loose cookies. */
  box_contents: string | null;
  every_weeks: number;
  weekday: number;
  next_box_date: string | null;
  /** Today's price per box including delivery: what the next unbilled box costs. */
  price_pennies: number;
  card_label: string | null;
  paused_until: string | null;
  created_at: string;
  boxes: BoxView[];
}

import { z } from 'zod';
import { MAX_LINE_QUANTITY } from '../constants';
import { isIsoDate } from '../time/london-time';

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

const EveryWeeks = z.coerce
  .number()
  .refine((n) => n === 2 || n === 4, 'Choose every 2 or every 4 weeks')
  .transform((n) => n as 2 | 4);
const Quantity = z.coerce
  .number()
  .int('Choose a whole number of cookies')
  .min(1, 'Choose at least 1 cookie')
  .max(MAX_LINE_QUANTITY, `At most ${MAX_LINE_QUANTITY} cookies`);
const Day = z.string().refine(isIsoDate, 'Please choose a delivery day');

/** "Join the Cookie Club": what comes, how often, and the first delivery day. */
export const JoinClubSchema = z.object({
  product_id: z.uuid('Choose a cookie'),
  quantity: Quantity,
  every_weeks: EveryWeeks,
  first_date: Day,
});
export type JoinClubInput = z.input<typeof JoinClubSchema>;

/** Changes from the next unbilled box: any of frequency, weekday and contents. */
export const ChangeClubSchema = z
  .object({
    every_weeks: EveryWeeks.optional(),
    weekday: z.coerce.number().int().min(0).max(6).optional(),
    product_id: z.uuid('Choose a cookie').optional(),
    quantity: Quantity.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to change');

/** Pause until a date (boxes resume on it), or until resumed (`until` null). */
export const PauseClubSchema = z.object({ until: Day.nullable().default(null) });

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

/** The dashboard's sales figures (orders module: order-sales.ts), shared with the page that draws them. */

/** One bar of a sales chart: a London day, or a week starting on its Monday. */
export interface SalesPoint {
  /** 'YYYY-MM-DD': the day, or the Monday of the week. */
  start: string;
  /** Orders whose money was received (the revenue rule), placed that day or week. */
  orders: number;
  /** Their totals less refunds, in pence. */
  revenue_pennies: number;
}

export interface BestSeller {
  /** Null for a product since deleted (its lines are grouped by name). */
  product_id: string | null;
  name: string;
  /** Cookies sold. */
  quantity: number;
  /** What those lines were sold for, in pence (before the order's discount and any refund). */
  revenue_pennies: number;
}

export interface SalesInsights {
  /** The last 30 London days, oldest first, today last (days without sales are zeros). */
  days: SalesPoint[];
  /** The last 12 weeks (Monday to Sunday), oldest first, this week last. */
  weeks: SalesPoint[];
  /** The best sellers of the last 30 days, most cookies sold first. */
  best_sellers: BestSeller[];
}

export const SALES_DAYS = 30;
export const SALES_WEEKS = 12;
export const BEST_SELLERS_COUNT = 5;

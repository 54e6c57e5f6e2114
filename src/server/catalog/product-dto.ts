import type { BoxView } from '~/shared/boxes/box';
import type { AllergenInfo } from '~/shared/food-information';
import { allergensWith } from '~/shared/food-information';
import { limitsNote, onSaleFromText, saleState } from '~/shared/limited/limited';
import { londonDate } from '~/shared/time/london-time';
import type { products } from '../db/schema';

export type ProductRow = typeof products.$inferSelect;

/** A product as the screens and the JSON API see it (the field names of docs/rules/shop-pages.md, plus food information). */
export interface ProductDto {
  id: string;
  name: string;
  description: string | null;
  price_pennies: number;
  /** The allergens list (docs/rules/shop-pages.md): the allergens the product contains, by their legal names. */
  allergens: string[];
  /** Every assessed allergen's status; one missing is not yet assessed. */
  allergen_info: AllergenInfo;
  ingredients: string;
  nutrition: Record<string, string>;
  net_weight_grams: number | null;
  shelf_life_days: number;
  storage_advice: string;
  chocolate_covered: boolean;
  /** Percent; prices include it. */
  vat_rate: number;
  /** Content hash of the uploaded photo, or null for the drawn picture. */
  photo: string | null;
  is_active: boolean;
  sold_out: boolean;
  created_at: string;
  /** A box of cookies (decision 042): its size and the cookies it may hold; null for a cookie. */
  box: BoxView | null;
  /** Limited and seasonal (decision 043): London dates, inclusive; null = no such rule. */
  on_sale_from: string | null;
  on_sale_until: string | null;
  deliver_from: string | null;
  deliver_until: string | null;
  lead_days: number;
  daily_limit: number | null;
  /** "On sale from 1 December" while it cannot be bought yet; null when it can. */
  sale_note: string | null;
  /** What limits when it can be had, in words; null for an ordinary product. */
  limits_note: string | null;
}

export const toProductDto = (p: ProductRow): ProductDto => ({
  id: p.id,
  name: p.name,
  description: p.description,
  price_pennies: p.pricePennies,
  allergens: allergensWith(p.allergenInfo, 'contains'),
  allergen_info: p.allergenInfo,
  ingredients: p.ingredients,
  nutrition: p.nutrition,
  net_weight_grams: p.netWeightGrams,
  shelf_life_days: p.shelfLifeDays,
  storage_advice: p.storageAdvice,
  chocolate_covered: p.chocolateCovered,
  vat_rate: p.vatRate,
  photo: p.photoHash,
  is_active: p.isActive,
  sold_out: p.soldOut,
  created_at: p.createdAt.toISOString(),
  box: null,
  on_sale_from: p.onSaleFrom,
  on_sale_until: p.onSaleUntil,
  deliver_from: p.deliverFrom,
  deliver_until: p.deliverUntil,
  lead_days: p.leadDays,
  daily_limit: p.dailyLimit,
  sale_note: saleState(p, londonDate(new Date())) === 'not_yet' ? onSaleFromText(p) : null,
  limits_note: limitsNote(p),
});

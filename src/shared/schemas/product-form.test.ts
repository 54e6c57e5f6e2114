import { describe, expect, it } from 'vitest';
import { ALLERGEN_KEYS } from '../food-information';
import { ProductFormSchema, type ProductFormValues } from './product';

/** A new cookie as the owner fills the form, every optional field left blank. */
const form: ProductFormValues = {
  name: 'Treacle Tart Cookie',
  description: 'A chewy cookie with golden syrup and lemon.',
  price: '3.50',
  ingredients: 'Wheat flour, butter (milk), golden syrup, sugar, lemon zest.',
  allergen_info: {
    ...Object.fromEntries(ALLERGEN_KEYS.map((key) => [key, 'free_from'])),
    gluten: 'contains',
    milk: 'contains',
  },
  net_weight: '',
  shelf_life: '7',
  storage_advice: '',
  chocolate_covered: false,
  vat_rate: '0',
  is_active: true,
  sold_out: false,
  on_sale_from: '',
  on_sale_until: '',
  deliver_from: '',
  deliver_until: '',
  lead_days: '',
  daily_limit: '',
  nutrition: '',
  box: { on: false, size: '', mode: 'choice', every: true, allowed_product_ids: {}, fixed: {} },
};

const messages = (changes: Partial<ProductFormValues>) =>
  ProductFormSchema.safeParse({ ...form, ...changes }).error?.issues.map((i) => i.message) ?? [];

describe('the product form, for the optional whole numbers the owner types', () => {
  it('keeps a blank net weight and limit per day as none', () => {
    const parsed = ProductFormSchema.parse(form);
    expect(parsed.net_weight_grams).toBeNull();
    expect(parsed.daily_limit).toBeNull();
  });

  it.each([
    ['net_weight', 'about 80', 'Net weight must be a whole number of grams'],
    ['net_weight', '80.5', 'Net weight must be a whole number of grams'],
    ['daily_limit', 'forty', 'Limit per day must be a whole number of at least 1'],
  ] as const)('answers %s typed as "%s" with the field\'s own message', (field, typed, message) => {
    expect(messages({ [field]: typed })).toEqual([message]);
  });

  it('takes numbers typed with spaces round them', () => {
    const parsed = ProductFormSchema.parse({ ...form, net_weight: ' 80 ', daily_limit: '40' });
    expect([parsed.net_weight_grams, parsed.daily_limit]).toEqual([80, 40]);
  });
});

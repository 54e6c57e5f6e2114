import { sql } from 'drizzle-orm';
import { mergeAllergenInfo } from '~/shared/boxes/box-food';
import { ALLERGEN_KEYS, type AllergenInfo, type AllergenKey } from '~/shared/food-information';
import { type IsoDate, londonDate } from '~/shared/time/london-time';
import type { Db } from './client';
import { productBoxes, products } from './schema';
import { seedDemoRecipes } from './seed-recipes';

type SeedProduct = Omit<typeof products.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

const nutrition = (
  kcal: number,
  fat: number,
  sat: number,
  carb: number,
  sugars: number,
  protein: number,
  salt: number,
) => ({
  Energy: `${kcal} kcal`,
  Fat: `${fat.toFixed(1)} g`,
  Saturates: `${sat.toFixed(1)} g`,
  Carbohydrate: `${carb.toFixed(1)} g`,
  Sugars: `${sugars.toFixed(1)} g`,
  Protein: `${protein.toFixed(1)} g`,
  Salt: `${salt.toFixed(2)} g`,
});

/**
 * A full assessment of the 14 allergens: what the recipe contains, what the kitchen may carry over
 * (pecans are baked here, so tree nuts), and free from the rest.
 */
const assessed = (contains: AllergenKey[], mayContain: AllergenKey[] = ['nuts']): AllergenInfo =>
  Object.fromEntries(
    ALLERGEN_KEYS.map((k) => [
      k,
      contains.includes(k) ? 'contains' : mayContain.includes(k) ? 'may_contain' : 'free_from',
    ]),
  );

const KEEP = 'Store in an airtight container in a cool, dry place, away from direct sunlight.';

/** The demo catalogue, newest first, with the food information a customer reads before buying. */
export const DEMO_PRODUCTS: SeedProduct[] = [
  {
    name: 'Dark Chocolate & Sea Salt',
    description:
      'Chunks of 70% dark chocolate folded into a brown-butter dough, half-dipped in dark chocolate and finished with a pinch of Anglesey sea salt flakes.',
    pricePennies: 450,
    ingredients:
      '*Wheat* flour, dark chocolate (32%) (cocoa mass, sugar, cocoa butter, emulsifier: *soya* lecithin), *butter* (*milk*), brown sugar, free-range *eggs*, sea salt (0.5%), vanilla extract, raising agent: sodium bicarbonate.',
    allergenInfo: assessed(['gluten', 'milk', 'eggs', 'soya']),
    netWeightGrams: 85,
    chocolateCovered: true,
    vatRate: 20,
    storageAdvice: KEEP,
    nutrition: nutrition(228, 12.4, 7.3, 25.8, 15.1, 3.0, 0.41),
  },
  {
    name: 'Cinnamon & Orange Glaze',
    description: 'A soft cinnamon-spiced cookie with a zesty orange glaze and candied peel.',
    pricePennies: 425,
    ingredients:
      '*Wheat* flour, *butter* (*milk*), sugar, free-range *eggs*, icing sugar, candied orange peel (6%), orange juice, ground cinnamon (1%), raising agent: sodium bicarbonate, salt.',
    allergenInfo: assessed(['gluten', 'milk', 'eggs']),
    netWeightGrams: 80,
    storageAdvice: KEEP,
    nutrition: nutrition(204, 9.1, 5.6, 28.4, 16.9, 2.4, 0.22),
  },
  {
    name: 'Pecan & Maple Syrup',
    description: 'Toasted pecans and pure Canadian maple syrup in a chewy, golden cookie.',
    pricePennies: 475,
    ingredients:
      '*Wheat* flour, *butter* (*milk*), toasted *pecans* (15%), brown sugar, maple syrup (8%), free-range *eggs*, raising agent: sodium bicarbonate, salt.',
    allergenInfo: assessed(['gluten', 'milk', 'eggs', 'nuts'], ['peanuts']),
    netWeightGrams: 85,
    storageAdvice: KEEP,
    nutrition: nutrition(236, 13.8, 6.2, 24.6, 14.3, 2.9, 0.25),
  },
  {
    name: 'Classic Shropshire Butter',
    description: 'Our simplest cookie: salted Shropshire butter, golden caster sugar and a hint of vanilla.',
    pricePennies: 375,
    ingredients:
      '*Wheat* flour, salted Shropshire *butter* (30%) (*milk*), golden caster sugar, free-range *egg* yolk, vanilla extract.',
    allergenInfo: assessed(['gluten', 'milk', 'eggs']),
    netWeightGrams: 75,
    shelfLifeDays: 10,
    storageAdvice: KEEP,
    nutrition: nutrition(198, 10.2, 6.4, 24.1, 12.2, 2.2, 0.3),
  },
  {
    name: 'Double Ginger Crunch',
    description:
      'Stem ginger and ground ginger in a crisp, snappy cookie with a demerara crust. Made without dairy or eggs.',
    pricePennies: 395,
    ingredients:
      '*Wheat* flour, demerara sugar, plant butter (rapeseed and coconut oils), stem ginger in syrup (9%) (ginger, sugar, preservative: *sulphur dioxide*), golden syrup, ground ginger (1%), raising agent: sodium bicarbonate.',
    allergenInfo: assessed(['gluten', 'sulphites']),
    netWeightGrams: 70,
    shelfLifeDays: 14,
    storageAdvice: KEEP,
    nutrition: nutrition(187, 7.4, 4.5, 28.0, 15.8, 2.0, 0.28),
  },
  {
    name: 'White Chocolate & Raspberry',
    description: 'Creamy white chocolate and tart freeze-dried raspberries in a buttery dough.',
    pricePennies: 450,
    ingredients:
      '*Wheat* flour, *butter* (*milk*), white chocolate (18%) (sugar, cocoa butter, whole *milk* powder, emulsifier: *soya* lecithin, vanilla), sugar, free-range *eggs*, freeze-dried raspberries (3%), raising agent: sodium bicarbonate, salt.',
    allergenInfo: assessed(['gluten', 'milk', 'eggs', 'soya']),
    netWeightGrams: 85,
    storageAdvice: KEEP,
    nutrition: nutrition(221, 11.3, 6.9, 27.1, 17.4, 2.7, 0.24),
  },
  {
    name: 'Oat & Golden Syrup',
    description:
      'A chewy oat cookie sweetened with golden syrup, baked until the edges just crisp. Made without dairy or eggs.',
    pricePennies: 350,
    ingredients:
      'Rolled *oats* (35%), *wheat* flour, plant butter (rapeseed and coconut oils), golden syrup (12%), brown sugar, raising agent: sodium bicarbonate, salt.',
    allergenInfo: assessed(['gluten']),
    netWeightGrams: 75,
    shelfLifeDays: 14,
    storageAdvice: KEEP,
    nutrition: nutrition(192, 8.6, 4.9, 26.2, 11.7, 2.8, 0.2),
  },
  {
    name: 'Peanut Butter & Honey',
    description: 'Roasted peanut butter and Shropshire wildflower honey, pressed with a fork the old way.',
    pricePennies: 425,
    ingredients:
      '*Wheat* flour, *peanut* butter (25%) (roasted *peanuts*, salt), *butter* (*milk*), Shropshire wildflower honey (8%), brown sugar, free-range *eggs*, raising agent: sodium bicarbonate.',
    allergenInfo: assessed(['gluten', 'peanuts', 'milk', 'eggs']),
    netWeightGrams: 85,
    storageAdvice: KEEP,
    nutrition: nutrition(241, 14.1, 4.8, 22.3, 13.6, 5.9, 0.36),
  },
  {
    name: 'Lemon & Poppy Seed',
    description: 'Bright lemon zest and poppy seeds under a thin lemon icing.',
    pricePennies: 400,
    ingredients:
      '*Wheat* flour, *butter* (*milk*), sugar, icing sugar, free-range *eggs*, lemon juice, lemon zest (2%), poppy seeds (2%), raising agent: sodium bicarbonate, salt.',
    allergenInfo: assessed(['gluten', 'milk', 'eggs']),
    netWeightGrams: 80,
    shelfLifeDays: 5,
    storageAdvice: KEEP,
    nutrition: nutrition(201, 9.0, 5.5, 27.5, 16.0, 2.5, 0.21),
  },
  {
    name: 'Christmas Spiced Fruit',
    description: 'Mixed spice, brandy-soaked sultanas and orange zest. Back next winter.',
    pricePennies: 495,
    ingredients:
      '*Wheat* flour, *butter* (*milk*), brandy-soaked sultanas (20%) (sultanas, brandy, preservative: *sulphur dioxide*), brown sugar, free-range *eggs*, orange zest, mixed spice, raising agent: sodium bicarbonate.',
    allergenInfo: assessed(['gluten', 'milk', 'eggs', 'sulphites']),
    netWeightGrams: 85,
    storageAdvice: KEEP,
    nutrition: nutrition(214, 8.8, 5.3, 30.2, 19.4, 2.4, 0.19),
    isActive: false,
  },
];

/**
 * The demo boxes (decisions 042, 043): a box of 6 the customer fills from every active cookie, a
 * fixed "Classic dozen", and a Christmas Box sold ahead for 14-23 December, 40 a day.
 */
function demoBoxes(cookies: { id: string; name: string; allergenInfo: AllergenInfo }[], today: IsoDate) {
  const named = (name: string) => cookies.find((c) => c.name === name)!;
  const classic = ['Classic Shropshire Butter', 'Dark Chocolate & Sea Salt', 'Oat & Golden Syrup'].map(named);
  const christmas = ['Cinnamon & Orange Glaze', 'Double Ginger Crunch', 'White Chocolate & Raspberry'].map(
    named,
  );
  // This year's Christmas, or next year's once it has passed.
  const year = Number(today.slice(0, 4)) + (today.slice(5) > '12-23' ? 1 : 0);
  const box = (name: string, description: string, pricePennies: number, held: typeof cookies) => ({
    name,
    description,
    pricePennies,
    ingredients: '',
    allergenInfo: mergeAllergenInfo(held.map((c) => c.allergenInfo)),
    storageAdvice: KEEP,
    shelfLifeDays: 7,
  });
  return [
    {
      product: box(
        'Box of 6, you choose',
        'Six cookies of your choice, packed in our kraft gift box.',
        2100,
        cookies,
      ),
      box: { size: 6, fixed: null },
    },
    {
      product: box('Classic dozen', 'Four each of our three classics, in a box of twelve.', 3900, classic),
      box: { size: 12, fixed: classic.map((c) => ({ product_id: c.id, quantity: 4 })) },
    },
    {
      product: {
        ...box(
          'Christmas Box',
          'Twelve festive cookies, baked for delivery from 14 to 23 December. Limited to 40 boxes a day.',
          3600,
          christmas,
        ),
        onSaleUntil: `${year}-12-21`,
        deliverFrom: `${year}-12-14`,
        deliverUntil: `${year}-12-23`,
        dailyLimit: 40,
      },
      box: { size: 12, fixed: christmas.map((c) => ({ product_id: c.id, quantity: 4 })) },
    },
  ];
}

/**
 * The gift card (decision 047): bought at the amount chosen on /gift-cards/buy, sent by e-mail; no
 * VAT on its sale (a multi-purpose voucher). Not listed with the cookies.
 */
export const DEMO_GIFT_CARD: SeedProduct = {
  name: 'Gift card',
  description:
    'A gift card for our cookies, sent by e-mail on the day you choose with your message: £10, £20, £30, £50 or another amount from £5 to £200. It can be spent over several orders within 24 months.',
  pricePennies: 1000,
  vatRate: 0,
  kind: 'gift_card',
};

/** Inserts the demo catalogue into an empty products table; does nothing otherwise. */
export async function seedCatalog(db: Db): Promise<boolean> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(products);
  if (count > 0) return false;
  const now = Date.now();
  const cookies = await db
    .insert(products)
    .values(DEMO_PRODUCTS.map((p, i) => ({ ...p, createdAt: new Date(now - i * 60_000) })))
    .returning({
      id: products.id,
      name: products.name,
      allergenInfo: products.allergenInfo,
      isActive: products.isActive,
    });
  await db.transaction((tx) => seedDemoRecipes(tx, cookies));
  const active = cookies.filter((c) => c.isActive);
  // Listed after the cookies (older), so the shop opens on the cookies.
  const boxes = demoBoxes(active, londonDate(new Date(now)));
  for (const [i, b] of boxes.entries()) {
    const [row] = await db
      .insert(products)
      .values({ ...b.product, createdAt: new Date(now - (DEMO_PRODUCTS.length + i) * 60_000) })
      .returning({ id: products.id });
    await db.insert(productBoxes).values({ productId: row!.id, size: b.box.size, fixedFilling: b.box.fixed });
  }
  // The gift card (decision 047): not listed, sold at the amount chosen.
  await db.insert(products).values({
    ...DEMO_GIFT_CARD,
    createdAt: new Date(now - (DEMO_PRODUCTS.length + boxes.length) * 60_000),
  });
  return true;
}

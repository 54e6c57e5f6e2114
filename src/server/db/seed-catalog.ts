import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { products } from './schema';

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

/** The demo catalogue, newest first. Allergens use the names of the UK's 14 regulated allergens. */
export const DEMO_PRODUCTS: SeedProduct[] = [
  {
    name: 'Dark Chocolate & Sea Salt',
    description:
      'Chunks of 70% dark chocolate folded into a brown-butter dough, finished with a pinch of Anglesey sea salt flakes.',
    pricePennies: 450,
    allergens: ['Cereals containing gluten (wheat)', 'Milk', 'Eggs', 'Soya'],
    nutrition: nutrition(228, 12.4, 7.3, 25.8, 15.1, 3.0, 0.41),
  },
  {
    name: 'Cinnamon & Orange Glaze',
    description: 'A soft cinnamon-spiced cookie with a zesty orange glaze and candied peel.',
    pricePennies: 425,
    allergens: ['Cereals containing gluten (wheat)', 'Milk', 'Eggs'],
    nutrition: nutrition(204, 9.1, 5.6, 28.4, 16.9, 2.4, 0.22),
  },
  {
    name: 'Pecan & Maple Syrup',
    description: 'Toasted pecans and pure Canadian maple syrup in a chewy, golden cookie.',
    pricePennies: 475,
    allergens: ['Cereals containing gluten (wheat)', 'Milk', 'Eggs', 'Nuts (pecans)'],
    nutrition: nutrition(236, 13.8, 6.2, 24.6, 14.3, 2.9, 0.25),
  },
  {
    name: 'Classic Shropshire Butter',
    description: 'Our simplest cookie: salted Shropshire butter, golden caster sugar and a hint of vanilla.',
    pricePennies: 375,
    allergens: ['Cereals containing gluten (wheat)', 'Milk', 'Eggs'],
    nutrition: nutrition(198, 10.2, 6.4, 24.1, 12.2, 2.2, 0.3),
  },
  {
    name: 'Double Ginger Crunch',
    description: 'Stem ginger and ground ginger in a crisp, snappy cookie with a demerara crust.',
    pricePennies: 395,
    allergens: ['Cereals containing gluten (wheat)', 'Milk', 'Sulphur dioxide and sulphites'],
    nutrition: nutrition(187, 7.4, 4.5, 28.0, 15.8, 2.0, 0.28),
  },
  {
    name: 'White Chocolate & Raspberry',
    description: 'Creamy white chocolate and tart freeze-dried raspberries in a buttery dough.',
    pricePennies: 450,
    allergens: ['Cereals containing gluten (wheat)', 'Milk', 'Eggs', 'Soya'],
    nutrition: nutrition(221, 11.3, 6.9, 27.1, 17.4, 2.7, 0.24),
  },
  {
    name: 'Oat & Golden Syrup',
    description: 'A chewy oat cookie sweetened with golden syrup, baked until the edges just crisp.',
    pricePennies: 350,
    allergens: ['Cereals containing gluten (oats, wheat)', 'Milk'],
    nutrition: nutrition(192, 8.6, 4.9, 26.2, 11.7, 2.8, 0.2),
  },
  {
    name: 'Peanut Butter & Honey',
    description: 'Roasted peanut butter and Shropshire wildflower honey, pressed with a fork the old way.',
    pricePennies: 425,
    allergens: ['Cereals containing gluten (wheat)', 'Peanuts', 'Milk', 'Eggs'],
    nutrition: nutrition(241, 14.1, 4.8, 22.3, 13.6, 5.9, 0.36),
  },
  {
    name: 'Lemon & Poppy Seed',
    description: 'Bright lemon zest and poppy seeds under a thin lemon icing.',
    pricePennies: 400,
    allergens: ['Cereals containing gluten (wheat)', 'Milk', 'Eggs'],
    nutrition: nutrition(201, 9.0, 5.5, 27.5, 16.0, 2.5, 0.21),
  },
  {
    name: 'Christmas Spiced Fruit',
    description: 'Mixed spice, brandy-soaked sultanas and orange zest. Back next winter.',
    pricePennies: 495,
    allergens: ['Cereals containing gluten (wheat)', 'Milk', 'Eggs', 'Sulphur dioxide and sulphites'],
    nutrition: nutrition(214, 8.8, 5.3, 30.2, 19.4, 2.4, 0.19),
    isActive: false,
  },
];

/** Inserts the demo catalogue into an empty products table; does nothing otherwise. */
export async function seedCatalog(db: Db): Promise<boolean> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(products);
  if (count > 0) return false;
  const now = Date.now();
  await db
    .insert(products)
    .values(DEMO_PRODUCTS.map((p, i) => ({ ...p, createdAt: new Date(now - i * 60_000) })));
  return true;
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readShopQuery } from '~/shared/shop-query';
import { assessedAllergens, createProduct } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';

let t: TestApp;
// One word only these products carry, so other tests' products never match.
const TAG = `zq${Date.now().toString(36)}`;
beforeAll(async () => {
  t = await createTestApp();
  const at = (minute: number) => new Date(Date.UTC(2030, 0, 1, 0, minute));
  await createProduct(t.services, {
    name: `Peanut Crunch ${TAG}`,
    pricePennies: 425,
    allergenInfo: assessedAllergens(['Peanuts', 'Cereals containing gluten']),
    createdAt: at(1),
  });
  await createProduct(t.services, {
    name: `Oat Bar ${TAG}`,
    description: 'Dairy-free oats with golden syrup.',
    pricePennies: 350,
    allergenInfo: assessedAllergens(['Cereals containing gluten']),
    createdAt: at(2),
  });
  await createProduct(t.services, {
    name: `Butter Round ${TAG}`,
    pricePennies: 375,
    allergenInfo: assessedAllergens(['Milk'], ['Peanuts']),
    createdAt: at(3),
  });
  await createProduct(t.services, {
    name: `Almond Thin ${TAG}`,
    description: 'Flaked almonds, 100% nice_ly crisp.',
    pricePennies: 495,
    allergenInfo: assessedAllergens(['Nuts']),
    createdAt: at(4),
  });
  await createProduct(t.services, {
    name: `Hidden ${TAG}`,
    isActive: false,
    allergenInfo: assessedAllergens([]),
  });
});
afterAll(() => t.close());

const names = async (search: string) => {
  const query = readShopQuery(new URLSearchParams(search));
  const page = await t.services.catalog.browse(query, 48);
  return page.products.map((p) => p.name.replace(` ${TAG}`, ''));
};

describe('shop search, filters and sort', () => {
  it('finds cookies by name and description, ignoring case; never inactive ones', async () => {
    expect(await names(`q=${TAG}`)).toEqual(['Almond Thin', 'Butter Round', 'Oat Bar', 'Peanut Crunch']);
    expect(await names(`q=OAT+bar+${TAG}`)).toEqual(['Oat Bar']);
    expect(await names(`q=golden+syrup&free=milk&free=peanuts&free=nuts`)).toContain(`Oat Bar`);
    expect(await names(`q=hidden+${TAG}`)).toEqual([]);
  });

  it('takes % and _ in a search literally', async () => {
    expect(await names('q=100%25+nice_ly')).toEqual(['Almond Thin']);
    expect(await names(`q=%25${TAG}`)).toEqual([]);
  });

  it('"free from" keeps only cookies marked free from every chosen allergen', async () => {
    const q = `q=${TAG}`;
    // "May contain" peanuts is not free from them.
    expect(await names(`${q}&free=peanuts`)).toEqual(['Almond Thin', 'Oat Bar']);
    expect(await names(`${q}&free=peanuts&free=milk`)).toEqual(['Almond Thin', 'Oat Bar']);
    expect(await names(`${q}&free=peanuts&free=milk&free=nuts`)).toEqual(['Oat Bar']);
    expect(await names(`${q}&free=gluten&free=milk`)).toEqual(['Almond Thin']);
    // Unknown allergens are ignored rather than matching nothing.
    expect(await names(`${q}&free=unicorn`)).toHaveLength(4);
  });

  it('sorts by newest, price either way and name', async () => {
    const q = `q=${TAG}`;
    expect(await names(`${q}&sort=price-asc`)).toEqual([
      'Oat Bar',
      'Butter Round',
      'Peanut Crunch',
      'Almond Thin',
    ]);
    expect(await names(`${q}&sort=price-desc`)).toEqual([
      'Almond Thin',
      'Peanut Crunch',
      'Butter Round',
      'Oat Bar',
    ]);
    expect(await names(`${q}&sort=name`)).toEqual([
      'Almond Thin',
      'Butter Round',
      'Oat Bar',
      'Peanut Crunch',
    ]);
    expect(await names(`${q}&sort=newest`)).toEqual([
      'Almond Thin',
      'Butter Round',
      'Oat Bar',
      'Peanut Crunch',
    ]);
  });

  it('pages the matches', async () => {
    const query = readShopQuery(new URLSearchParams(`q=${TAG}&sort=name&page=2`));
    const page = await t.services.catalog.browse(query, 3);
    expect(page).toMatchObject({ total: 4, page: 2, pageCount: 2 });
    expect(page.products.map((p) => p.name)).toEqual([`Peanut Crunch ${TAG}`]);
  });
});

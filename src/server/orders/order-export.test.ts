import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvRow, pounds, textCell } from '~/server/csv/csv';
import { deliveryZones, refunds } from '~/server/db/schema';
import { api, ownerTestApp, sharedDataChanged } from '~/test/factories';
import { createCustomer, createOrder } from '~/test/order-factories';
import type { TestApp } from '~/test/test-app';
import { EXPORT_BATCH } from './order-export';

describe('CSV cells', () => {
  it('shows formula-looking text as text, with an apostrophe in front', () => {
    for (const v of ['=HYPERLINK("http://x")', '+44 1743', '-2+3', '@SUM(A1)', '\tx']) {
      expect(textCell(v).replace(/^"/, '')).toMatch(/^'/);
    }
    expect(textCell('=1+1')).toBe("'=1+1");
    expect(textCell('Cara')).toBe('Cara');
  });

  it('guards a formula after blanks or a separator, at the start or inside the cell', () => {
    expect(textCell(' =1+1')).toBe("' =1+1");
    expect(textCell('\n@SUM(A1)')).toBe('"\'\n\'@SUM(A1)"');
    expect(textCell(',+1')).toBe('"\',\'+1"');
    expect(textCell('Cara\t=1+1')).toBe('"Cara\t\'=1+1"');
    expect(textCell('Cara\n -2+3')).toBe('"Cara\n \'-2+3"');
    expect(textCell('Cara, =1+1')).toBe('"Cara, \'=1+1"');
    // A spreadsheet reading semicolons as separators keeps a quoted cell whole.
    expect(textCell('Cara;@SUM(A1)')).toBe('"Cara;\'@SUM(A1)"');
    // Nothing starts a cell at a plain space: an address reaches the label as typed.
    expect(textCell('Flat 2 - Rear')).toBe('Flat 2 - Rear');
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(textCell('Crumb, Cara')).toBe('"Crumb, Cara"');
    expect(textCell('the "best"')).toBe('"the ""best"""');
    expect(textCell('a\nb')).toBe('"a\nb"');
    expect(textCell('=A1,"x"')).toBe('"\'=A1,""x"""');
  });

  it('writes pennies as pounds with two decimals, and ends rows with CRLF', () => {
    expect([pounds(0), pounds(5), pounds(450), pounds(123456), pounds(-250)]).toEqual([
      '0.00',
      '0.05',
      '4.50',
      '1234.56',
      '-2.50',
    ]);
    expect(csvRow(['a', { number: '1.00' }])).toBe('a,1.00\r\n');
  });
});

describe('GET /api/admin/orders/export.csv', () => {
  let t: TestApp;
  let cookie: string;
  let evil: Awaited<ReturnType<typeof createOrder>>;
  beforeAll(async () => {
    ({ t, cookie } = await ownerTestApp());
    const mallory = await createCustomer(t.services, {
      fullName: '=HYPERLINK("http://evil.example","Click")',
      email: 'mallory@example.com',
      postcode: 'SY3 9AA',
    });
    evil = await createOrder(t.services, {
      profile: mallory,
      status: 'completed',
      createdAt: new Date('2033-05-01T10:15:00Z'),
      items: [
        { productName: 'Oat, Raisin & "Spice"', quantity: 2, unitPricePennies: 425 },
        { productName: 'Dark Chocolate', quantity: 1, unitPricePennies: 450 },
      ],
    });
    await t.services.db.insert(refunds).values({
      orderId: evil.id,
      amountPennies: 300,
      reason: 'Broken',
      status: 'succeeded',
      provider: 'test',
      requestKey: 'r1',
      actorName: 'Owner',
    });
  });
  afterAll(() => t.close());

  const download = async (query = '') => {
    const res = await api(t, 'GET', `/api/admin/orders/export.csv${query}`, undefined, cookie);
    // Keep the byte order mark (res.text() drops it).
    return { res, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer()) };
  };

  it('is a UTF-8 CSV download with a header row', async () => {
    const { res, text } = await download();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(text.split('\r\n')[0]).toBe(
      '\uFEFFOrder number,Order date,Delivery day,Fulfilment,Zone,Status,Customer,E-mail,Postcode,Items,Subtotal,' +
        'Discount code,Discount,Delivery,VAT 5%,VAT 20%,Refunds,Total',
    );
  });

  it('writes each order in pounds, London time, with its items, refunds and a harmless customer name', async () => {
    const { text } = await download('?q=SY39');
    const lines = text.split('\r\n');
    expect(lines).toHaveLength(3); // header, the order, the final line ending
    expect(lines[1]).toBe(
      `${evil.id.slice(0, 8)},2033-05-01 11:15,,Delivery,,Completed,"'=HYPERLINK(""http://evil.example"",""Click"")",mallory@example.com,SY3 9AA,` +
        '"1 x Dark Chocolate; 2 x Oat, Raisin & ""Spice""",13.00,,0.00,4.99,0.00,0.00,3.00,17.99',
    );
  });

  it('gives the discount and the VAT at each rate, split as the order’s receipt splits it', async () => {
    const vera = await createCustomer(t.services, { postcode: 'WR1 1VT' });
    const order = await createOrder(t.services, {
      profile: vera,
      status: 'paid',
      deliveryDate: '2033-04-22',
      createdAt: new Date('2033-04-20T09:00:00Z'),
      discount: { code: 'SPRING10', pennies: 200 },
      items: [
        { productName: 'Chocolate-covered Ginger', quantity: 1, unitPricePennies: 1000, vatRate: 20 },
        { productName: 'Plain Shortbread', quantity: 2, unitPricePennies: 500, vatRate: 0 },
      ],
    });
    const [, row] = (await download('?q=WR11')).text.split('\r\n');
    // £20 of cookies, £2 off (£1 from each rate), £4.99 delivery shared in proportion (£2.50 / £2.49):
    // £9.00 + £2.49 paid at 20% holds £1.92 VAT (a sixth of a VAT-inclusive price).
    expect(row).toBe(
      `${order.id.slice(0, 8)},2033-04-20 10:00,2033-04-22,Delivery,,Paid,Alice Baker,${vera.email},WR1 1VT,` +
        '"1 x Chocolate-covered Ginger; 2 x Plain Shortbread",20.00,SPRING10,2.00,4.99,0.00,1.92,0.00,22.99',
    );
  });

  it('exports only what the filters select', async () => {
    await createOrder(t.services, { status: 'pending', createdAt: new Date('2033-05-02T10:00:00Z') });
    const rows = async (q: string) => (await download(q)).text.split('\r\n').length - 2;
    expect(await rows('?status=completed&from=2033-05-01&to=2033-05-01')).toBe(1);
    expect(await rows('?status=pending&from=2033-05-01')).toBe(1);
    expect(await rows('?from=2033-05-03')).toBe(0);
  });

  it('filters the list and the export by zone (Collection too), naming each order’s zone', async () => {
    const [van] = await t.services.db
      .insert(deliveryZones)
      .values({ name: 'Export van', postcodes: ['SY4'], method: 'van' })
      .returning();
    await sharedDataChanged(t.services);
    const profile = await createCustomer(t.services, { postcode: 'SY4 5ZZ' });
    const at = new Date('2035-03-03T12:00:00Z');
    const inVan = await createOrder(t.services, { profile, createdAt: at, zone: van! });
    const collected = await createOrder(t.services, { profile, createdAt: at, fulfilment: 'collection' });
    await createOrder(t.services, { profile, createdAt: at });
    const numbers = async (query: string) =>
      (await download(query)).text
        .split('\r\n')
        .slice(1, -1)
        .map((l) => l.split(','));
    const vanRows = await numbers(`?q=SY45&zone=${van!.id}`);
    expect(vanRows.map((r) => [r[0], r[4]])).toEqual([[inVan.id.slice(0, 8), 'Export van']]);
    const collectionRows = await numbers('?q=SY45&zone=collection');
    expect(collectionRows.map((r) => [r[0], r[3], r[4]])).toEqual([
      [collected.id.slice(0, 8), 'Collection', 'Collection'],
    ]);
    expect(await numbers('?q=SY45')).toHaveLength(3);
    const list = await t.services.orders.listForAdmin({ q: 'SY45', zone: van!.id });
    expect(list.items.map((o) => o.id)).toEqual([inVan.id]);
    expect((await t.services.orders.listForAdmin({ q: 'SY45', zone: 'collection' })).total).toBe(1);
    const bad = await download('?zone=somewhere');
    expect(bad.res.status).toBe(400);
    expect(bad.text).toContain('Zone must be a delivery zone or Collection');
    await t.services.db.delete(deliveryZones).where(eq(deliveryZones.id, van!.id));
    await sharedDataChanged(t.services);
  });

  it('pages through more orders than one batch without losing or repeating any', async () => {
    const profile = await createCustomer(t.services, { postcode: 'LD7 1AA' });
    const at = new Date('2034-01-01T12:00:00Z');
    // Many orders at the very same moment: the keyset must also order by id.
    for (let i = 0; i < EXPORT_BATCH + 5; i++) await createOrder(t.services, { profile, createdAt: at });
    const { text } = await download('?q=LD71');
    const numbers = text
      .split('\r\n')
      .slice(1, -1)
      .map((l) => l.split(',')[0]);
    expect(numbers).toHaveLength(EXPORT_BATCH + 5);
    expect(new Set(numbers).size).toBeGreaterThan(EXPORT_BATCH);
  });

  it('answers 400 to bad filters instead of a broken file', async () => {
    const { res, text } = await download('?from=2033-02-30');
    expect(res.status).toBe(400);
    expect(text).toContain('From must be a real date');
  });

  it('exports customers with their orders and spend', async () => {
    const res = await api(t, 'GET', '/api/admin/customers/export.csv', undefined, cookie);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(res.status).toBe(200);
    expect(text.split('\r\n')[0]).toBe('\uFEFFName,E-mail,Phone,Address,City,Postcode,Joined,Orders,Spent');
    const mallory = text.split('\r\n').find((l) => l.includes('mallory@example.com'));
    expect(mallory).toMatch(/^"'=HYPERLINK\(""http:\/\/evil.example"",""Click""\)",mallory@example.com,/);
    expect(mallory).toMatch(/,1,14\.99$/);
  });
});

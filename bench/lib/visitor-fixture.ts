import type { SessionUser } from '../../src/server/auth/session-service';
import { loadConfig } from '../../src/server/config';
import { createLogger } from '../../src/server/logger';
import { createServices, type Services } from '../../src/server/services';
import { createCustomer, createOrder } from '../../src/test/order-factories';

/**
 * The known data the per-visitor page benchmarks render: a shop a few months old. One signed-in
 * customer with a dozen orders, the owner, 200 other customers with 1,500 past orders (every
 * status), and 60 orders placed through checkout and paid, so the next days have bookings.
 */
export const CUSTOMER = { email: 'bench-visitor@shop-bench.example', password: 'bench-password-2026' };
export const OWNER = { email: 'bench-owner@shop-bench.example', password: 'bench-password-2026' };

const PAST_ORDERS = Number(process.env.BENCH_PAST_ORDERS ?? 1500);
const OTHER_CUSTOMERS = 200;
const CHECKOUTS = 60;
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Bench Customer' };
const PAST_STATUSES = ['completed', 'completed', 'completed', 'shipped', 'cancelled', 'paid'] as const;

function details(email: string, i: number) {
  return {
    fullName: `Bench Visitor ${String.fromCharCode(65 + (i % 26))}`,
    email,
    phone: '07123456789',
    address: `${i + 1} Bench Street`,
    city: 'Shrewsbury',
    postcode: 'SY1 1AA',
    password: CUSTOMER.password,
  };
}

/**
 * Fills an empty shop database (embedded or PostgreSQL, from `env`) with the known data; returns
 * the customer's newest order (paid, with a delivery day), the one the order pages show.
 */
export async function seedVisitorFixture(env: Record<string, string>): Promise<{ orderId: string }> {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent', RATE_LIMITS: 'false' });
  const services = await createServices(config, createLogger(config));
  try {
    const { userId } = await services.accounts.signUp(details(CUSTOMER.email, 0));
    await services.accounts.signUp(details(OWNER.email, 1));
    await services.accounts.setAdmin(OWNER.email, true);
    // Plain cookies only: a box must be filled and a seasonal cookie has its own days.
    const products = (await services.catalog.listActive()).filter(
      (p) => !p.box && !p.deliver_from && !p.deliver_until && !p.on_sale_until,
    );

    const others = [];
    for (let i = 0; i < OTHER_CUSTOMERS; i++) {
      others.push(await createCustomer(services, { email: `bench-past-${i}@shop-bench.example` }));
    }
    const day = 24 * 3600 * 1000;
    for (let i = 0; i < PAST_ORDERS; i++) {
      await createOrder(services, {
        profile: others[i % others.length],
        status: PAST_STATUSES[i % PAST_STATUSES.length],
        items: [0, 1, 2].slice(0, 1 + (i % 3)).map((k) => {
          const p = products[(i + k) % products.length]!;
          return { productId: p.id, productName: p.name, unitPricePennies: p.price_pennies, quantity: 1 + k };
        }),
        createdAt: new Date(Date.now() - (i % 120) * day - i * 1000),
      });
    }

    const customer: SessionUser = {
      id: userId,
      email: CUSTOMER.email,
      name: 'Bench Visitor A',
      role: 'customer',
    };
    const buyers = new Map<number, SessionUser>();
    for (let i = 0; i < CHECKOUTS; i++) {
      // The signed-in customer's own dozen; the rest from five others, so the days fill a little.
      const buyer = i < 12 ? customer : await otherBuyer(services, buyers, i % 5);
      const { sessionId } = await services.checkout.createCheckoutSession(buyer, {
        items: [0, 1].slice(0, 1 + (i % 2)).map((k) => ({
          product_id: products[(i + k) % products.length]!.id,
          quantity: 1 + ((i + k) % 3),
        })),
      });
      // Every fifth one left unpaid: a pending order, as real shops have.
      if (i % 5 !== 4) await services.payments.payTestSession(sessionId, CARD);
    }
    const [newest] = await services.orders.listForCustomer(userId);
    return { orderId: newest!.id };
  } finally {
    await services.close();
  }
}

/** One of five other signed-up customers who check out. */
async function otherBuyer(services: Services, buyers: Map<number, SessionUser>, n: number) {
  let buyer = buyers.get(n);
  if (!buyer) {
    const email = `bench-buyer-${n}@shop-bench.example`;
    const { userId } = await services.accounts.signUp(details(email, n + 2));
    buyer = { id: userId, email, name: `Bench Buyer ${n}`, role: 'customer' };
    buyers.set(n, buyer);
  }
  return buyer;
}

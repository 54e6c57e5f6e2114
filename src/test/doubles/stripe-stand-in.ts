import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { createTestApp } from '../test-app';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The form-encoded body as Stripe's SDK sent it. */
  form: URLSearchParams;
}

export interface StandInSession {
  id: string;
  object: 'checkout.session';
  url: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  amount_total: number;
  currency: string;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  payment_intent: string | null;
  mode: 'payment' | 'setup';
  customer: string | null;
  setup_intent: string | null;
}

/** A PaymentIntent charged off-session to a saved card. */
export interface StandInPaymentIntent {
  id: string;
  object: 'payment_intent';
  status: 'succeeded';
  amount: number;
  amount_received: number;
  currency: string;
  customer: string | null;
  payment_method: string;
  metadata: Record<string, string>;
}

/** Saved-card PaymentMethods whose charges the stand-in declines (as Stripe's 4000 0000 0000 0341). */
export const DECLINED_LATER_METHOD = 'pm_card_chargeDeclined';

export interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  payment_intent: string;
  status: 'succeeded';
}

/**
 * A stand-in for the Stripe API on 127.0.0.1 (random port), for tests only: it records what the
 * SDK sends and answers Checkout Session create/retrieve/expire and refunds the way Stripe does, or
 * with an error.
 */
export async function startStripeStandIn() {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, StandInSession>();
  const refunds = new Map<string, StandInRefund>();
  const coupons = new Map<
    string,
    { id: string; object: 'coupon'; amount_off: number; name: string | null }
  >();
  let failNext: { status: number; message: string } | null = null;
  let loseNextAnswer = false;
  const customers = new Map<string, { id: string; object: 'customer'; email: string | null }>();
  const setupIntents = new Map<
    string,
    { id: string; customer: string | null; payment_method: string | null }
  >();
  /** PaymentIntents by idempotency key: the same key answers with the first, as Stripe does. */
  const paymentIntents = new Map<string, StandInPaymentIntent | { declined: true }>();

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      const form = new URLSearchParams(body);
      requests.push({ method: req.method ?? '', path, headers: req.headers, form });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${randomBytes(6).toString('hex')}`,
        });
        res.end(JSON.stringify(json));
      };
      if (failNext) {
        const { status, message } = failNext;
        failNext = null;
        return send(status, { error: { type: 'invalid_request_error', message } });
      }
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const id = `cs_test_${randomBytes(12).toString('hex')}`;
        let amount = 0;
        for (let i = 0; form.has(`line_items[${i}][quantity]`); i++) {
          amount +=
            Number(form.get(`line_items[${i}][quantity]`)) *
            Number(form.get(`line_items[${i}][price_data][unit_amount]`));
        }
        const coupon = coupons.get(form.get('discounts[0][coupon]') ?? '');
        if (coupon) amount -= coupon.amount_off;
        const mode = form.get('mode') === 'setup' ? 'setup' : 'payment';
        const session: StandInSession = {
          mode,
          customer: form.get('customer'),
          setup_intent: mode === 'setup' ? `seti_test_${randomBytes(8).toString('hex')}` : null,
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          client_reference_id: form.get('client_reference_id'),
          metadata: { order_id: form.get('metadata[order_id]') ?? '' },
          amount_total: amount,
          currency: form.get('currency') ?? 'gbp',
          payment_status: 'unpaid',
          status: 'open',
          payment_intent: null,
        };
        sessions.set(id, session);
        return send(200, session);
      }
      if (req.method === 'POST' && path === '/v1/customers') {
        const key = String(req.headers['idempotency-key'] ?? '');
        const customer = customers.get(key) ?? {
          id: `cus_test_${randomBytes(6).toString('hex')}`,
          object: 'customer' as const,
          email: form.get('email'),
        };
        customers.set(key || customer.id, customer);
        return send(200, customer);
      }
      const setupMatch = /^\/v1\/setup_intents\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && setupMatch) {
        const si = setupIntents.get(decodeURIComponent(setupMatch[1]!));
        if (!si)
          return send(404, { error: { type: 'invalid_request_error', message: 'No such setupintent' } });
        const pm = si.payment_method;
        return send(200, {
          id: si.id,
          object: 'setup_intent',
          customer: si.customer,
          payment_method: pm && {
            id: pm,
            object: 'payment_method',
            card: { brand: 'visa', last4: pm === DECLINED_LATER_METHOD ? '0341' : '4242' },
          },
        });
      }
      // A saved card taken off its customer: it can never be charged again (detached by the shop).
      const detachMatch = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(path);
      if (req.method === 'POST' && detachMatch) {
        return send(200, {
          id: decodeURIComponent(detachMatch[1]!),
          object: 'payment_method',
          customer: null,
        });
      }
      if (req.method === 'POST' && path === '/v1/payment_intents') {
        const key = String(req.headers['idempotency-key'] ?? '');
        const paymentMethod = form.get('payment_method') ?? '';
        const earlier = paymentIntents.get(key);
        const declined = { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' };
        if (earlier) return 'declined' in earlier ? send(402, { error: declined }) : send(200, earlier);
        if (paymentMethod === DECLINED_LATER_METHOD) {
          paymentIntents.set(key, { declined: true });
          return send(402, { error: declined });
        }
        const metadata: Record<string, string> = {};
        for (const [k, v] of form) {
          const m = /^metadata\[(.+)\]$/.exec(k);
          if (m) metadata[m[1]!] = v;
        }
        const intent: StandInPaymentIntent = {
          id: `pi_test_${randomBytes(8).toString('hex')}`,
          object: 'payment_intent',
          status: 'succeeded',
          amount: Number(form.get('amount')),
          amount_received: Number(form.get('amount')),
          currency: form.get('currency') ?? 'gbp',
          customer: form.get('customer'),
          payment_method: paymentMethod,
          metadata,
        };
        paymentIntents.set(key || intent.id, intent);
        if (loseNextAnswer) {
          // Charged, but the answer never reaches the shop (as when a connection drops).
          loseNextAnswer = false;
          return send(400, { error: { type: 'api_error', message: 'Connection lost' } });
        }
        return send(200, intent);
      }
      if (req.method === 'POST' && path === '/v1/coupons') {
        const coupon = {
          id: `co_test_${randomBytes(6).toString('hex')}`,
          object: 'coupon' as const,
          amount_off: Number(form.get('amount_off')),
          name: form.get('name'),
        };
        coupons.set(coupon.id, coupon);
        return send(200, coupon);
      }
      if (req.method === 'POST' && path === '/v1/refunds') {
        // Like Stripe, the same idempotency key answers with the first refund.
        const key = String(req.headers['idempotency-key'] ?? '');
        const earlier = refunds.get(key);
        if (earlier) return send(200, earlier);
        const refund: StandInRefund = {
          id: `re_test_${randomBytes(8).toString('hex')}`,
          object: 'refund',
          amount: Number(form.get('amount')),
          payment_intent: form.get('payment_intent') ?? '',
          status: 'succeeded',
        };
        refunds.set(key || refund.id, refund);
        return send(200, refund);
      }
      const match = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
      const session = match ? sessions.get(decodeURIComponent(match[1]!)) : undefined;
      if (req.method === 'GET' && session && !match?.[2]) return send(200, session);
      if (req.method === 'POST' && session && match?.[2]) {
        session.status = 'expired';
        return send(200, session);
      }
      send(404, { error: { type: 'invalid_request_error', message: 'No such checkout session' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    /** Refunds made, by idempotency key. */
    refunds,
    /** Makes the next request fail with this status and Stripe-shaped error. */
    failNextRequest(status: number, message: string) {
      failNext = { status, message };
    },
    /** Marks a session paid, as Stripe does once the customer pays on the hosted page. */
    markPaid(id: string) {
      const s = sessions.get(id)!;
      s.payment_status = 'paid';
      s.status = 'complete';
      s.payment_intent = `pi_test_${id.slice(-12)}`;
      return s;
    },
    /** The next PaymentIntent is made, but its answer is lost. */
    loseNextPaymentIntentAnswer() {
      loseNextAnswer = true;
    },
    /** PaymentIntents made, by idempotency key. */
    paymentIntents,
    /** The customer saves a card on a setup-mode page (`declinedLater`: one Stripe declines later). */
    completeSetup(id: string, { declinedLater = false } = {}) {
      const s = sessions.get(id)!;
      s.status = 'complete';
      setupIntents.set(s.setup_intent!, {
        id: s.setup_intent!,
        customer: s.customer,
        payment_method: declinedLater ? DECLINED_LATER_METHOD : 'pm_card_visa',
      });
      return s;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

/**
 * A test app whose payments go to Stripe through a stand-in of its own (the secret key the
 * stand-in expects, `webhookSecret` for signed webhooks); `close` stops both.
 */
export async function stripeTestApp(webhookSecret: string, env: Record<string, string> = {}) {
  const standIn = await startStripeStandIn();
  const t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: standIn.url,
      ...env,
    },
  });
  return {
    t,
    standIn,
    close: async () => {
      await t.close();
      await standIn.close();
    },
  };
}

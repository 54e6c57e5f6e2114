import { randomBytes } from 'node:crypto';
import http from 'node:http';

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
}

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
        const session: StandInSession = {
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

import { Agent, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { BUSY_RETRY_AFTER_SECONDS, refuseApi } from './admission-gate';
import { createShopServer } from './shop-server';

describe('the shop server', () => {
  // The first request is told the shop is busy, as the checkout's gate tells it; the rest are answered.
  let requests = 0;
  let connections = 0;
  const server = createShopServer((_req, res) => {
    if (requests++ === 0) return refuseApi(res);
    res.end('ok');
  });
  server.on('connection', () => connections++);
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );

  it(
    'keeps the connection of a client told to come back after Retry-After open until it does',
    async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const ask = () =>
        new Promise<{ status?: number; retryAfter?: string }>((resolve, reject) => {
          get({ host: '127.0.0.1', port, path: '/api/checkout/create-checkout-session', agent }, (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode, retryAfter: res.headers['retry-after'] }));
          }).on('error', reject);
        });
      try {
        const busy = await ask();
        expect(busy).toEqual({ status: 503, retryAfter: String(BUSY_RETRY_AFTER_SECONDS) });
        // Coming back a little late, as a loaded client does (Node's default closed it after ~6 s).
        await new Promise((r) => setTimeout(r, Number(busy.retryAfter) * 1000 + 1500));
        expect((await ask()).status).toBe(200);
        // The retry came on the same connection: the server had not closed it while it was idle.
        expect(connections).toBe(1);
      } finally {
        agent.destroy();
      }
      // Node cuts a kept-alive connection unless the headers' allowance is above the idle time.
      expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
    },
    BUSY_RETRY_AFTER_SECONDS * 1000 + 5_000,
  );
});

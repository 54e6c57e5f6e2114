import { type AddressInfo, createServer } from 'node:net';
import { pino } from 'pino';
import type { ClientBuild } from '~/server/app';
import { createNodeListener } from '~/server/http/node-listener';
import { createShopServer } from '~/server/http/shop-server';
import { loadClientBuild } from '~/server/load-build';
import type { Logger } from '~/server/logger';
import type { Services } from '~/server/services';
import { createTestApp } from './test-app';

/** A logger that keeps its lines (as objects) for a test to read. */
export function capturingLogger(): { log: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { log: log as unknown as Logger, lines };
}

/**
 * The whole shop on a real socket on 127.0.0.1 (as `npm start` serves it: the node listener, the
 * page cache, the request log), for what needs a client address or the node layer.
 */
export async function listen(services: Services, build?: ClientBuild) {
  const server = createShopServer(createNodeListener(services, build));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type ListeningShop = Awaited<ReturnType<typeof listen>>;

/** A test app served as `npm start` serves it, with the real React Router build (BUILD_DIR). */
export async function serveTestApp() {
  const t = await createTestApp();
  const shop = await listen(t.services, await loadClientBuild(process.env.BUILD_DIR));
  return {
    t,
    base: shop.url,
    close: async () => {
      await shop.close();
      await t.close();
    },
  };
}

/** A port nobody listens on now on 127.0.0.1, for a process a test starts to take. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

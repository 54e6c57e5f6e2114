import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadClientBuild } from '~/server/load-build';
import type { Services } from '~/server/services';
import { capturingLogger, listen } from '~/test/listen';
import { createTestApp, type TestApp } from '~/test/test-app';

// Pages rendered by the real build (run `npm run build` first).
describe('a page that fails', () => {
  let t: TestApp;
  let server: Awaited<ReturnType<typeof listen>>;
  const { log, lines } = capturingLogger();

  beforeAll(async () => {
    t = await createTestApp({ build: await loadClientBuild(process.env.BUILD_DIR) });
    // Who is asking cannot be found out: every signed-in page fails.
    const session: Services['session'] = {
      ...t.services.session,
      getUser: async () => {
        throw new Error('the shelf fell over');
      },
    };
    server = await listen({ ...t.services, log, session }, await loadClientBuild(process.env.BUILD_DIR));
  });
  afterAll(async () => {
    await server?.close();
    await t?.close();
  });

  it('shows its request id to quote, the one on its error line and its request line', async () => {
    const res = await fetch(`${server.url}/account`, {
      headers: { cookie: 'better-auth.session_token=abc.def' },
    });
    expect(res.status).toBe(500);
    const id = res.headers.get('x-request-id')!;
    const html = await res.text();
    expect(html).toContain('Something went wrong');
    expect(html).toContain('quote this reference:');
    expect(html).toMatch(new RegExp(`<code id="error-reference"[^>]*>${id}</code>`));
    await vi.waitFor(() =>
      expect(lines.filter((l) => l.reqId === id).map((l) => l.msg)).toEqual(['page failed', 'request']),
    );
    const [failed, request] = lines.filter((l) => l.reqId === id);
    expect(failed).toMatchObject({ level: 50, err: { message: 'the shelf fell over' } });
    expect(request).toMatchObject({ route: '/account', status: 500 });
  });

  it('shows no reference on a page that is simply not there', async () => {
    const res = await fetch(`${server.url}/no-such-page`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('quote this reference');
  });
});

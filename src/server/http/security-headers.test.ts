import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '~/test/test-app';

let plain: TestApp;
let https: TestApp;
beforeAll(async () => {
  plain = await createTestApp();
  https = await createTestApp({ env: { PUBLIC_URL: 'https://shop.example' } });
});
afterAll(async () => {
  await plain?.close();
  await https?.close();
});

describe('security headers', () => {
  it("forbid framing on every answer (frame-ancestors 'none')", async () => {
    for (const path of ['/api/health', '/api/products', '/api/no-such-thing']) {
      expect((await plain.app.request(path)).headers.get('content-security-policy')).toContain(
        "frame-ancestors 'none'",
      );
    }
  });

  it('send HSTS only when PUBLIC_URL is https', async () => {
    expect((await plain.app.request('/api/health')).headers.get('strict-transport-security')).toBeNull();
    expect((await https.app.request('/api/health')).headers.get('strict-transport-security')).toMatch(
      /max-age=\d+/,
    );
  });
});

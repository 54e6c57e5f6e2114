import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProduct } from '~/test/factories';
import { serveTestApp } from '~/test/listen';
import type { TestApp } from '~/test/test-app';
import { NON_PAGE_POLICY } from './content-security-policy';

// The shop as `npm start` serves it (node:http, page cache, the real React Router build).
let t: TestApp;
let base: string;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, base, close } = await serveTestApp());
});
afterAll(() => close?.());

/** The hashes of every inline script in a page, as a browser computes them. */
function inlineScriptHashes(html: string): string[] {
  return (
    [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
      // JSON-LD is data the browser never runs: script-src does not govern it, and it needs no hash.
      .filter(
        ([, attributes]) => !/\bsrc=/.test(attributes!) && !/type="application\/ld\+json"/.test(attributes!),
      )
      .map(([, , text]) => `'sha256-${createHash('sha256').update(text!).digest('base64')}'`)
  );
}

const directive = (policy: string | null, name: string) =>
  (policy ?? '').split(/;\s*/).find((d) => d.startsWith(`${name} `)) ?? '';

async function pagePolicy(path: string) {
  const res = await fetch(`${base}${path}`);
  expect(res.status, path).toBe(200);
  const html = await res.text();
  return { policy: res.headers.get('content-security-policy'), html };
}

describe('Content-Security-Policy of pages', () => {
  it("allows a page's inline scripts by their hashes and nothing else inline, on uncached pages", async () => {
    for (const path of ['/auth', '/contact', '/privacy']) {
      const { policy, html } = await pagePolicy(path);
      const scripts = directive(policy, 'script-src');
      expect(scripts.split(' ').slice(1).sort(), path).toEqual(
        ["'self'", ...inlineScriptHashes(html)].sort(),
      );
      expect(inlineScriptHashes(html).length, path).toBeGreaterThan(1);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("object-src 'none'");
    }
  });

  it('gives a cached page, replayed to later visitors, the policy that fits its scripts', async () => {
    const product = await createProduct(t.services, { name: 'Policy Shortbread' });
    for (const path of ['/', '/shop', `/product/${product.id}`, '/cart', '/checkout']) {
      const first = await pagePolicy(path);
      const versionReads = vi.spyOn(t.services.catalogVersion, 'current');
      const cached = await pagePolicy(path);
      expect(versionReads, `${path} came from the cache`).not.toHaveBeenCalled();
      versionReads.mockRestore();

      expect(cached.html).toBe(first.html);
      expect(cached.policy).toBe(first.policy);
      // On the browsing pages, the starter and the route modules it starts are among the hashed scripts.
      if (!['/cart', '/checkout'].includes(path))
        expect(cached.html).toContain('id="deferred-route-modules"');
      expect(directive(cached.policy, 'script-src').split(' ').slice(1).sort()).toEqual(
        ["'self'", ...inlineScriptHashes(cached.html)].sort(),
      );
    }
  });

  it('never allows inline scripts wholesale, nor a nonce a cached page would give away', async () => {
    const { policy, html } = await pagePolicy('/shop');
    expect(directive(policy, 'script-src')).not.toMatch(/unsafe-inline|unsafe-eval|nonce-|strict-dynamic/);
    expect(html).not.toMatch(/\bnonce=/);
    // A script the page did not write itself (say, smuggled in by content) has no hash there.
    const [smuggled] = inlineScriptHashes('<script>alert(1)</script>');
    expect(policy).not.toContain(smuggled);
  });

  it('gives answers that are not pages a policy that loads and runs nothing', async () => {
    for (const path of ['/api/health', '/api/products', '/api/no-such-thing', '/favicon.svg']) {
      expect((await fetch(`${base}${path}`)).headers.get('content-security-policy'), path).toBe(
        NON_PAGE_POLICY,
      );
    }
  });
});

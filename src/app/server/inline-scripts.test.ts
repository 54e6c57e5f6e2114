import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashMarkedScripts, renderMarker } from './inline-scripts.server';

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

describe('hashMarkedScripts', () => {
  const marker = renderMarker();
  const page = [
    `<html><head><link rel="modulepreload" href="/assets/a.js" nonce="${marker}"/></head><body>`,
    `<script nonce="${marker}">window.__reactRouterContext = {"é":"\\u003c/script>"};</script>`,
    '<p>A review</p><script>alert("smuggled")</script>',
    `<script nonce="${marker}" type="module" async="">import("/assets/a.js");</script></body></html>`,
  ].join('');

  it("lists the hashes of the render's own inline scripts, as the browser computes them", () => {
    expect(hashMarkedScripts(page, marker).hashes).toEqual([
      sha256('window.__reactRouterContext = {"é":"\\u003c/script>"};'),
      sha256('import("/assets/a.js");'),
    ]);
  });

  it('gives a script without the marker no hash, and leaves it as it was (the browser refuses it)', () => {
    const { html, hashes } = hashMarkedScripts(page, marker);
    expect(html).toContain('<script>alert("smuggled")</script>');
    expect(hashes).not.toContain(sha256('alert("smuggled")'));
    // Nor does a script carrying some other render's marker.
    expect(hashMarkedScripts(page, renderMarker()).hashes).toEqual([]);
  });

  it('takes the marker out of the page', () => {
    const { html } = hashMarkedScripts(page, marker);
    expect(html).not.toContain(marker);
    expect(html).toContain('<link rel="modulepreload" href="/assets/a.js"/>');
    expect(html).toContain('<script type="module" async="">import("/assets/a.js");</script>');
  });

  it('makes a new marker for every render', () => {
    expect(renderMarker()).not.toBe(renderMarker());
    expect(renderMarker()).toMatch(/^[\w-]{24}$/);
  });
});

import { describe, expect, it } from 'vitest';
import { deferHydration } from './defer-hydration.server';

const page = [
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client-A.js"/>',
  '<link rel="modulepreload" href="/assets/root-B.js"/><link rel="stylesheet" href="/assets/app.css"/></head>',
  '<body><main>Cookies</main><script type="module" async="">import * as route0 from "/assets/root-B.js";',
  'import("/assets/entry.client-A.js");</script></body></html>',
].join('');

describe('deferHydration', () => {
  it('parks the route modules and hands their preloads to an inline starter at the end of the body', () => {
    const html = deferHydration(page);
    expect(html).not.toContain('modulepreload" href');
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(html).toContain(
      '<script type="text/x-deferred-module" id="deferred-route-modules">import * as route0 from "/assets/root-B.js";',
    );
    expect(html).toContain('var hrefs=["/assets/entry.client-A.js","/assets/root-B.js"]');
    expect(html).toMatch(/<\/script><script>\(function\(\)\{[\s\S]*\}\)\(\);<\/script><\/body><\/html>$/);
  });

  it('has the starter evaluate the shared chunks, then the route modules, one at a time, and never the entry', () => {
    const withChunks = page
      .replace(
        '<link rel="modulepreload" href="/assets/root-B.js"/>',
        '<link rel="modulepreload" href="/assets/react-C.js"/><link rel="modulepreload" href="/assets/root-B.js"/>' +
          '<link rel="modulepreload" href="/assets/shop-D.js"/><link rel="modulepreload" href="/assets/card-E.js"/>',
      )
      .replace(
        'import * as route0 from "/assets/root-B.js";',
        'import * as route0 from "/assets/root-B.js";\nimport * as route1 from "/assets/shop-D.js";\n',
      );
    const html = deferHydration(withChunks);
    expect(html).toContain(
      'modules=["/assets/react-C.js","/assets/card-E.js","/assets/root-B.js","/assets/shop-D.js"]',
    );
    // Without the entry's import at the end, the route-modules script evaluates everything itself.
    expect(deferHydration(withChunks.replace('import("/assets/entry.client-A.js");', ''))).toContain(
      'modules=[]',
    );
  });

  it('leaves a page it does not recognise exactly as it was', () => {
    const noModuleScript = page.replace('<script type="module" async="">', '<script>');
    expect(deferHydration(noModuleScript)).toBe(noModuleScript);
    const noPreloads = page.replace(/<link rel="modulepreload"[^>]*>/g, '');
    expect(deferHydration(noPreloads)).toBe(noPreloads);
  });
});

describe('deferHydration with the render marker', () => {
  it('parks the marked route modules and marks the starter, so both are hashed into the policy', () => {
    const marked = page
      .replaceAll('"/>', '" nonce="m1"/>')
      .replace('<script type="module" async="">', '<script nonce="m1" type="module" async="">');
    const html = deferHydration(marked, 'm1');
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('<script nonce="m1" type="text/x-deferred-module" id="deferred-route-modules">');
    expect(html).toMatch(/<script nonce="m1">\(function\(\)\{[\s\S]*\}\)\(\);<\/script><\/body><\/html>$/);
  });
});

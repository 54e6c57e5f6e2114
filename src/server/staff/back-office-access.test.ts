import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadClientBuild } from '~/server/load-build';
import {
  API_ACCESS,
  landingPage,
  PAGE_ACCESS,
  STAFF_ROLES,
  type StaffRole,
} from '~/shared/staff/back-office-access';
import { api, createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';

// The role matrix (docs/rules/back-office-roles.md): every back-office API route and page, walked with every role.
const client = await loadClientBuild(process.env.BUILD_DIR);
const build: ServerBuild = client.server;
let t: TestApp;
const cookies = {} as Record<StaffRole | 'customer', string>;

beforeAll(async () => {
  t = await createTestApp({ build: client });
  for (const role of STAFF_ROLES) cookies[role] = (await createUser(t, { staffRole: role })).cookie;
  cookies.customer = (await createUser(t)).cookie;
});
afterAll(() => t.close());

/** A path of the table with its parameters filled by ids nothing has (the guard answers first). */
const concrete = (pattern: string) =>
  pattern.replace(':id', '00000000-0000-4000-8000-00000000abcd').replace(':date', '2099-01-05');

/** Every back-office API route the app registers, as `METHOD path`. */
function registeredApiRoutes(): string[] {
  const backOffice = (path: string) =>
    path.startsWith('/api/admin') || path.startsWith('/api/contact/messages');
  return [
    ...new Set(
      t.app.routes
        .filter((r) => r.method !== 'ALL' && backOffice(r.path))
        .map((r) => `${r.method} ${r.path.replace(/\/$/, '')}`),
    ),
  ];
}

/** Every back-office page of the React Router build, as its full route path. */
function builtPages(): { path: string; hasAction: boolean }[] {
  const routes = build.routes;
  const fullPath = (id: string): string => {
    const route = routes[id]!;
    const parent = route.parentId ? fullPath(route.parentId) : '';
    return route.path ? `${parent.replace(/\/$/, '')}/${route.path}` : parent;
  };
  return Object.values(routes)
    .filter((r) => r?.path !== undefined || r?.index)
    .map((r) => ({ path: fullPath(r!.id) || '/', hasAction: !!r!.module.action }))
    .filter((p) => p.path === '/admin' || p.path.startsWith('/admin/'));
}

describe('the route table', () => {
  it('has a rule for every back-office API route the app answers, and no rule for a route it does not', () => {
    expect(registeredApiRoutes().sort()).toEqual(Object.keys(API_ACCESS).sort());
  });

  it('has a rule for every back-office page, and no rule for a page that does not exist', () => {
    expect([...new Set(builtPages().map((p) => p.path))].sort()).toEqual(Object.keys(PAGE_ACCESS).sort());
  });
});

describe('every back-office API route, with every role', () => {
  for (const [rule, allowed] of Object.entries(API_ACCESS)) {
    const [method, pattern] = rule.split(' ') as [string, string];
    it(`${rule}: ${allowed.join(', ')} only`, async () => {
      const url = concrete(pattern);
      const body = method === 'GET' ? undefined : {};
      for (const role of STAFF_ROLES) {
        const res = await api(t, method, url, body, cookies[role]);
        if (allowed.includes(role)) {
          expect([401, 403], `${role} is refused ${rule}`).not.toContain(res.status);
          expect(res.status, `${role}: ${rule}`).toBeLessThan(500);
        } else {
          expect(res.status, `${role} reaches ${rule}`).toBe(403);
          expect((await res.json()).error.code).toBe('forbidden');
        }
      }
      expect((await api(t, method, url, body, cookies.customer)).status).toBe(403);
      expect((await api(t, method, url, body)).status).toBe(401);
    });
  }
});

const page = (url: string, cookie?: string) =>
  t.app.request(`${t.origin}${url}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });

const post = (url: string, form: Record<string, string>, cookie: string) =>
  t.app.request(`${t.origin}${url}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: t.origin, 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams(form).toString(),
  });

describe('every back-office page, with every role', () => {
  for (const [pattern, rule] of Object.entries(PAGE_ACCESS)) {
    it(`${pattern}: opened by ${rule.view.join(', ')} only`, async () => {
      const url = concrete(pattern);
      for (const role of STAFF_ROLES) {
        const res = await page(url, cookies[role]);
        if (rule.view.includes(role)) {
          expect([302, 403], `${role} is refused ${pattern}`).not.toContain(res.status);
          expect(res.status, `${role}: ${pattern}`).toBeLessThan(500);
        } else if (pattern === '/admin') {
          expect(res.status).toBe(302);
          expect(res.headers.get('location')).toBe(landingPage(role));
        } else {
          expect(res.status, `${role} opens ${pattern}`).toBe(403);
          expect(await res.text()).toContain('Your role in the back office does not open this page.');
        }
      }
      const customer = await page(url, cookies.customer);
      expect(customer.headers.get('location')).toBe('/');
      expect((await page(url)).headers.get('location')).toBe('/auth');
    });
  }

  const withActions = new Set(
    builtPages()
      .filter((p) => p.hasAction)
      .map((p) => p.path),
  );
  it('has pages with forms to walk', () => expect(withActions.size).toBeGreaterThan(10));

  for (const [pattern, rule] of Object.entries(PAGE_ACCESS).filter(([p]) => withActions.has(p))) {
    const intents: [string, readonly StaffRole[]][] = [
      // An intent with no rule of its own: the page's `act`, the owner unless said.
      ['no-such-intent', rule.act ?? ['owner']],
      ...Object.entries(rule.intents ?? {}),
    ];
    for (const [intent, allowed] of intents) {
      it(`${pattern}, intent ${intent}: posted by ${allowed.join(', ')} only`, async () => {
        for (const role of STAFF_ROLES) {
          const res = await post(concrete(pattern), { intent, id: concrete(':id') }, cookies[role]);
          if (allowed.includes(role)) expect(res.status, `${role} is refused`).not.toBe(403);
          else expect(res.status, `${role} may post ${intent} on ${pattern}`).toBe(403);
        }
      });
    }
  }
});

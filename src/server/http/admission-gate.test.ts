import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createAdmissionGate, drawsPage, placesOrder, refuseApi } from './admission-gate';

let server: Server | undefined;
afterEach(async () => {
  if (!server) return;
  server.closeAllConnections();
  await new Promise((resolve) => server!.close(resolve));
  server = undefined;
});

/** A server whose pages pass a gate of `limit` and answer only when the test says so. */
async function gatedServer(limit: number, maxWaiting?: number, refuse?: typeof refuseApi) {
  const gate = createAdmissionGate(limit, maxWaiting, refuse);
  const started: string[] = [];
  const pending = new Map<string, ServerResponse>();
  let mostAtOnce = 0;
  server = createServer((req: IncomingMessage, res) =>
    gate.admit(res, () => {
      started.push(req.url!);
      pending.set(req.url!, res);
      mostAtOnce = Math.max(mostAtOnce, gate.inFlight);
    }),
  );
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const until = async (check: () => boolean) => {
    while (!check()) await new Promise((r) => setTimeout(r, 5));
  };
  return {
    gate,
    started,
    mostAtOnce: () => mostAtOnce,
    get: (path: string, signal?: AbortSignal) => fetch(`${base}${path}`, { signal }),
    answer: (path: string) => pending.get(path)!.end(path),
    until,
  };
}

describe('admission gate', () => {
  it('draws pages a few at a time, the rest in the order they arrived', async () => {
    const s = await gatedServer(2);
    const answers = ['/a', '/b', '/c', '/d'].map((path) => s.get(path));
    await s.until(() => s.started.length === 2 && s.gate.waiting === 2);
    expect(s.started).toEqual(['/a', '/b']);

    s.answer('/b');
    await s.until(() => s.started.length === 3);
    s.answer('/a');
    await s.until(() => s.started.length === 4);
    s.answer('/c');
    s.answer('/d');

    const bodies = await Promise.all(answers.map(async (r) => (await r).text()));
    expect(bodies).toEqual(['/a', '/b', '/c', '/d']);
    expect(s.started).toEqual(['/a', '/b', '/c', '/d']);
    expect(s.mostAtOnce()).toBe(2);
    expect(s.gate.inFlight).toBe(0);
  });

  it('never draws the page of a visitor who left while waiting, and gives the place on', async () => {
    const s = await gatedServer(1);
    const first = s.get('/first');
    await s.until(() => s.started.length === 1);
    const leaving = new AbortController();
    const left = s.get('/left', leaving.signal).catch(() => 'aborted');
    await s.until(() => s.gate.waiting === 1);
    leaving.abort();
    await left;
    await s.until(() => s.gate.waiting === 0);
    const next = s.get('/next');
    await s.until(() => s.gate.waiting === 1);

    s.answer('/first');
    expect(await (await first).text()).toBe('/first');
    await s.until(() => s.started.length === 2);
    s.answer('/next');
    expect(await (await next).text()).toBe('/next');
    expect(s.started).toEqual(['/first', '/next']);
  });

  it('tells a visitor to try again in a moment when the queue is full, and still serves those already in it', async () => {
    const s = await gatedServer(1, 2);
    const queued = ['/a', '/b', '/c'].map((path) => s.get(path));
    await s.until(() => s.started.length === 1 && s.gate.waiting === 2);

    const refused = await s.get('/d');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.text()).toBe('The shop is very busy just now. Please try again in a few seconds.');

    s.answer('/a');
    await s.until(() => s.started.length === 2);
    s.answer('/b');
    await s.until(() => s.started.length === 3);
    s.answer('/c');
    const bodies = await Promise.all(queued.map(async (r) => (await r).text()));
    expect(bodies).toEqual(['/a', '/b', '/c']);
    expect(s.started).toEqual(['/a', '/b', '/c']);
  });

  it("tells a customer at a full checkout queue to try again, in the API's error shape the checkout shows", async () => {
    const s = await gatedServer(1, 1, refuseApi);
    const queued = ['/api/checkout/quote', '/api/checkout/create-checkout-session'].map((path) =>
      s.get(path),
    );
    await s.until(() => s.started.length === 1 && s.gate.waiting === 1);

    const refused = await s.get('/api/checkout/quote?again');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toEqual({
      error: { code: 'busy', message: 'The shop is very busy just now. Please try again in a few seconds.' },
    });
    s.answer('/api/checkout/quote');
    await s.until(() => s.started.length === 2);
    s.answer('/api/checkout/create-checkout-session');
    expect((await Promise.all(queued)).map((r) => r.status)).toEqual([200, 200]);
  });

  it('lets a newcomer wait only while the queue ahead and its own turn are expected within the target, at the measured pace', async () => {
    let clock = 0;
    const refused: string[] = [];
    const gate = createAdmissionGate(2, 100, (res) => refused.push(names.get(res)!), {
      targetMs: 300,
      now: () => clock,
    });
    const names = new Map<ServerResponse, string>();
    const started: string[] = [];
    const arrive = (name: string) => {
      const res = new EventEmitter() as ServerResponse;
      names.set(res, name);
      gate.admit(res, () => started.push(name));
      return res;
    };
    const turn = () => new Promise((resolve) => setImmediate(resolve));

    // Before any answer there is no pace to go by: the length bound alone (here 100) holds.
    const first = ['a', 'b', 'c', 'd', 'e'].map(arrive);
    expect(gate.waiting).toBe(3);
    for (const res of first.slice(2)) res.emit('close'); // left while waiting: never started, not measured
    expect(refused).toEqual([]);

    // Two answered in 100 ms each: 2 at a time, the queue moves 20 a second.
    clock += 100;
    for (const res of first.slice(0, 2)) res.emit('close');
    await turn();
    expect(gate.meanServiceMs).toBe(100);

    // In flight: r1 and r2. Expected wait and answer for the next: 150, 200, 250, 300, then 350 ms.
    const rs = ['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7'].map(arrive);
    expect(started).toEqual(['a', 'b', 'r1', 'r2']);
    expect(gate.waiting).toBe(4);
    expect(refused).toEqual(['r7']);

    // Answers slow down (r1 took 300 ms): the mean follows, and the queue allowed shrinks with it.
    clock += 300;
    rs[0]!.emit('close');
    await turn();
    expect(gate.meanServiceMs).toBe(120);
    expect(started.at(-1)).toBe('r3');
    arrive('r8'); // 3 waiting: (4 / 2 + 1) x 120 = 360 ms > 300
    expect(refused).toEqual(['r7', 'r8']);

    // However slow the pace, a free place is always taken: the measure is then refreshed.
    for (const res of rs.slice(1, 6)) {
      res.emit('close');
      await turn();
    }
    expect(gate.inFlight).toBe(0);
    arrive('r9');
    expect(started.at(-1)).toBe('r9');
    expect(refused).toEqual(['r7', 'r8']);
  });

  it("orders the checkout's quote and placing an order, not the rest of the API", () => {
    const req = (method: string, url: string) => ({ method, url }) as IncomingMessage;
    expect(placesOrder(req('POST', '/api/checkout/quote'))).toBe(true);
    expect(placesOrder(req('POST', '/api/checkout/create-checkout-session'))).toBe(true);
    expect(placesOrder(req('GET', '/api/checkout/quote'))).toBe(false);
    expect(placesOrder(req('POST', '/api/payments/webhook'))).toBe(false);
    expect(placesOrder(req('POST', '/api/auth/sign-in/email'))).toBe(false);
  });

  it('starts each waiting page on a later turn of the event loop, so the server reads and accepts between pages', async () => {
    // Pages drawn without ever yielding (the embedded database's queries settle as promises):
    // each waiting one's answer is finished inside its own start.
    const gate = createAdmissionGate(1);
    const responses = [0, 1, 2, 3].map(() => new EventEmitter() as ServerResponse);
    const newTurnAtStart: boolean[] = [];
    let turned = false;
    const lastDone = new Promise<void>((resolve) => {
      responses.forEach((res, i) => {
        gate.admit(res, () => {
          newTurnAtStart.push(turned);
          turned = false;
          setImmediate(() => {
            turned = true;
          });
          if (i === 0) return; // the first is answered below, once all four are queued
          res.emit('close');
          if (i === 3) resolve();
        });
      });
    });
    expect(gate.waiting).toBe(3);
    responses[0]!.emit('close');
    await lastDone;
    expect(newTurnAtStart.slice(1)).toEqual([true, true, true]);
    expect(gate.inFlight).toBe(0);
  });

  it('orders pages and their data, not the API, built assets or public files', () => {
    const req = (url: string) => ({ url }) as IncomingMessage;
    expect(drawsPage(req('/account'))).toBe(true);
    expect(drawsPage(req('/admin/orders?page=2'))).toBe(true);
    expect(drawsPage(req('/admin/orders.data?page=2'))).toBe(true);
    expect(drawsPage(req('/'))).toBe(true);
    expect(drawsPage(req('/api/health'))).toBe(false);
    expect(drawsPage(req('/api/auth/sign-in/email'))).toBe(false);
    expect(drawsPage(req('/assets/root-abc123.js'))).toBe(false);
    expect(drawsPage(req('/favicon.svg'))).toBe(false);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { CodeRefusedError } from '~/app/checkout/checkout-quote';
import { createCheckoutSession } from '~/app/checkout/create-checkout-session';
import { callApi } from './api-client';

afterEach(() => vi.unstubAllGlobals());
const answer = (status: number, body: unknown) =>
  vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }));

describe('the browser API client', () => {
  it('reads the shared /api error shape, better-auth’s, and no answer at all', async () => {
    vi.stubGlobal(
      'fetch',
      answer(400, { error: { code: 'bad_request', message: 'No', fields: { a: 'No' } } }),
    );
    expect(await callApi('POST', '/api/x', {})).toEqual({
      ok: false,
      status: 400,
      code: 'bad_request',
      message: 'No',
      fields: { a: 'No' },
    });
    vi.stubGlobal('fetch', answer(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid' }));
    expect(await callApi('POST', '/api/auth/sign-in/email', {})).toMatchObject({
      status: 401,
      message: 'Invalid',
    });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(await callApi('GET', '/api/account/me')).toMatchObject({ ok: false, status: undefined });
  });

  it('sends checkout the customer’s choices, never a price or a fee', async () => {
    const fetch = answer(200, { url: 'http://shop.test/pay/test/1', orderId: 'o1', sessionId: '1' });
    vi.stubGlobal('fetch', fetch);
    const item = { id: 'p1', name: 'Shortbread', price_pennies: 300, photo_url: null, quantity: 2 };
    await createCheckoutSession(
      [item as never],
      '2026-12-01',
      { to: 'me' },
      {
        discountCode: null,
        fulfilment: 'delivery',
      },
    );
    const sent = JSON.parse(String(fetch.mock.calls[0]![1]!.body));
    expect(sent.items).toEqual([{ product_id: 'p1', quantity: 2 }]);
    expect(JSON.stringify(sent)).not.toMatch(/price|fee|pennies|name/i);
  });

  it('tells checkout a refused code from another refusal', async () => {
    vi.stubGlobal(
      'fetch',
      answer(400, { error: { message: 'Used up', fields: { discount_code: 'Used up' } } }),
    );
    const go = () =>
      createCheckoutSession([], null, { to: 'me' }, { discountCode: 'X', fulfilment: 'delivery' });
    await expect(go()).rejects.toBeInstanceOf(CodeRefusedError);
    await expect(go()).rejects.toThrow('Used up');
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(go()).rejects.toThrow('No response from checkout service');
  });
});

import { describe, expect, it } from 'vitest';
import { AppError, badRequest, notFound } from '~/server/errors';
import { orFormRefusal } from './service-errors.server';

/** What `data()` hands React Router: the body and the status the page answers with. */
const answer = (value: unknown) => value as { data: unknown; init: { status: number } };

describe('orFormRefusal (the test payment page, the card page, joining the club)', () => {
  it('answers what the call answered', async () => {
    await expect(orFormRefusal(async () => 'paid', 'Payment session not found')).resolves.toBe('paid');
  });

  it('shows a refusal on the form with its status and the fields it names', async () => {
    const declined = new AppError(402, 'card_declined', 'Your card was declined.');
    expect(answer(await orFormRefusal(() => Promise.reject(declined)))).toMatchObject({
      data: { error: 'Your card was declined.', fields: {} },
      init: { status: 402 },
    });
    const typo = badRequest('Check the card number', { number: 'Check the card number' });
    expect(answer(await orFormRefusal(() => Promise.reject(typo), 'Card page not found'))).toMatchObject({
      data: { error: 'Check the card number', fields: { number: 'Check the card number' } },
      init: { status: 400 },
    });
  });

  it('turns "not found" into the 404 page when the page names it, and the form error when not', async () => {
    const gone = () => Promise.reject(notFound());
    await expect(orFormRefusal(gone, 'Card page not found')).rejects.toMatchObject({
      data: 'Card page not found',
      init: { status: 404 },
    });
    expect(answer(await orFormRefusal(gone))).toMatchObject({ init: { status: 404 } });
  });

  it('lets a server failure through to the error page', async () => {
    const broken = new Error('connection lost');
    await expect(orFormRefusal(() => Promise.reject(broken), 'x')).rejects.toBe(broken);
  });
});

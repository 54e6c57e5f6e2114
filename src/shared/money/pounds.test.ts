import { describe, expect, it } from 'vitest';
import { parsePounds, poundsField, poundsInput } from './pounds';

describe('pounds typed by the owner', () => {
  it('reads the ways people write an amount', () => {
    expect(parsePounds('20.00')).toBe(2000);
    expect(parsePounds('20')).toBe(2000);
    expect(parsePounds(' £4.5 ')).toBe(450);
    expect(parsePounds('1,020.99')).toBe(102099);
    for (const bad of ['', 'abc', '4.999', '-3', '1e3', '20,00', '£']) expect(parsePounds(bad)).toBeNull();
  });

  it('says what is wrong in pounds', () => {
    const field = poundsField('Minimum spend', { min: 1, max: 10000 });
    expect(field.parse('3.00')).toBe(300);
    expect(field.safeParse('0').error?.issues[0]?.message).toBe('Minimum spend must be at least £0.01');
    expect(field.safeParse('200').error?.issues[0]?.message).toBe('Minimum spend must be at most £100.00');
    expect(field.safeParse('x').error?.issues[0]?.message).toBe(
      'Minimum spend must be an amount in pounds, like 20.00',
    );
    expect(poundsInput(2000)).toBe('20.00');
  });
});

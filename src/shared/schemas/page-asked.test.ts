import { describe, expect, it } from 'vitest';
import { pageAsked } from './admin';

describe('the page a back-office list is asked for', () => {
  it('is ?page= when it is a whole number from 1, and the first page otherwise', () => {
    const at = (query: string) => pageAsked(`http://shop.test/admin/orders${query}`);
    expect(at('?page=3')).toBe(3);
    expect(at('?status=paid&page=2')).toBe(2);
    for (const bad of ['', '?page=', '?page=0', '?page=-2', '?page=1.5', '?page=abc', '?page=99999999'])
      expect(at(bad), bad).toBe(1);
  });
});

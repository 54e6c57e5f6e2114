import { beforeEach, describe, expect, it, vi } from 'vitest';

// zustand's persist reads `localStorage` when the store is created, so it must exist before the import.
const storage = vi.hoisted(() => {
  const data = new Map<string, string>();
  const memory: Storage = {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
  globalThis.localStorage = memory;
  return memory;
});

import { basketKey, type CartItem, cartCount, cartTotalPence, useCartStore } from './cart-store';

const darkChocolate = {
  id: 'p-dark',
  name: 'Dark Chocolate & Sea Salt',
  price_pennies: 450,
  photo_url: '/d.webp',
};
const pecan = { id: 'p-pecan', name: 'Pecan & Maple Syrup', price_pennies: 475, photo_url: '/p.webp' };

const cart = () => useCartStore.getState();
const line = (id: string) => cart().items.find((i) => i.id === id);

beforeEach(() => {
  useCartStore.setState({ items: [], discountCode: null, pendingOrder: null });
  storage.clear();
});

describe('adding to the cart', () => {
  it('puts a new product in with quantity 1', () => {
    cart().addItem(darkChocolate);
    expect(cart().items).toEqual([{ ...darkChocolate, quantity: 1 }]);
  });

  it('raises the quantity of a product already in the cart by 1 instead of adding a second line', () => {
    cart().addItem(darkChocolate);
    cart().addItem(pecan);
    cart().addItem(darkChocolate);
    expect(cart().items).toHaveLength(2);
    expect(line('p-dark')?.quantity).toBe(2);
    expect(line('p-pecan')?.quantity).toBe(1);
  });

  it('counts N additions from the product page as N units', () => {
    for (let i = 0; i < 5; i++) cart().addItem(pecan);
    expect(line('p-pecan')?.quantity).toBe(5);
  });
});

describe('changing the cart', () => {
  it('sets an exact quantity, never below 1', () => {
    cart().addItem(darkChocolate);
    cart().updateQuantity('p-dark', 7);
    expect(line('p-dark')?.quantity).toBe(7);
    cart().updateQuantity('p-dark', 0);
    expect(line('p-dark')?.quantity).toBe(1);
    cart().updateQuantity('p-dark', -4);
    expect(line('p-dark')?.quantity).toBe(1);
  });

  it('keeps whole units only', () => {
    cart().addItem(darkChocolate);
    cart().updateQuantity('p-dark', 2.7);
    expect(line('p-dark')?.quantity).toBe(2);
  });

  it('removes one product by id and keeps the others', () => {
    cart().addItem(darkChocolate);
    cart().addItem(pecan);
    cart().removeItem('p-dark');
    expect(cart().items.map((i) => i.id)).toEqual(['p-pecan']);
  });

  it('clears every line', () => {
    cart().addItem(darkChocolate);
    cart().addItem(pecan);
    cart().clearCart();
    expect(cart().items).toEqual([]);
  });
});

describe('totals', () => {
  it('sums price times quantity in pence, and counts units', () => {
    const items: CartItem[] = [
      { ...darkChocolate, quantity: 3 },
      { ...pecan, quantity: 2 },
    ];
    expect(cartTotalPence(items)).toBe(450 * 3 + 475 * 2);
    expect(cartCount(items)).toBe(5);
    expect(cartTotalPence([])).toBe(0);
  });
});

describe('saving in the browser', () => {
  it('saves the cart under "cart-storage" and restores it on load', async () => {
    cart().addItem(darkChocolate);
    cart().addItem(darkChocolate);
    const saved = JSON.parse(storage.getItem('cart-storage') ?? 'null');
    expect(saved.state.items).toEqual([{ ...darkChocolate, quantity: 2 }]);

    // A later visit: the page starts with an empty cart and reads what the last one saved.
    const raw = storage.getItem('cart-storage')!;
    useCartStore.setState({ items: [] });
    storage.setItem('cart-storage', raw);
    await useCartStore.persist.rehydrate();
    expect(cart().items).toEqual([{ ...darkChocolate, quantity: 2 }]);
  });
});

describe('what the basket keeps besides its cookies', () => {
  it('keeps the applied code and the order it started across a reload, and forgets both once emptied', async () => {
    cart().addItem(darkChocolate);
    cart().setDiscountCode('SPRING10');
    cart().setPendingOrder({ orderId: 'order-1', basket: basketKey(cart().items) });
    const raw = storage.getItem('cart-storage')!;
    useCartStore.setState({ items: [], discountCode: null, pendingOrder: null });
    storage.setItem('cart-storage', raw);
    await useCartStore.persist.rehydrate();
    expect(cart().discountCode).toBe('SPRING10');
    expect(cart().pendingOrder).toEqual({ orderId: 'order-1', basket: 'p-dark:1' });

    cart().clearCart();
    expect(cart()).toMatchObject({ items: [], discountCode: null, pendingOrder: null });
  });

  it('names a basket by its products and quantities, in any order', () => {
    const a = [
      { id: 'p-dark', quantity: 2 },
      { id: 'p-pecan', quantity: 1 },
    ];
    expect(basketKey(a)).toBe(basketKey([...a].reverse()));
    expect(basketKey(a)).not.toBe(basketKey([{ id: 'p-dark', quantity: 3 }, a[1]!]));
  });
});

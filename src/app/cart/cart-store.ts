import { startTransition, useEffect, useState } from 'react';
import { create } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import { useMountedAfterHydration } from '~/app/components/ui/use-hydrated';
import { type ContentsEntry, fillingKey } from '~/shared/boxes/box';
import { CART_STORAGE_NAME } from '~/shared/constants';
import { linesTotalPence } from '~/shared/money/money';

/** A cart line (docs/rules/shop-pages.md): `id` is the product id. */
export interface CartItem {
  id: string;
  name: string;
  price_pennies: number;
  photo_url: string;
  quantity: number;
  /** A box (decision 042): its size and what is in each; two fillings are two lines. */
  box?: { size: number; contents: ContentsEntry[] };
  /** A gift card (decision 047): its amount and recipient; `key` makes each card its own line. */
  gift_card?: {
    key: string;
    amount_pennies: number;
    recipient_name: string;
    recipient_email: string;
    message: string;
    send_on: string;
  };
}

/** A line's identity in the cart: the product id, and for a box its filling too. */
export const lineId = (item: Pick<CartItem, 'id' | 'box' | 'gift_card'>) =>
  item.gift_card
    ? `${item.id}|${item.gift_card.key}`
    : item.box
      ? `${item.id}|${fillingKey(item.box.contents)}`
      : item.id;

/** The cookies a basket bakes: a box counts as its size (what a day's capacity counts). */
export const cartCookies = (items: Pick<CartItem, 'quantity' | 'box'>[]) =>
  items.reduce((n, i) => n + i.quantity * (i.box?.size ?? 1), 0);

/** A line as the server reads it: the product, how many, and a box's filling. */
export const checkoutLine = (i: CartItem) => ({
  product_id: i.id,
  quantity: i.quantity,
  ...(i.box ? { box: i.box.contents.map(({ product_id, quantity }) => ({ product_id, quantity })) } : {}),
  gift_card: i.gift_card,
});

/** The order a checkout started for this basket, and the basket as it was then (`basketKey`). */
export interface PendingOrder {
  orderId: string;
  basket: string;
}

interface CartState {
  items: CartItem[];
  /** The discount code applied at checkout: kept with the basket, so a reload keeps it. */
  discountCode: string | null;
  /** The order waiting for payment: once it is paid, the basket it was for is emptied. */
  pendingOrder: PendingOrder | null;
  /** Adds one unit; a product already in the cart goes up by 1, a new one enters with 1. */
  addItem: (item: Omit<CartItem, 'quantity'>) => void;
  /** Sets an exact quantity; the screens never go below 1. */
  updateQuantity: (id: string, quantity: number) => void;
  removeItem: (id: string) => void;
  /** Empties the basket, its code and its pending order (the order was paid). */
  clearCart: () => void;
  setDiscountCode: (code: string | null) => void;
  setPendingOrder: (pending: PendingOrder | null) => void;
}

/** The basket's products and quantities, as one string: "is it still the basket that was paid for?" */
export const basketKey = (items: Pick<CartItem, 'id' | 'quantity' | 'box' | 'gift_card'>[]) =>
  items
    .map((i) => `${lineId(i)}:${i.quantity}`)
    .sort()
    .join(',');

/**
 * The server has no localStorage; without a storage zustand would leave `persist` off the store
 * and `useCart` would fail during server rendering. There the cart is simply empty and never saved.
 */
const noStorage: StateStorage = { getItem: () => null, setItem: () => {}, removeItem: () => {} };

export const useCartStore = create<CartState>()(
  persist(
    (set) => ({
      items: [],
      discountCode: null,
      pendingOrder: null,
      addItem: (item) =>
        set((s) =>
          s.items.some((i) => lineId(i) === lineId(item))
            ? {
                items: s.items.map((i) =>
                  lineId(i) === lineId(item) ? { ...i, quantity: i.quantity + 1 } : i,
                ),
              }
            : { items: [...s.items, { ...item, quantity: 1 }] },
        ),
      updateQuantity: (id, quantity) =>
        set((s) => ({
          items: s.items.map((i) =>
            lineId(i) === id ? { ...i, quantity: Math.max(1, Math.floor(quantity)) } : i,
          ),
        })),
      removeItem: (id) => set((s) => ({ items: s.items.filter((i) => lineId(i) !== id) })),
      clearCart: () => set({ items: [], discountCode: null, pendingOrder: null }),
      setDiscountCode: (discountCode) => set({ discountCode }),
      setPendingOrder: (pendingOrder) => set({ pendingOrder }),
    }),
    {
      name: CART_STORAGE_NAME,
      storage: createJSONStorage(() => (typeof localStorage === 'undefined' ? noStorage : localStorage)),
      // Read localStorage only after hydration, so server and first client render agree (an empty cart).
      skipHydration: true,
    },
  ),
);

export const cartCount = (items: CartItem[]) => items.reduce((n, i) => n + i.quantity, 0);
export const cartTotalPence = (items: CartItem[]) => linesTotalPence(items);

/**
 * The cart's items once the saved cart has been read in the browser, and whether it has been.
 * Before that (on the server and in the first render) the cart is empty and `ready` is false,
 * so pages can show a loading state instead of a misleading "empty" one.
 */
export function useCart() {
  const items = useCartStore((s) => s.items);
  const ready = useCartReady();
  return { items, ready };
}

/** Whether the saved cart has been read in the browser (reading it if nobody has yet). */
export function useCartReady() {
  // While hydrating, not ready whatever an earlier part of the page has read: the server's HTML
  // has the cart not yet read.
  const mountedAfterHydration = useMountedAfterHydration();
  const [ready, setReady] = useState(() => mountedAfterHydration && useCartStore.persist.hasHydrated());
  useEffect(() => {
    // A transition: on the page's first load it re-renders the storefront's header and footer,
    // which React then does in slices instead of one long task.
    const done = () => startTransition(() => setReady(true));
    if (useCartStore.persist.hasHydrated()) {
      done();
      return;
    }
    const unsubscribe = useCartStore.persist.onFinishHydration(done);
    void useCartStore.persist.rehydrate();
    return unsubscribe;
  }, []);
  return ready;
}

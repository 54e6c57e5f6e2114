/** Fixed numbers (docs/rules/shop-pages.md) that both the browser and the server use (statuses: orders/statuses.ts). */
export const CART_STORAGE_NAME = 'cart-storage';
/** The checkout's choices besides the basket, kept in the tab's session storage (app/checkout/checkout-draft.ts). */
export const CHECKOUT_DRAFT_STORAGE_NAME = 'checkout-draft';
export const RECENT_ORDERS_COUNT = 5;
/** The most of one product a single order may hold; beyond it a basket is surely a mistake. */
export const MAX_LINE_QUANTITY = 500;

import { CHECKOUT_DRAFT_STORAGE_NAME } from '~/shared/constants';

/**
 * The order was paid: nothing of its checkout draft is kept. Apart from checkout-draft.ts, which
 * brings the delivery form (and its code) along: every storefront page runs this, and only the
 * checkout needs the rest (the smaller pages).
 */
export function forgetCheckoutDraft() {
  try {
    sessionStorage.removeItem(CHECKOUT_DRAFT_STORAGE_NAME);
  } catch {}
}

import type { CartItem } from '~/app/cart/cart-store';
import { Button } from '~/app/components/ui/button';
import { formatPence } from '~/shared/money/money';
import type { Fulfilment } from '~/shared/orders/fulfilment';
import type { CheckoutQuote } from '~/shared/schemas/checkout';
import { fetchQuote, GiftCardRefusedError } from './checkout-quote';
import { CodeEntryForm } from './code-entry-form';

/**
 * Gift cards typed at checkout (decision 044): each is asked of the server before it is kept,
 * and each kept one says what it pays of this order.
 */
export function GiftCardEntry({
  items,
  discountCode,
  fulfilment,
  quote,
  giftCards,
  onChange,
}: {
  items: CartItem[];
  discountCode: string | null;
  fulfilment: Fulfilment;
  quote: CheckoutQuote | null;
  giftCards: string[];
  onChange: (codes: string[]) => void;
}) {
  return (
    <CodeEntryForm
      label="Gift card"
      name="gift_card"
      maxLength={40}
      placeholder="XXXX-XXXX-XXXX-XXXX-XXXX"
      buttonLabel="Apply gift card"
      refused={GiftCardRefusedError}
      check={async (code) => {
        const codes = [...giftCards, code];
        await fetchQuote(items, discountCode, fulfilment, codes);
        onChange(codes);
      }}
    >
      {giftCards.length > 0 && (
        <ul className="mt-2 space-y-1 text-sm" aria-label="Gift cards applied">
          {giftCards.map((code) => {
            // The storefront's script budget: the last 4 read here, not through the shared module.
            const masked = `•••• ${code.replace(/[\s-]/g, '').toUpperCase().slice(-4)}`;
            const pays = quote?.gift_cards.find((p) => masked.endsWith(p.last4))?.pennies;
            return (
              <li key={code} className="flex items-center justify-between gap-2">
                <span>
                  Gift card <strong>{masked}</strong>
                  {pays !== undefined && ` pays ${formatPence(pays)}`}
                </span>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => onChange(giftCards.filter((c) => c !== code))}
                >
                  Remove gift card {masked}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </CodeEntryForm>
  );
}

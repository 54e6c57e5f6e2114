import { useId, useState } from 'react';
import type { CartItem } from '~/app/cart/cart-store';
import { Button } from '~/app/components/ui/button';
import { Input } from '~/app/components/ui/input';
import { formatPence } from '~/shared/money/money';
import type { Fulfilment } from '~/shared/orders/fulfilment';
import { fetchQuote, GiftCardRefusedError } from './checkout-quote';

/**
 * "Gift card" with Apply, beside the discount code (decision 044): the server checks the card
 * against this order and says what it pays; several cards may be applied, each paying up to its
 * balance until the order is covered. A refused card is not applied and the reason is shown.
 */
export function GiftCardForm({
  items,
  fulfilment,
  discountCode,
  applied,
  paying,
  onChange,
}: {
  items: CartItem[];
  fulfilment: Fulfilment;
  discountCode: string | null;
  /** The codes applied, as typed. */
  applied: string[];
  /** What each applied card pays (the server's quote). */
  paying: { last4: string; pennies: number }[];
  onChange: (codes: string[]) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function apply(e: React.FormEvent) {
    e.preventDefault();
    if (!text.trim()) return setError('Enter a gift card code');
    setBusy(true);
    try {
      const codes = [...applied, text.trim()];
      await fetchQuote(items, discountCode, fulfilment, codes);
      setError(null);
      setText('');
      onChange(codes);
    } catch (err) {
      setError(
        err instanceof GiftCardRefusedError
          ? err.message
          : 'Could not check that gift card. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-4 border-t border-crumb pt-4">
      <form onSubmit={apply} noValidate>
        <label htmlFor={`${id}-code`} className="mb-1 block text-sm font-medium">
          Gift card
        </label>
        <div className="flex gap-2">
          <Input
            id={`${id}-code`}
            name="gift_card"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            placeholder="XXXX-XXXX-XXXX-XXXX-XXXX"
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="uppercase placeholder:normal-case"
          />
          <Button
            type="submit"
            variant="outline"
            disabled={busy}
            aria-busy={busy}
            aria-label={busy ? undefined : 'Apply gift card'}
            className="shrink-0"
          >
            {busy ? 'Checking...' : 'Apply'}
          </Button>
        </div>
      </form>
      <div aria-live="polite">
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
            {error}
          </p>
        )}
        {applied.length > 0 && (
          <ul className="mt-2 space-y-1 text-sm" aria-label="Gift cards applied">
            {applied.map((code) => {
              // The storefront's script budget: the last 4 read here, not through the shared module.
              const last4 = code.replace(/[\s-]/g, '').toUpperCase().slice(-4);
              const masked = `•••• ${last4}`;
              const pays = paying.find((p) => p.last4 === last4)?.pennies;
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
                    onClick={() => onChange(applied.filter((c) => c !== code))}
                  >
                    Remove gift card {masked}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}

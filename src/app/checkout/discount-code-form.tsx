import { useId, useState } from 'react';
import type { CartItem } from '~/app/cart/cart-store';
import { Button } from '~/app/components/ui/button';
import { Input } from '~/app/components/ui/input';
import type { Fulfilment } from '~/shared/orders/fulfilment';
import { CodeRefusedError, fetchQuote } from './checkout-quote';

/**
 * "Discount code" with Apply: the server checks the code against this basket; a refused code
 * leaves the order as it was and says why. One code per order: applying another replaces it.
 */
export function DiscountCodeForm({
  items,
  fulfilment,
  applied,
  onApplied,
}: {
  items: CartItem[];
  fulfilment: Fulfilment;
  applied: string | null;
  onApplied: (code: string | null) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function apply(e: React.FormEvent) {
    e.preventDefault();
    if (!text.trim()) return setError('Enter a discount code');
    setBusy(true);
    try {
      const quote = await fetchQuote(items, text, fulfilment);
      setError(null);
      setText('');
      onApplied(quote.discount?.code ?? null);
    } catch (err) {
      setError(
        err instanceof CodeRefusedError ? err.message : 'Could not check that code. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-4 border-t border-crumb pt-4">
      <form onSubmit={apply} noValidate>
        <label htmlFor={`${id}-code`} className="mb-1 block text-sm font-medium">
          Discount code
        </label>
        <div className="flex gap-2">
          <Input
            id={`${id}-code`}
            name="discount_code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={60}
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="uppercase placeholder:normal-case"
          />
          <Button type="submit" variant="outline" disabled={busy} aria-busy={busy} className="shrink-0">
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
        {applied && (
          <p className="mt-2 flex items-center justify-between gap-2 text-sm">
            <span>
              Code <strong>{applied}</strong> applied
            </span>
            <Button type="button" variant="ghost" size="sm" onClick={() => onApplied(null)}>
              Remove code
            </Button>
          </p>
        )}
      </div>
    </div>
  );
}

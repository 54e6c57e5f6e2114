import { cn } from '~/app/components/ui/cn';
import { formatPence } from '~/shared/money/money';
import type { Fulfilment } from '~/shared/orders/fulfilment';
import type { CheckoutQuote } from '~/shared/schemas/checkout';

/** Where and when customers collect, as the owner set it in Settings. */
export interface CollectionPoint {
  address: string;
  hours: string;
}

/**
 * "Deliver" or "Collect from the bakery": a native radio group, shown only while the owner offers
 * collection. Collection is free and needs no address; the bakery's address and hours are shown.
 */
export function FulfilmentChoice({
  value,
  onChange,
  collection,
  deliveryHint,
}: {
  value: Fulfilment;
  onChange: (f: Fulfilment) => void;
  collection: CollectionPoint;
  /** What delivery costs, e.g. "£4.99, free on orders of £30.00 or more". */
  deliveryHint: string;
}) {
  const options = [
    { id: 'delivery' as const, label: 'Deliver', hint: [deliveryHint] },
    {
      id: 'collection' as const,
      label: 'Collect from the bakery',
      hint: [`Free. ${collection.address}`, collection.hours],
    },
  ];
  return (
    <fieldset className="mt-6">
      <legend className="mb-3 text-lg font-semibold">Delivery or collection</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((o) => (
          <label
            key={o.id}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-md border border-cocoa/30 bg-white px-3 py-2.5',
              'hover:border-caramel-dark has-[:checked]:border-caramel-dark has-[:checked]:bg-dough has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-caramel-dark',
            )}
          >
            <input
              type="radio"
              name="fulfilment"
              value={o.id}
              checked={value === o.id}
              onChange={() => onChange(o.id)}
              aria-describedby={`fulfilment-${o.id}-hint`}
              className="mt-1 size-4 shrink-0 accent-caramel-dark"
            />
            <span className="min-w-0">
              <span className="block font-medium">{o.label}</span>
              <span id={`fulfilment-${o.id}-hint`} className="block text-sm">
                {o.hint.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * "Add £x.xx more for free delivery" below the owner's threshold, "Free delivery" at or above it,
 * from the server's quote (nothing until it answers, nothing when delivery is simply charged).
 */
export function FreeDeliveryNote({ quote, className }: { quote: CheckoutQuote | null; className?: string }) {
  // The server's words first: a postcode it does not deliver to, or the zone's minimum.
  const text = !quote
    ? null
    : quote.delivery_note ||
      (quote.free_delivery_shortfall_pennies
        ? `Add ${formatPence(quote.free_delivery_shortfall_pennies)} more for free delivery`
        : quote.delivery_pennies === 0
          ? 'Free delivery'
          : null);
  // Always rendered, so screen readers hear the change when the basket crosses the threshold.
  return (
    <p role="status" className={cn('text-sm font-medium text-green-900', !text && 'sr-only', className)}>
      {text}
    </p>
  );
}

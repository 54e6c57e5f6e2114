import { Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { type CartItem, cartTotalPence, lineId, useCart, useCartStore } from '~/app/cart/cart-store';
import { CartLoading, EmptyCart } from '~/app/cart/empty-cart';
import { useQuote } from '~/app/checkout/checkout-quote';
import { FreeDeliveryNote } from '~/app/checkout/fulfilment-choice';
import { BoxContentsList } from '~/app/components/boxes/box-contents';
import { PostcodeChecker } from '~/app/components/delivery/postcode-checker';
import { ProductImage } from '~/app/components/product-image';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { QuantityStepper } from '~/app/components/ui/quantity-stepper';
import { photoHashIn } from '~/app/images/product-image';
import { pageMeta } from '~/app/seo/meta';
import { formatPence } from '~/shared/money/money';
import type { Route } from './+types/cart';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Shopping Cart',
    description: 'Review the handmade cookies in your cart before checking out.',
    noIndex: true,
  });

/** The basket lives in the browser (localStorage), so this page fills in after hydration. */
export default function CartPage() {
  const { items, ready } = useCart();
  return (
    <main className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-12">
      <h1 className="mb-8 text-4xl font-bold">Shopping Cart</h1>
      {!ready ? <CartLoading /> : items.length === 0 ? <EmptyCart /> : <CartContents items={items} />}
    </main>
  );
}

function CartContents({ items }: { items: CartItem[] }) {
  const subtotal = cartTotalPence(items);
  // Delivery stays "Calculated at checkout" (docs/rules/shop-pages.md); the server says how far free delivery is.
  const quote = useQuote({ items, discountCode: null, fulfilment: 'delivery', delayMs: 300 });
  // Gift cards go by e-mail (decision 047): a basket of only cards has no delivery to check or price.
  const onlyCards = items.every((item) => item.gift_card);
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
      <ul className="flex flex-col gap-4" aria-label="Items in your cart">
        {items.map((item) => (
          <li key={lineId(item)}>
            <CartLine item={item} />
          </li>
        ))}
      </ul>
      <Card className="h-fit p-6 lg:sticky lg:top-24">
        <h2 className="mb-4 text-2xl font-bold">Order Summary</h2>
        <dl className="space-y-3">
          <div className="flex justify-between gap-4">
            <dt>Subtotal</dt>
            <dd className="font-medium">{formatPence(subtotal)}</dd>
          </div>
          {!onlyCards && (
            <div className="flex justify-between gap-4">
              <dt>Delivery</dt>
              <dd className="text-right text-cocoa-light">Calculated at checkout</dd>
            </div>
          )}
          <div className="flex justify-between gap-4 border-t border-crumb pt-3 text-lg font-bold">
            <dt>Total</dt>
            <dd>{formatPence(subtotal)}</dd>
          </div>
        </dl>
        {onlyCards ? (
          <p className="mt-3 text-sm text-cocoa-light">Gift cards are sent by e-mail: no delivery to pay.</p>
        ) : (
          <>
            <FreeDeliveryNote quote={quote} className="mt-3" />
            <PostcodeChecker />
          </>
        )}
        <div className="mt-6 flex flex-col gap-3">
          <Button asChild size="lg">
            <Link to="/checkout">Proceed to Checkout</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/shop">Continue Shopping</Link>
          </Button>
        </div>
        <p className="mt-4 text-center text-sm text-cocoa-light">
          <Link to="/gift-cards/buy" className="font-medium text-caramel-dark underline underline-offset-4">
            Buy a gift card
          </Link>
          {!onlyCards && ': gift cards are paid for on an order of their own.'}
        </p>
      </Card>
    </div>
  );
}

function CartLine({ item }: { item: CartItem }) {
  const updateQuantity = useCartStore((s) => s.updateQuantity);
  const removeItem = useCartStore((s) => s.removeItem);
  return (
    <Card className="flex gap-4 p-4">
      {/* An uploaded photo by its hash; else drawn from the name, not the saved photo_url, so a cart saved before a redeploy keeps its pictures. */}
      <div className="size-20 shrink-0 overflow-hidden rounded-md sm:size-24">
        <ProductImage name={item.name} photo={photoHashIn(item.photo_url)} alt="" sizes="96px" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h2 className="text-lg leading-snug font-bold">
            <Link
              to={item.gift_card ? '/gift-cards/buy' : `/product/${item.id}`}
              className="rounded-sm hover:text-caramel-dark hover:underline"
            >
              {item.name}
            </Link>
          </h2>
          {item.box && <BoxContentsList contents={item.box.contents} />}
          <p className="text-cocoa-light">{formatPence(item.price_pennies)} each</p>
        </div>
        <div className="flex items-center justify-between gap-3">
          <QuantityStepper
            value={item.quantity}
            onChange={(quantity) => updateQuantity(lineId(item), quantity)}
            label={item.name}
          />
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Remove ${item.name}`}
            onClick={() => removeItem(lineId(item))}
            className="text-red-700 hover:bg-red-50"
          >
            <Trash2 aria-hidden className="size-5" />
          </Button>
        </div>
      </div>
    </Card>
  );
}

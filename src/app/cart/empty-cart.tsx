import { ShoppingBasket } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '~/app/components/ui/button';

/** The empty basket (/cart, docs/rules/shop-pages.md), also shown by /checkout when there is nothing to pay for. */
export function EmptyCart() {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center px-4 py-12 text-center">
      <ShoppingBasket aria-hidden className="mb-4 size-16 text-caramel" />
      <h2 className="mb-2 text-2xl font-bold">Your Cart is Empty</h2>
      <p className="mb-6 text-cocoa-light">Add some delicious cookies to get started!</p>
      <Button asChild>
        <Link to="/shop">Continue Shopping</Link>
      </Button>
    </section>
  );
}

/** Shown until the saved cart has been read in the browser: neither "empty" nor a stale total. */
export function CartLoading() {
  return (
    <div role="status" className="flex flex-col gap-4 py-8" aria-live="polite">
      <span className="sr-only">Loading your cart...</span>
      {[0, 1].map((i) => (
        <div
          key={i}
          aria-hidden
          className="flex items-center gap-4 rounded-lg border border-crumb bg-white p-4"
        >
          <div className="size-20 shrink-0 animate-pulse rounded-md bg-dough motion-reduce:animate-none" />
          <div className="flex-1 space-y-2">
            <div className="h-4 w-1/2 animate-pulse rounded bg-dough motion-reduce:animate-none" />
            <div className="h-4 w-1/4 animate-pulse rounded bg-dough motion-reduce:animate-none" />
          </div>
        </div>
      ))}
    </div>
  );
}

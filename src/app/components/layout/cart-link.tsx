import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import { cartCount, useCart } from '~/app/cart/cart-store';
import { cn } from '~/app/components/ui/cn';

/**
 * The header's cart icon. The badge (total quantity) appears only once the saved cart has been
 * read in the browser, so the server's HTML and the first client render agree.
 */
export function CartLink({ className }: { className?: string }) {
  const { items, ready } = useCart();
  const count = ready ? cartCount(items) : 0;
  const label = count > 0 ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Cart';
  return (
    <Link
      to="/cart"
      aria-label={label}
      className={cn(
        'relative inline-flex size-11 items-center justify-center rounded-md text-cocoa hover:bg-dough',
        className,
      )}
    >
      <ShoppingCart aria-hidden className="size-6" />
      {count > 0 && (
        <span className="absolute top-0.5 right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-caramel-dark px-1 text-xs leading-none font-bold text-white">
          {count}
        </span>
      )}
    </Link>
  );
}

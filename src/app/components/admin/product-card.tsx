import { History, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { ProductImage } from '~/app/components/product-image';
import { Button } from '~/app/components/ui/button';
import { Badge, Card } from '~/app/components/ui/card';
import { cn } from '~/app/components/ui/cn';
import { ConfirmDialog } from '~/app/components/ui/confirm-dialog';
import { type PageActionResult, useActionToast } from '~/app/toast/use-action-toast';
import type { ProductDto } from '~/server/catalog/catalog-service';
import { allergensWith } from '~/shared/food-information';
import { formatPence } from '~/shared/money/money';

export const PRODUCT_CARD_TOASTS = {
  delete: { success: 'Product deleted', failure: 'Failed to delete product' },
};

/** A product in the admin grid, with Edit, its own Activity and a confirmed Delete. */
export function ProductCard({ product, onEdit }: { product: ProductDto; onEdit: () => void }) {
  const fetcher = useFetcher<PageActionResult>();
  const [confirming, setConfirming] = useState(false);
  useActionToast(fetcher, PRODUCT_CARD_TOASTS, () => setConfirming(false));
  const deleting = fetcher.state !== 'idle';
  const heading = `product-${product.id}`;
  const mayContain = allergensWith(product.allergen_info, 'may_contain');

  return (
    <Card className="flex h-full flex-col p-5">
      <article aria-labelledby={heading} className="flex flex-1 flex-col">
        <div className="flex items-start gap-3">
          {/* The square the shop shows, so a badly cropped photo is seen from the list. */}
          <div className="size-20 shrink-0 overflow-hidden rounded-md border border-crumb">
            <ProductImage
              name={product.name}
              photo={product.photo}
              alt={
                product.photo
                  ? `${product.name}: your upload`
                  : `${product.name}: the drawn cookie (no upload yet)`
              }
              sizes="80px"
            />
          </div>
          <div className="min-w-0 flex-1">
            <div className="flex items-start justify-between gap-3">
              <h2 id={heading} className="font-sans text-lg font-semibold break-words">
                {product.name}
              </h2>
              <Badge
                className={cn(
                  'shrink-0',
                  product.is_active ? 'bg-green-100 text-green-900' : 'bg-stone-200 text-stone-800',
                )}
              >
                {product.is_active ? 'Active' : 'Inactive'}
              </Badge>
            </div>
            <p className="mt-1 text-xl font-bold text-caramel-dark">{formatPence(product.price_pennies)}</p>
          </div>
        </div>
        {product.description && (
          <p className="mt-2 line-clamp-3 text-sm text-cocoa-light">{product.description}</p>
        )}
        {product.allergens.length > 0 && (
          <div className="mt-3">
            <h3 className="sr-only">Allergens</h3>
            <ul className="flex flex-wrap gap-1.5" aria-label={`Allergens in ${product.name}`}>
              {product.allergens.map((a) => (
                <li key={a}>
                  <Badge>{a}</Badge>
                </li>
              ))}
            </ul>
          </div>
        )}
        {mayContain.length > 0 && (
          <p className="mt-2 text-sm">
            <span className="font-medium">May contain:</span> {mayContain.join(', ')}.
          </p>
        )}
        <div className="mt-auto flex gap-2 pt-4">
          <Button variant="outline" size="sm" onClick={onEdit}>
            <Pencil aria-hidden className="size-4" />
            Edit<span className="sr-only"> {product.name}</span>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to={`/admin/activity?record=product:${product.id}`}>
              <History aria-hidden className="size-4" />
              Activity<span className="sr-only"> of {product.name}</span>
            </Link>
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            busy={deleting}
            trigger={
              <Button variant="outline" size="sm" className="text-red-800">
                <Trash2 aria-hidden className="size-4" />
                Delete<span className="sr-only"> {product.name}</span>
              </Button>
            }
            title="Are you sure you want to delete this product?"
            description={`${product.name} will be removed from the shop. Past orders keep their items and prices.`}
            keep="Cancel"
            confirm={deleting ? 'Deleting...' : 'Delete'}
            onConfirm={() =>
              fetcher.submit(
                { intent: 'delete', id: product.id },
                { method: 'post', encType: 'application/json' },
              )
            }
          />
        </div>
      </article>
    </Card>
  );
}

import { Package } from 'lucide-react';
import { data } from 'react-router';
import { EmptyState, LoadError } from '~/app/components/admin/load-error';
import { PRODUCT_CARD_TOASTS, ProductCard } from '~/app/components/admin/product-card';
import { ProductFormDialog } from '~/app/components/admin/product-form-dialog';
import { useEditDialog } from '~/app/components/admin/use-edit-dialog';
import { pageMeta } from '~/app/seo/meta';
import { requireAdminPage } from '~/app/server/guards.server';
import { loadOrNull, runPageAction } from '~/app/server/page-action.server';
import { toastWhenAnswered } from '~/app/toast/use-action-toast';
import type { AdminProductDto } from '~/server/catalog/product-writes';
import type { Logger } from '~/server/logger';
import type { Route } from './+types/products';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Products', description: 'Add, edit and remove products.', noIndex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const { admin, recipes } = context.services;
  const [products, costs] = await Promise.all([
    loadOrNull(context, 'products', () => admin.products.list()),
    loadOrNull(context, 'recipe costs', () => recipes.costsPerCookie()),
  ]);
  return { products, costs: costs ?? {} };
}

/**
 * The product form posts multipart (`intent`, `id`, `product` as JSON, optional `photo` file with
 * its `photo_crop` as JSON, `recrop_photo` with `photo_crop` to place the kept photo's square
 * again, and `remove_photo`); the cards post JSON `{ intent: 'delete', id }`.
 */
async function readAction(request: Request, log: Pick<Logger, 'warn'>) {
  if ((request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) {
    const form = await request.formData().catch(() => null);
    const photo = form?.get('photo');
    let product: unknown = null;
    try {
      product = JSON.parse(String(form?.get('product') ?? 'null'));
    } catch (err) {
      // Left null, so the product's schema answers the owner with a 400; the log keeps the cause.
      log.warn({ err }, 'product form: the product field is not JSON');
    }
    return {
      intent: form?.get('intent'),
      id: form?.get('id'),
      product,
      photoChange:
        photo instanceof File && photo.size > 0
          ? { upload: new Uint8Array(await photo.arrayBuffer()), crop: form?.get('photo_crop') ?? undefined }
          : form?.get('recrop_photo') === 'true'
            ? { recrop: form.get('photo_crop') }
            : form?.get('remove_photo') === 'true'
              ? ('remove' as const)
              : undefined,
    };
  }
  const body: unknown = await request.json().catch(() => null);
  return { ...(typeof body === 'object' && body !== null ? body : {}), photoChange: undefined } as Record<
    string,
    unknown
  > & { photoChange: undefined };
}

/** A deleted product's card is gone by the time its own effect would toast. */
export const clientAction = toastWhenAnswered(PRODUCT_CARD_TOASTS);

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminPage(request, context);
  const { intent, id, product, photoChange } = await readAction(request, context.services.log);
  const products = context.services.admin.products;
  const productId = typeof id === 'string' ? id : '';
  switch (intent) {
    case 'create':
      return runPageAction(context, intent, () => products.create(product, photoChange));
    case 'update':
      return runPageAction(context, intent, () => products.update(productId, product, photoChange));
    case 'delete':
      return runPageAction(context, intent, () => products.remove(productId));
    default:
      return data({ ok: false as const, intent: String(intent), error: 'Unknown action' }, { status: 400 });
  }
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const { products, costs } = loaderData;
  // What a box may hold: loose cookies in the shop (not boxes, not gift cards).
  const cookies = (products ?? [])
    .filter((p) => p.kind === 'cookie' && !p.box_rules && p.is_active)
    .map((p) => ({ id: p.id, name: p.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const dialog = useEditDialog<AdminProductDto>();

  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-8">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">Products</h1>
        {products && products.length > 0 && dialog.addButton('Add Product')}
      </div>
      {!products ? (
        <LoadError message="Failed to load products" />
      ) : products.length === 0 ? (
        <EmptyState icon={<Package aria-hidden />} title="No products yet">
          <div className="mt-4">{dialog.addButton('Add Your First Product')}</div>
        </EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {products.map((p) => (
            <li key={p.id}>
              <ProductCard product={p} onEdit={() => dialog.edit(p)} />
            </li>
          ))}
        </ul>
      )}
      <ProductFormDialog
        open={dialog.open}
        product={dialog.item}
        cookies={cookies}
        costPennies={dialog.item ? costs[dialog.item.id] : undefined}
        onClose={dialog.close}
      />
    </main>
  );
}

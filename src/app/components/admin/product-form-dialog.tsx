import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { type FieldError, useForm } from 'react-hook-form';
import { useFetcher } from 'react-router';
import { Button } from '~/app/components/ui/button';
import { Input, Label, Textarea } from '~/app/components/ui/input';
import type { ProductDto } from '~/server/catalog/catalog-service';
import { formatPence } from '~/shared/money';
import {
  nutritionToLines,
  type ProductData,
  ProductFormSchema,
  type ProductFormValues,
} from '~/shared/schemas/product';
import { Dialog, DialogContent } from './dialog';
import { type AdminActionResult, useActionToast } from './use-action-toast';

const TOASTS = {
  create: { success: 'Product created', failure: 'Failed to save product' },
  update: { success: 'Product updated', failure: 'Failed to save product' },
};

const valuesOf = (p: ProductDto | null): ProductFormValues => ({
  name: p?.name ?? '',
  description: p?.description ?? '',
  price: p ? String(p.price_pennies) : '',
  allergens: p?.allergens.join(', ') ?? '',
  is_active: p?.is_active ?? true,
  nutrition: p ? nutritionToLines(p.nutrition) : '',
});

/**
 * The one form for adding and editing a product (in a dialog). It checks with the same schema
 * as the server, then sends the product to the page's action.
 */
export function ProductFormDialog({
  open,
  product,
  onClose,
}: {
  open: boolean;
  /** The product being edited, or null to add one. */
  product: ProductDto | null;
  onClose: () => void;
}) {
  const fetcher = useFetcher<AdminActionResult>();
  useActionToast(fetcher, TOASTS, onClose);
  const form = useForm<ProductFormValues, unknown, ProductData>({
    resolver: zodResolver(ProductFormSchema),
    defaultValues: valuesOf(product),
  });
  const { register, handleSubmit, reset, watch, formState } = form;
  const { errors } = formState;

  useEffect(() => {
    if (open) reset(valuesOf(product));
  }, [open, product, reset]);

  const saving = fetcher.state !== 'idle';
  const onSubmit = handleSubmit((data) => {
    const fields = { ...data, nutrition: data.nutrition ?? {} };
    const body = { intent: product ? 'update' : 'create', id: product?.id ?? null, product: fields };
    fetcher.submit(body, { method: 'post', encType: 'application/json' });
  });
  const price = watch('price');
  const pricePreview = /^\d+$/.test(price.trim()) ? formatPence(Number(price)) : null;

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !saving && onClose()}>
      <DialogContent title={product ? 'Edit Product' : 'Add Product'}>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <Field id="product-name" label="Name" error={errors.name}>
            <Input
              id="product-name"
              autoComplete="off"
              {...aria('product-name', errors.name)}
              {...register('name')}
            />
          </Field>
          <Field id="product-description" label="Description" error={errors.description}>
            <Textarea
              id="product-description"
              className="min-h-24"
              {...aria('product-description', errors.description)}
              {...register('description')}
            />
          </Field>
          <Field
            id="product-price"
            label="Price (pence)"
            hint={pricePreview ? `${pricePreview} per cookie` : 'A whole number, e.g. 450 for £4.50'}
            error={errors.price}
          >
            <Input
              id="product-price"
              inputMode="numeric"
              autoComplete="off"
              {...aria('product-price', errors.price, true)}
              {...register('price')}
            />
          </Field>
          <Field
            id="product-allergens"
            label="Allergens"
            hint="Separate with commas, e.g. Milk, Eggs"
            error={errors.allergens}
          >
            <Input
              id="product-allergens"
              autoComplete="off"
              {...aria('product-allergens', errors.allergens, true)}
              {...register('allergens')}
            />
          </Field>
          <Field
            id="product-nutrition"
            label="Nutrition (optional)"
            hint='One per line, e.g. "Energy: 210 kcal"'
            error={errors.nutrition}
          >
            <Textarea
              id="product-nutrition"
              className="min-h-24"
              {...aria('product-nutrition', errors.nutrition, true)}
              {...register('nutrition')}
            />
          </Field>
          <div className="flex items-center gap-3">
            <input
              id="product-active"
              type="checkbox"
              className="size-5 accent-caramel-dark"
              {...register('is_active')}
            />
            <Label htmlFor="product-active" className="mb-0">
              Active (shown in the shop)
            </Label>
          </div>
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : product ? 'Save Changes' : 'Add Product'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

const aria = (id: string, error: FieldError | undefined, hint = false) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined,
});

function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: FieldError;
  children: React.ReactNode;
}) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-cocoa-light">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error.message}
        </p>
      )}
    </div>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useFetcher } from 'react-router';
import { Button } from '~/app/components/ui/button';
import { aria, Checkbox, Field } from '~/app/components/ui/field';
import { Input, Textarea } from '~/app/components/ui/input';
import { type PageActionResult, useActionToast } from '~/app/toast/use-action-toast';
import type { AdminProductDto } from '~/server/catalog/product-writes';
import { DEFAULT_SHELF_LIFE_DAYS } from '~/shared/food-information';
import { formatPence } from '~/shared/money/money';
import { parsePounds, poundsInput } from '~/shared/money/pounds';
import { costAndMargin } from '~/shared/recipes/recipe';
import {
  nutritionToLines,
  type ProductData,
  ProductFormSchema,
  type ProductFormValues,
} from '~/shared/schemas/product';
import { Dialog, DialogContent } from './dialog';
import { type BoxCookieOption, BoxFields } from './product-box-fields';
import { AllergenFields, FoodFields } from './product-food-fields';
import { LimitFields } from './product-limit-fields';
import { NO_PHOTO_CHANGE, type PhotoChoice, ProductPhotoField } from './product-photo-field';

const TOASTS = {
  create: { success: 'Product created', failure: 'Failed to save product' },
  update: { success: 'Product updated', failure: 'Failed to save product' },
};

const boxValuesOf = (rules: AdminProductDto['box_rules'] | undefined): ProductFormValues['box'] => ({
  on: !!rules,
  size: rules ? String(rules.size) : '',
  mode: rules?.fixed ? 'fixed' : 'choice',
  every: !rules?.allowed_product_ids,
  allowed_product_ids: Object.fromEntries((rules?.allowed_product_ids ?? []).map((id) => [id, true])),
  fixed: Object.fromEntries((rules?.fixed ?? []).map((e) => [e.product_id, String(e.quantity)])),
});

const valuesOf = (p: AdminProductDto | null): ProductFormValues => ({
  name: p?.name ?? '',
  description: p?.description ?? '',
  price: p ? poundsInput(p.price_pennies) : '',
  ingredients: p?.ingredients ?? '',
  allergen_info: { ...(p?.allergen_info ?? {}) },
  net_weight: p?.net_weight_grams ? String(p.net_weight_grams) : '',
  shelf_life: String(p?.shelf_life_days ?? DEFAULT_SHELF_LIFE_DAYS),
  storage_advice: p?.storage_advice ?? '',
  chocolate_covered: p?.chocolate_covered ?? false,
  vat_rate: String(p?.vat_rate ?? 0),
  is_active: p?.is_active ?? true,
  sold_out: p?.sold_out ?? false,
  on_sale_from: p?.on_sale_from ?? '',
  on_sale_until: p?.on_sale_until ?? '',
  deliver_from: p?.deliver_from ?? '',
  deliver_until: p?.deliver_until ?? '',
  lead_days: p?.lead_days ? String(p.lead_days) : '',
  daily_limit: p?.daily_limit ? String(p.daily_limit) : '',
  nutrition: p ? nutritionToLines(p.nutrition) : '',
  box: boxValuesOf(p?.box_rules),
});

/**
 * The one form for adding and editing a product (in a dialog). It checks with the same schema
 * as the server, then sends the product (and any photo) to the page's action as one form.
 */
export function ProductFormDialog({
  open,
  product,
  cookies,
  costPennies,
  onClose,
}: {
  open: boolean;
  /** The product being edited, or null to add one. */
  product: AdminProductDto | null;
  /** The cookies a box may hold (loose and active). */
  cookies: readonly BoxCookieOption[];
  /** Its ingredient cost per cookie from its recipe, when every ingredient has a price. */
  costPennies?: number;
  onClose: () => void;
}) {
  const fetcher = useFetcher<PageActionResult>();
  useActionToast(fetcher, TOASTS, onClose);
  const form = useForm<ProductFormValues, unknown, ProductData>({
    resolver: zodResolver(ProductFormSchema),
    defaultValues: valuesOf(product),
  });
  const { register, handleSubmit, reset, watch, formState } = form;
  const { errors } = formState;
  const [photo, setPhoto] = useState<PhotoChoice>(NO_PHOTO_CHANGE);
  const [photoError, setPhotoError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    reset(valuesOf(product));
    setPhoto(NO_PHOTO_CHANGE);
    setPhotoError(null);
  }, [open, product, reset]);

  const saving = fetcher.state !== 'idle';
  const onSubmit = handleSubmit((data) => {
    if (photoError) return;
    const body = new FormData();
    body.set('intent', product ? 'update' : 'create');
    if (product) body.set('id', product.id);
    body.set('product', JSON.stringify({ ...data, nutrition: data.nutrition ?? {} }));
    if (photo.file) {
      body.set('photo', photo.file);
      body.set('photo_crop', JSON.stringify(photo.crop));
    } else if (photo.recrop) {
      body.set('recrop_photo', 'true');
      body.set('photo_crop', JSON.stringify(photo.crop));
    }
    if (photo.remove) body.set('remove_photo', 'true');
    fetcher.submit(body, { method: 'post', encType: 'multipart/form-data' });
  });
  const price = watch('price');
  const pence = parsePounds(price);
  const pricePreview = pence ? formatPence(pence) : null;
  const isBox = watch('box.on');

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !saving && onClose()}>
      <DialogContent title={product ? 'Edit Product' : 'Add Product'} className="max-w-2xl">
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
            label="Price (£)"
            hint={[
              pricePreview
                ? `${pricePreview} per ${isBox ? 'box' : 'cookie'}`
                : 'In pounds and pence, e.g. 4.50',
              costPennies !== undefined && costAndMargin(costPennies, pence),
            ]
              .filter(Boolean)
              .join('. ')}
            error={errors.price}
          >
            <Input
              id="product-price"
              inputMode="decimal"
              autoComplete="off"
              {...aria('product-price', errors.price, true)}
              {...register('price')}
            />
          </Field>
          <ProductPhotoField
            productId={product?.id ?? null}
            current={product?.photo ?? null}
            choice={photo}
            error={photoError}
            onChange={(choice, error) => {
              setPhoto(choice);
              setPhotoError(error);
            }}
          />
          <BoxFields form={form} cookies={cookies.filter((c) => c.id !== product?.id)} />
          <FoodFields form={form} />
          {!isBox && <AllergenFields form={form} />}
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
          <Checkbox id="product-active" label="Active (shown in the shop)" {...register('is_active')} />
          <Checkbox
            id="product-sold-out"
            label="Sold out (shown, but cannot be bought)"
            {...register('sold_out')}
          />
          <LimitFields form={form} />
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

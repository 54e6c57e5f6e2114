import type { FieldError, UseFormReturn } from 'react-hook-form';
import { aria, Field } from '~/app/components/ui/field';
import { Input, Label, Select, Textarea } from '~/app/components/ui/input';
import {
  ALLERGEN_STATUS_LABELS,
  ALLERGEN_STATUSES,
  ALLERGENS,
  vatRateForChocolate,
} from '~/shared/food-information';
import type { ProductData, ProductFormValues } from '~/shared/schemas/product';

type Form = UseFormReturn<ProductFormValues, unknown, ProductData>;

/** The 14 allergens, one choice each; "Not assessed" is allowed only while the product is a draft. */
export function AllergenFields({ form }: { form: Form }) {
  const { register, setValue, getValues, formState } = form;
  const error = formState.errors.allergen_info as FieldError | undefined;
  const markRestFreeFrom = () => {
    for (const { key } of ALLERGENS) {
      if (!getValues(`allergen_info.${key}`))
        setValue(`allergen_info.${key}`, 'free_from', { shouldDirty: true });
    }
  };
  return (
    <fieldset aria-describedby={error ? 'product-allergens-error' : 'product-allergens-hint'}>
      <legend className="mb-1 text-sm font-medium text-cocoa">Allergens (the 14 UK allergens)</legend>
      <p id="product-allergens-hint" className="mb-2 text-sm text-cocoa-light">
        All 14 must be assessed before the product can be active.
      </p>
      <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
        {ALLERGENS.map(({ key, label }) => (
          <div key={key}>
            <Label htmlFor={`allergen-${key}`} className="mb-0.5 text-xs">
              {label}
            </Label>
            <Select id={`allergen-${key}`} className="h-9 text-sm" {...register(`allergen_info.${key}`)}>
              <option value="">Not assessed</option>
              {ALLERGEN_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {ALLERGEN_STATUS_LABELS[s]}
                </option>
              ))}
            </Select>
          </div>
        ))}
      </div>
      <button
        type="button"
        onClick={markRestFreeFrom}
        className="mt-2 text-sm font-medium text-caramel-dark underline underline-offset-4"
      >
        Mark the rest "Free from"
      </button>
      {error && (
        <p id="product-allergens-error" role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error.message}
        </p>
      )}
    </fieldset>
  );
}

/** Ingredients, weight, keeping and VAT. */
export function FoodFields({ form }: { form: Form }) {
  const { register, setValue, formState } = form;
  const { errors } = formState;
  const chocolate = register('chocolate_covered');
  return (
    <>
      <Field
        id="product-ingredients"
        label="Ingredients"
        hint="Mark allergens with asterisks, e.g. *wheat* flour, *butter* (*milk*): they are shown in bold."
        error={errors.ingredients}
      >
        <Textarea
          id="product-ingredients"
          className="min-h-24"
          {...aria('product-ingredients', errors.ingredients, true)}
          {...register('ingredients')}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="product-net-weight" label="Net weight (g)" error={errors.net_weight}>
          <Input
            id="product-net-weight"
            inputMode="numeric"
            autoComplete="off"
            {...aria('product-net-weight', errors.net_weight)}
            {...register('net_weight')}
          />
        </Field>
        <Field id="product-shelf-life" label="Shelf life (days)" error={errors.shelf_life}>
          <Input
            id="product-shelf-life"
            inputMode="numeric"
            autoComplete="off"
            {...aria('product-shelf-life', errors.shelf_life)}
            {...register('shelf_life')}
          />
        </Field>
      </div>
      <Field id="product-storage" label="Storage advice" error={errors.storage_advice}>
        <Input
          id="product-storage"
          autoComplete="off"
          {...aria('product-storage', errors.storage_advice)}
          {...register('storage_advice')}
        />
      </Field>
      <div className="flex items-start gap-3">
        <input
          id="product-chocolate"
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 accent-caramel-dark"
          {...chocolate}
          onChange={(e) => {
            void chocolate.onChange(e);
            // HMRC VAT Notice 701/14: covered in chocolate is standard-rated, otherwise zero-rated.
            setValue('vat_rate', String(vatRateForChocolate(e.target.checked)), { shouldDirty: true });
          }}
        />
        <Label htmlFor="product-chocolate" className="mb-0">
          Is it wholly or partly covered in chocolate?
        </Label>
      </div>
      <Field
        id="product-vat"
        label="VAT rate"
        hint="Set by the chocolate answer (HMRC VAT Notice 701/14); change it if your accountant says otherwise."
        error={errors.vat_rate}
      >
        <Select id="product-vat" {...aria('product-vat', errors.vat_rate, true)} {...register('vat_rate')}>
          <option value="0">0% (zero-rated)</option>
          <option value="5">5% (reduced rate)</option>
          <option value="20">20% (standard rate)</option>
        </Select>
      </Field>
    </>
  );
}

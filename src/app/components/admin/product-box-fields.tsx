import type { UseFormReturn } from 'react-hook-form';
import { aria, Checkbox, Field } from '~/app/components/ui/field';
import { Input } from '~/app/components/ui/input';
import type { ProductData, ProductFormValues } from '~/shared/schemas/product';

type Form = UseFormReturn<ProductFormValues, unknown, ProductData>;

/** A cookie the owner may put in a box: a loose, active cookie. */
export interface BoxCookieOption {
  id: string;
  name: string;
}

/**
 * The error of a group keyed by cookie id: react-hook-form files it under `root` when an id
 * starts with a digit (it takes the group for a field array).
 */
const errorText = (error: unknown) => {
  const e = error as { message?: string; root?: { message?: string } } | undefined;
  return e?.message ?? e?.root?.message;
};

function FieldError({ id, error }: { id: string; error: unknown }) {
  const message = errorText(error);
  return message ? (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {message}
    </p>
  ) : null;
}

/**
 * A box of cookies (decision 042): its size, and either the cookies the customer may choose
 * from (every active cookie unless narrowed) or a fixed assortment with a count per cookie. The
 * server checks every cookie again and computes the box's allergens from them.
 */
export function BoxFields({ form, cookies }: { form: Form; cookies: readonly BoxCookieOption[] }) {
  const { register, watch, formState } = form;
  const errors = formState.errors.box;
  const box = watch('box');
  const size = Number(box.size) || 0;
  const inFixed = Object.values(box.fixed).reduce((n, v) => n + (Number(v) || 0), 0);
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 text-sm font-medium text-cocoa">Box of cookies (optional)</legend>
      <Checkbox id="product-box-on" label="This is a box of cookies" {...register('box.on')} />
      {box.on && (
        <>
          <p className="text-sm text-cocoa-light">
            Its allergens, shelf life and weight come from the cookies in it; the price above is the box's.
          </p>
          <Field
            id="product-box-size"
            label="Cookies in the box"
            hint="From 2 to 48, e.g. 6 or 12"
            error={errors?.size}
          >
            <Input
              id="product-box-size"
              inputMode="numeric"
              autoComplete="off"
              className="max-w-32"
              {...aria('product-box-size', errors?.size, true)}
              {...register('box.size')}
            />
          </Field>
          <div
            role="radiogroup"
            aria-label="What goes in the box"
            className="flex flex-col gap-2 sm:flex-row sm:gap-6"
          >
            {(
              [
                ['choice', 'The customer chooses'],
                ['fixed', 'A fixed assortment'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  value={value}
                  className="size-5 accent-caramel-dark"
                  {...register('box.mode')}
                />
                {label}
              </label>
            ))}
          </div>
          {box.mode === 'choice' ? (
            <div>
              <Checkbox id="product-box-every" label="Every active cookie" {...register('box.every')} />
              {!box.every && (
                <fieldset
                  className="mt-2 grid gap-2 sm:grid-cols-2"
                  aria-describedby={errors?.allowed_product_ids ? 'product-box-allowed-error' : undefined}
                >
                  <legend className="mb-1 text-sm">Cookies it may hold</legend>
                  {cookies.map((c) => (
                    <Checkbox
                      key={c.id}
                      id={`product-box-allow-${c.id}`}
                      label={c.name}
                      {...register(`box.allowed_product_ids.${c.id}`)}
                    />
                  ))}
                </fieldset>
              )}
              <FieldError id="product-box-allowed-error" error={errors?.allowed_product_ids} />
            </div>
          ) : (
            <fieldset aria-describedby="product-box-fixed-count">
              <legend className="mb-1 text-sm">How many of each</legend>
              <p id="product-box-fixed-count" className="mb-2 text-sm text-cocoa-light" aria-live="polite">
                {inFixed} of {size || '?'} in the assortment
              </p>
              <div className="grid gap-2 sm:grid-cols-2">
                {cookies.map((c) => (
                  <div key={c.id} className="flex items-center gap-2">
                    <Input
                      id={`product-box-fixed-${c.id}`}
                      inputMode="numeric"
                      autoComplete="off"
                      className="h-9 w-16"
                      {...register(`box.fixed.${c.id}`)}
                    />
                    <label htmlFor={`product-box-fixed-${c.id}`} className="text-sm">
                      {c.name}
                    </label>
                  </div>
                ))}
              </div>
              <FieldError id="product-box-fixed-error" error={errors?.fixed} />
            </fieldset>
          )}
        </>
      )}
    </fieldset>
  );
}

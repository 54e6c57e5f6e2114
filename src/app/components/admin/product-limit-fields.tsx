import type { UseFormReturn } from 'react-hook-form';
import { aria, Field } from '~/app/components/ui/field';
import { Input } from '~/app/components/ui/input';
import type { ProductData, ProductFormValues } from '~/shared/schemas/product';

type Form = UseFormReturn<ProductFormValues, unknown, ProductData>;
type Name = 'on_sale_from' | 'on_sale_until' | 'deliver_from' | 'deliver_until' | 'lead_days' | 'daily_limit';

const FIELDS: { name: Name; label: string; date?: boolean }[] = [
  { name: 'on_sale_from', label: 'On sale from', date: true },
  { name: 'on_sale_until', label: 'On sale until', date: true },
  { name: 'deliver_from', label: 'Delivered from', date: true },
  { name: 'deliver_until', label: 'Delivered until', date: true },
  { name: 'lead_days', label: 'Lead time (days)' },
  { name: 'daily_limit', label: 'Limit per bake day' },
];

/** Limited and seasonal (decision 043): every field may stay empty (no such rule). */
export function LimitFields({ form }: { form: Form }) {
  const { register, formState } = form;
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-cocoa">Limited or seasonal (optional)</legend>
      <p className="mb-2 text-sm text-cocoa-light">
        Leave empty for a product always on sale. Dates are inclusive; the limit counts units sold for one
        bake day, unpaid orders included until they expire.
      </p>
      <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
        {FIELDS.map(({ name, label, date }) => {
          const id = `product-${name.replaceAll('_', '-')}`;
          const error = formState.errors[name];
          return (
            <Field key={name} id={id} label={label} error={error}>
              <Input
                id={id}
                type={date ? 'date' : 'text'}
                inputMode={date ? undefined : 'numeric'}
                autoComplete="off"
                {...aria(id, error)}
                {...register(name)}
              />
            </Field>
          );
        })}
      </div>
    </fieldset>
  );
}

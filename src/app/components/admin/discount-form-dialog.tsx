import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { type FieldError, type Resolver, useForm } from 'react-hook-form';
import { useFetcher } from 'react-router';
import { Button } from '~/app/components/ui/button';
import { aria, Checkbox, Field } from '~/app/components/ui/field';
import { Input } from '~/app/components/ui/input';
import { type PageActionResult, useActionToast } from '~/app/toast/use-action-toast';
import {
  DISCOUNT_KIND_LABELS,
  DiscountCodeFormSchema,
  type DiscountCodeInput,
  type DiscountCodeView,
  MAX_CODE_LENGTH,
} from '~/shared/discounts/discount-code';
import { poundsInput } from '~/shared/money/pounds';
import { DISCOUNT_KINDS, type DiscountKind } from '~/shared/pricing/price-order';
import { Dialog, DialogContent } from './dialog';

const TOASTS = {
  create: { success: 'Discount code created', failure: 'Failed to save discount code' },
  update: { success: 'Discount code updated', failure: 'Failed to save discount code' },
};

/** The form as the owner types it; the server parses the same fields with the same schema. */
interface DiscountFormValues {
  code: string;
  kind: DiscountKind;
  percent: string;
  amount: string;
  min_subtotal: string;
  starts_on: string;
  ends_on: string;
  max_uses: string;
  once_per_customer: boolean;
  is_active: boolean;
}

const valuesOf = (c: DiscountCodeView | null): DiscountFormValues => ({
  code: c?.code ?? '',
  kind: c?.kind ?? 'percent',
  percent: c?.kind === 'percent' ? String(c.value) : '',
  amount: c?.kind === 'fixed' ? poundsInput(c.value) : '',
  min_subtotal: c?.min_subtotal_pennies ? poundsInput(c.min_subtotal_pennies) : '',
  starts_on: c?.starts_on ?? '',
  ends_on: c?.ends_on ?? '',
  max_uses: c?.max_uses ? String(c.max_uses) : '',
  once_per_customer: c?.once_per_customer ?? false,
  is_active: c?.is_active ?? true,
});

const DATES_HINT = 'discount-dates-hint';
/** A date field is described by its error and the hint both dates share. */
const datesAria = (id: string, error: FieldError | undefined) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error ${DATES_HINT}` : DATES_HINT,
});

/**
 * The one form for adding and editing a discount code (in a dialog). It checks with the same
 * schema as the server, then posts the fields as typed to the page's action, which parses them again.
 */
export function DiscountFormDialog({
  open,
  discount,
  onClose,
}: {
  open: boolean;
  /** The code being edited, or null to add one. */
  discount: DiscountCodeView | null;
  onClose: () => void;
}) {
  const fetcher = useFetcher<PageActionResult>();
  useActionToast(fetcher, TOASTS, onClose);
  const { register, handleSubmit, reset, watch, getValues, formState } = useForm<
    DiscountFormValues,
    unknown,
    DiscountCodeInput
  >({
    // The schema's preprocess steps type its input as unknown; the fields are these strings and booleans.
    resolver: zodResolver(DiscountCodeFormSchema) as Resolver<DiscountFormValues, unknown, DiscountCodeInput>,
    defaultValues: valuesOf(discount),
  });
  const { errors } = formState;

  useEffect(() => {
    if (open) reset(valuesOf(discount));
  }, [open, discount, reset]);

  const saving = fetcher.state !== 'idle';
  const kind = watch('kind');
  const onSubmit = handleSubmit(() => {
    const fields = Object.fromEntries(Object.entries(getValues()).map(([k, v]) => [k, String(v)]));
    if (discount) fetcher.submit({ ...fields, intent: 'update', id: discount.id }, { method: 'post' });
    else fetcher.submit({ ...fields, intent: 'create' }, { method: 'post' });
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !saving && onClose()}>
      <DialogContent title={discount ? 'Edit Discount Code' : 'Add Discount Code'} className="max-w-xl">
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <Field
            id="discount-code"
            label="Code"
            hint="Letters, digits and dashes. Customers may type it in any case."
            error={errors.code}
          >
            <Input
              id="discount-code"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={MAX_CODE_LENGTH}
              className="font-mono uppercase"
              {...aria('discount-code', errors.code, true)}
              {...register('code')}
            />
          </Field>

          <fieldset>
            <legend className="mb-1 text-sm font-medium">What it gives</legend>
            <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-x-5">
              {DISCOUNT_KINDS.map((k) => (
                <label key={k} className="flex min-h-11 items-center gap-2 sm:min-h-0">
                  <input
                    type="radio"
                    value={k}
                    className="size-4 accent-caramel-dark"
                    {...register('kind')}
                  />
                  {DISCOUNT_KIND_LABELS[k]}
                </label>
              ))}
            </div>
          </fieldset>

          {kind === 'percent' && (
            <Field id="discount-percent" label="Percent off" hint="1 to 100" error={errors.percent}>
              <Input
                id="discount-percent"
                inputMode="numeric"
                autoComplete="off"
                className="max-w-40"
                {...aria('discount-percent', errors.percent, true)}
                {...register('percent')}
              />
            </Field>
          )}
          {kind === 'fixed' && (
            <Field
              id="discount-amount"
              label="Amount off (£)"
              hint="Taken off the cookies, never below £0; e.g. 3.00"
              error={errors.amount}
            >
              <Input
                id="discount-amount"
                inputMode="decimal"
                autoComplete="off"
                className="max-w-40"
                {...aria('discount-amount', errors.amount, true)}
                {...register('amount')}
              />
            </Field>
          )}
          {kind === 'free_delivery' && (
            <p className="text-sm text-cocoa-light">
              The delivery fee is waived; the cookies keep their price.
            </p>
          )}

          <Field
            id="discount-min"
            label="Minimum spend (£, optional)"
            hint="On the cookies, before the discount; e.g. 10.00"
            error={errors.min_subtotal}
          >
            <Input
              id="discount-min"
              inputMode="decimal"
              autoComplete="off"
              className="max-w-40"
              {...aria('discount-min', errors.min_subtotal, true)}
              {...register('min_subtotal')}
            />
          </Field>

          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="discount-starts" label="Starts on (optional)" error={errors.starts_on}>
              <Input
                id="discount-starts"
                type="date"
                {...datesAria('discount-starts', errors.starts_on)}
                {...register('starts_on')}
              />
            </Field>
            <Field id="discount-ends" label="Ends on (optional)" error={errors.ends_on}>
              <Input
                id="discount-ends"
                type="date"
                {...datesAria('discount-ends', errors.ends_on)}
                {...register('ends_on')}
              />
            </Field>
          </div>
          <p id={DATES_HINT} className="-mt-2 text-sm text-cocoa-light">
            Both days included, in UK time. Set an end date in the past to end a code early.
          </p>

          <Field
            id="discount-max-uses"
            label="Use limit (optional)"
            hint="How many orders may use it in all; empty for no limit"
            error={errors.max_uses}
          >
            <Input
              id="discount-max-uses"
              inputMode="numeric"
              autoComplete="off"
              className="max-w-40"
              {...aria('discount-max-uses', errors.max_uses, true)}
              {...register('max_uses')}
            />
          </Field>

          <Checkbox id="discount-once" label="Once per customer" {...register('once_per_customer')} />
          <Checkbox id="discount-active" label="Active (customers can use it)" {...register('is_active')} />

          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : discount ? 'Save Changes' : 'Add Code'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

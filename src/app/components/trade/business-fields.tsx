import { Field } from '~/app/components/ui/field';
import { Input } from '~/app/components/ui/input';

/** The business's details, as the application and the owner's new account both ask for them. */
export function BusinessFields({ fields }: { fields?: Record<string, string> }) {
  const err = (name: string) => (fields?.[name] ? { message: fields[name] } : undefined);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id="businessName" label="Business name" error={err('businessName')}>
        <Input id="businessName" name="businessName" required maxLength={120} />
      </Field>
      <Field id="vatNumber" label="VAT number (optional)" hint="GB and 9 digits" error={err('vatNumber')}>
        <Input id="vatNumber" name="vatNumber" maxLength={20} />
      </Field>
      <Field id="address" label="Address" error={err('address')}>
        <Input id="address" name="address" required maxLength={200} autoComplete="street-address" />
      </Field>
      <Field id="city" label="Town" error={err('city')}>
        <Input id="city" name="city" required maxLength={100} />
      </Field>
      <Field id="postcode" label="Postcode" error={err('postcode')}>
        <Input id="postcode" name="postcode" required maxLength={10} autoComplete="postal-code" />
      </Field>
      <Field id="contactName" label="Contact name" error={err('contactName')}>
        <Input id="contactName" name="contactName" required maxLength={100} />
      </Field>
      <Field id="contactPhone" label="Contact phone" error={err('contactPhone')}>
        <Input id="contactPhone" name="contactPhone" type="tel" required maxLength={20} />
      </Field>
    </div>
  );
}

const NAMES = ['businessName', 'vatNumber', 'address', 'city', 'postcode', 'contactName', 'contactPhone'];

/** The business fields of a posted form, as the service's schema takes them. */
export const businessOfForm = (form: FormData) =>
  Object.fromEntries(NAMES.map((n) => [n, typeof form.get(n) === 'string' ? (form.get(n) as string) : '']));

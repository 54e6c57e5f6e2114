import type { z } from 'zod';
import { Field } from '~/app/components/account/form-field';
import { Label, Textarea } from '~/app/components/ui/input';
import type { DeliveryInput, RecipientField } from '~/shared/schemas/gift-delivery';
import { GIFT_MESSAGE_MAX } from '~/shared/schemas/gift-limits';

/** What the delivery part of /checkout holds while the customer types. */
export interface DeliveryFormState {
  to: 'me' | 'someone-else';
  recipient: Record<RecipientField, string>;
  giftMessage: string;
}

export const EMPTY_DELIVERY: DeliveryFormState = {
  to: 'me',
  recipient: { fullName: '', phone: '', address: '', city: '', postcode: '' },
  giftMessage: '',
};

export type DeliveryErrors = Partial<Record<RecipientField | 'giftMessage', string>>;

/** The id of each field's input, so a failed check can move the focus there. */
export const deliveryFieldId = (field: RecipientField | 'giftMessage') => `gift-${field}`;

/** What the server is sent: nothing but "me", or the recipient and message. */
export function deliveryPayload(state: DeliveryFormState): DeliveryInput {
  if (state.to === 'me') return { to: 'me' };
  return { to: 'someone-else', recipient: state.recipient, giftMessage: state.giftMessage };
}

/**
 * Checks the choice with the server's schema: the payload, or every field's first message. The
 * schema (and zod) load only when a gift is sent, keeping them out of the page's first JavaScript.
 */
export async function checkDelivery(
  state: DeliveryFormState,
): Promise<
  { ok: true; payload: DeliveryInput } | { ok: false; errors: DeliveryErrors; first: z.core.$ZodIssue }
> {
  const payload = deliveryPayload(state);
  if (payload.to === 'me') return { ok: true, payload };
  const { DeliverySchema } = await import('~/shared/schemas/gift-delivery');
  const result = DeliverySchema.safeParse(payload);
  if (result.success) return { ok: true, payload };
  const errors: DeliveryErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path.at(-1)) as keyof DeliveryErrors;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors, first: result.error.issues[0]! };
}

const FIELDS: { name: RecipientField; label: string; type?: string; autoComplete: string; hint?: string }[] =
  [
    { name: 'fullName', label: 'Their full name', autoComplete: 'off' },
    {
      name: 'phone',
      label: 'Their phone (optional)',
      type: 'tel',
      autoComplete: 'off',
      hint: 'A landline or mobile, e.g. 01743 123456',
    },
    { name: 'address', label: 'Address', autoComplete: 'off' },
    { name: 'city', label: 'City', autoComplete: 'off' },
    { name: 'postcode', label: 'Postcode', autoComplete: 'off' },
  ];

interface DeliveryChoiceProps {
  /** The profile's name and address lines, for "Deliver to me". */
  myAddress: { name: string; lines: string[] };
  value: DeliveryFormState;
  onChange: (next: DeliveryFormState) => void;
  errors: DeliveryErrors;
}

const optionClass =
  'flex cursor-pointer items-start gap-3 rounded-md border border-crumb bg-white p-4 has-[:checked]:border-caramel-dark has-[:checked]:ring-1 has-[:checked]:ring-caramel-dark has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-caramel-dark';

/** /checkout: the cookies go to the customer, or as a gift to someone else with a message. */
export function DeliveryChoice({ myAddress, value, onChange, errors }: DeliveryChoiceProps) {
  const setRecipient = (field: RecipientField, text: string) =>
    onChange({ ...value, recipient: { ...value.recipient, [field]: text } });
  const left = GIFT_MESSAGE_MAX - value.giftMessage.length;

  return (
    <fieldset className="mt-6">
      <legend className="mb-3 text-lg font-semibold">Who are the cookies for?</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className={optionClass}>
          <input
            type="radio"
            name="deliver-to"
            value="me"
            checked={value.to === 'me'}
            onChange={() => onChange({ ...value, to: 'me' })}
            className="mt-1 size-4 accent-caramel-dark"
          />
          <span>
            <span className="block font-medium">Deliver to me</span>
            <span className="block text-sm text-cocoa-light">
              {myAddress.name}, {myAddress.lines.join(', ')}
            </span>
          </span>
        </label>
        <label className={optionClass}>
          <input
            type="radio"
            name="deliver-to"
            value="someone-else"
            checked={value.to === 'someone-else'}
            onChange={() => onChange({ ...value, to: 'someone-else' })}
            className="mt-1 size-4 accent-caramel-dark"
          />
          <span>
            <span className="block font-medium">Send to someone else</span>
            <span className="block text-sm text-cocoa-light">A gift, with a message if you like</span>
          </span>
        </label>
      </div>

      {value.to === 'someone-else' && (
        <div className="mt-4 grid gap-4 rounded-md bg-cream p-4 sm:grid-cols-2">
          {FIELDS.map(({ name, ...field }) => (
            <div key={name} className={name === 'address' ? 'sm:col-span-2' : undefined}>
              <Field
                id={deliveryFieldId(name)}
                value={value.recipient[name]}
                onChange={(e) => setRecipient(name, e.currentTarget.value)}
                error={errors[name]}
                {...field}
              />
            </div>
          ))}
          <div className="sm:col-span-2">
            <Label htmlFor={deliveryFieldId('giftMessage')}>Gift message (optional)</Label>
            <Textarea
              id={deliveryFieldId('giftMessage')}
              value={value.giftMessage}
              onChange={(e) => onChange({ ...value, giftMessage: e.currentTarget.value })}
              maxLength={GIFT_MESSAGE_MAX}
              rows={3}
              className="min-h-24"
              aria-invalid={errors.giftMessage ? true : undefined}
              aria-describedby={`${deliveryFieldId('giftMessage')}-count${errors.giftMessage ? ` ${deliveryFieldId('giftMessage')}-error` : ''}`}
            />
            <p id={`${deliveryFieldId('giftMessage')}-count`} className="mt-1 text-sm text-cocoa-light">
              We print it on the packing slip, and leave the prices off. {left} characters left.
            </p>
            {errors.giftMessage && (
              <p
                id={`${deliveryFieldId('giftMessage')}-error`}
                className="mt-1 text-sm font-medium text-red-700"
              >
                {errors.giftMessage}
              </p>
            )}
          </div>
        </div>
      )}
    </fieldset>
  );
}

import { CreditCard, FlaskConical } from 'lucide-react';
import type { ReactNode } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { TEST_MODE_TEXT } from '~/app/components/layout/test-mode-banner';
import { Button } from '~/app/components/ui/button';
import { Input, Label } from '~/app/components/ui/input';

const FIELDS = [
  { name: 'cardNumber', label: 'Card number', autoComplete: 'cc-number', placeholder: '1234 1234 1234 1234' },
  { name: 'expiry', label: 'Expiry date', autoComplete: 'cc-exp', placeholder: 'MM / YY' },
  { name: 'cvc', label: 'Security code (CVC)', autoComplete: 'cc-csc', placeholder: 'CVC' },
  { name: 'name', label: 'Name on card', autoComplete: 'cc-name', placeholder: 'Full name as shown on card' },
] as const;

/** The card a test page's form posted, as the test provider reads it. */
export function cardOfForm(form: FormData): Record<string, string> {
  return Object.fromEntries(FIELDS.map((f) => [f.name, String(form.get(f.name) ?? '')]));
}

/** The card fields of the test payment pages (paying, and saving a card), with the error they share. */
export function TestCardFields({ error, fields }: { error?: string; fields: Record<string, string> }) {
  return (
    <>
      {FIELDS.map((f) => (
        <div key={f.name}>
          <Label htmlFor={f.name}>{f.label}</Label>
          <Input
            id={f.name}
            name={f.name}
            autoComplete={f.autoComplete}
            placeholder={f.placeholder}
            inputMode={f.name === 'name' ? 'text' : 'numeric'}
            required
            aria-invalid={fields[f.name] ? true : undefined}
            aria-describedby={fields[f.name] ? 'payment-error' : undefined}
          />
        </div>
      ))}
      <p id="payment-error" role="alert" className="min-h-6 text-sm font-medium text-red-700">
        {error}
      </p>
    </>
  );
}

/** The band across the top of the test provider's pages: no real money moves here. */
export function TestModeHeader() {
  return (
    <header className="flex items-center justify-center gap-2 bg-amber-300 px-4 py-2 text-center text-sm font-bold tracking-wide text-cocoa uppercase">
      <FlaskConical aria-hidden className="size-4" />
      {TEST_MODE_TEXT}
    </header>
  );
}

interface TestCardFormProps {
  /** "Pay with card", "Save your card". */
  heading: string;
  error?: string;
  fields: Record<string, string>;
  /** The submit button's contents, given whether the form is being sent. */
  submit: (submitting: boolean) => ReactNode;
  /** Where Cancel goes. */
  cancelTo: string;
  /** What each test card number does on this page. */
  testCards: ReactNode;
}

/** A test payment page's card form (paying, and saving a card): heading, fields, button, Cancel, test cards. */
export function TestCardForm({ heading, error, fields, submit, cancelTo, testCards }: TestCardFormProps) {
  const submitting = useNavigation().state !== 'idle';
  return (
    <section
      aria-labelledby="card-form-heading"
      className="rounded-lg border border-crumb bg-white p-6 shadow-sm"
    >
      <h2 id="card-form-heading" className="mb-4 flex items-center gap-2 text-xl font-bold">
        <CreditCard aria-hidden className="size-5" /> {heading}
      </h2>
      <Form method="post" noValidate className="flex flex-col gap-4" aria-describedby="test-cards">
        <TestCardFields error={error} fields={fields} />
        <Button type="submit" size="lg" disabled={submitting}>
          {submit(submitting)}
        </Button>
        <Link to={cancelTo} className="text-center text-sm font-medium text-caramel-dark underline">
          Cancel
        </Link>
      </Form>
      <p id="test-cards" className="mt-6 rounded-md bg-cream p-3 text-xs text-cocoa-light">
        {testCards}
      </p>
    </section>
  );
}

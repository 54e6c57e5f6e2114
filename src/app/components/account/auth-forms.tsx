import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '~/app/components/ui/button';
import { Input, Label } from '~/app/components/ui/input';
import { signIn, signUp } from '~/app/lib/auth-client';
import { SignInSchema, type SignUpField, SignUpSchema } from '~/shared/schemas/sign-up';

type Errors = Partial<Record<string, string>>;

/** The first message per field, from issues already in the spec's order. */
function errorsOf(issues: readonly z.core.$ZodIssue[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

const valuesOf = (form: HTMLFormElement) =>
  Object.fromEntries([...new FormData(form)].map(([k, v]) => [k, String(v)])) as Record<string, string>;

/**
 * Checks a form against its schema. On failure: the first failing message as an error toast
 * (SPEC §8), every field's message inline, and focus on the first field to fix.
 */
function check<S extends z.ZodType>(schema: S, form: HTMLFormElement, setErrors: (e: Errors) => void) {
  const values = valuesOf(form);
  const result = schema.safeParse(values);
  if (result.success) {
    setErrors({});
    return { values, data: result.data as z.output<S> };
  }
  const [first] = result.error.issues;
  setErrors(errorsOf(result.error.issues));
  toast.error(first?.message);
  const field = form.elements.namedItem(String(first?.path[0]));
  if (field instanceof HTMLElement) field.focus();
  return null;
}

interface FieldProps extends React.ComponentProps<typeof Input> {
  id: string;
  label: string;
  error?: string;
  hint?: string;
}

function Field({ id, label, error, hint, ...props }: FieldProps) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...props}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-cocoa-light">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

interface SignInFormProps {
  defaultEmail?: string;
  /** False until hydrated: the form only works with JavaScript. */
  ready: boolean;
  onSignedIn: () => Promise<void>;
}

export function SignInForm({ defaultEmail, ready, onSignedIn }: SignInFormProps) {
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = check(SignInSchema, event.currentTarget, setErrors);
    if (!checked) return;
    setPending(true);
    const result = await signIn(checked.data.email, checked.data.password);
    if (!result.ok) {
      setPending(false);
      toast.error(result.message);
      return;
    }
    toast.success('Signed in successfully!');
    await onSignedIn();
  }

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Sign in">
      <Field
        id="sign-in-email"
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        defaultValue={defaultEmail}
        error={errors.email}
      />
      <Field
        id="sign-in-password"
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password}
      />
      <Button type="submit" size="lg" className="mt-2" disabled={!ready || pending}>
        {pending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}

const SIGN_UP_FIELDS: {
  name: SignUpField;
  label: string;
  type?: string;
  autoComplete: string;
  hint?: string;
}[] = [
  { name: 'fullName', label: 'Full Name', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', hint: 'UK mobile, e.g. 07123456789' },
  { name: 'address', label: 'Address', autoComplete: 'address-line1' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'postcode', label: 'Postcode', autoComplete: 'postal-code' },
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: 'new-password',
    hint: 'At least 6 characters',
  },
];

interface SignUpFormProps {
  ready: boolean;
  /** Called with the new account's e-mail once it exists. */
  onSignedUp: (email: string) => void;
}

export function SignUpForm({ ready, onSignedUp }: SignUpFormProps) {
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setSubmitted(true);
    const checked = check(SignUpSchema, form, setErrors);
    if (!checked) return;
    setPending(true);
    const result = await signUp(checked.values as Record<SignUpField, string>);
    setPending(false);
    if (!result.ok) {
      toast.error(result.message);
      return;
    }
    toast.success('Account created successfully! You can now sign in.');
    form.reset();
    setSubmitted(false);
    onSignedUp(checked.data.email);
  }

  // After a first attempt, messages follow the typing, so a fixed field stops saying it is wrong.
  function onChange(event: FormEvent<HTMLFormElement>) {
    if (!submitted) return;
    setErrors(errorsOf(SignUpSchema.safeParse(valuesOf(event.currentTarget)).error?.issues ?? []));
  }

  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      onChange={onChange}
      className="flex flex-col gap-4"
      aria-label="Sign up"
    >
      {SIGN_UP_FIELDS.map(({ name, ...field }) => (
        <Field key={name} id={`sign-up-${name}`} name={name} error={errors[name]} {...field} />
      ))}
      <Button type="submit" size="lg" className="mt-2" disabled={!ready || pending}>
        {pending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}

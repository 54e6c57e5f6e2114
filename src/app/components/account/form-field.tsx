import { toast } from 'sonner';
import type { z } from 'zod';
import { Input, Label } from '~/app/components/ui/input';

export type Errors = Partial<Record<string, string>>;

/** The first message per field, from issues already in the rules' order (docs/rules/accounts.md). */
export function errorsOf(issues: readonly z.core.$ZodIssue[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

export const valuesOf = (form: HTMLFormElement) =>
  Object.fromEntries([...new FormData(form)].map(([k, v]) => [k, String(v)])) as Record<string, string>;

/**
 * Checks a form against its schema. On failure: the first failing message as an error toast
 * (docs/rules/shop-pages.md), every field's message inline, and focus on the first field to fix.
 */
export function check<S extends z.ZodType>(schema: S, form: HTMLFormElement, setErrors: (e: Errors) => void) {
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

export function Field({ id, label, error, hint, ...props }: FieldProps) {
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

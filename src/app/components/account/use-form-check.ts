import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import type { AuthResult } from '~/app/api/auth-client';
import { toast } from '~/app/toast/toast';
import type { Errors } from './form-field';

/** The first message per field, from issues already in the rules' order (docs/rules/accounts.md). */
function errorsOf(issues: readonly z.core.$ZodIssue[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

const valuesOf = (form: HTMLFormElement) =>
  Object.fromEntries([...new FormData(form)].map(([k, v]) => [k, String(v)])) as Record<string, string>;

/**
 * Checks a form against its schema. On failure: the first failing message as an error toast
 * (docs/rules/shop-pages.md), every field's message inline, and focus on the first field to fix.
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

/**
 * A form checked against its schema when sent (`check`, as above); after a first attempt its
 * messages follow the typing (`onChange`), so a fixed field stops saying it is wrong. `send` makes
 * the call: `pending` meanwhile, and a refusal said in an error toast.
 */
export function useFormCheck<S extends z.ZodType>(schema: S) {
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  return {
    errors,
    pending,
    /** `leaving`: once done, the page moves on (signed in), so the form stays disabled. */
    send: async (call: () => Promise<AuthResult>, { leaving = false } = {}) => {
      setPending(true);
      const result = await call();
      if (!result.ok || !leaving) setPending(false);
      if (!result.ok) toast.error(result.message);
      return result;
    },
    /** Enables the form again after `send(…, { leaving: true })` when the page stays after all. */
    stay: () => setPending(false),
    check: (form: HTMLFormElement) => {
      setSubmitted(true);
      return check(schema, form, setErrors);
    },
    onChange: (event: FormEvent<HTMLFormElement>) => {
      if (!submitted) return;
      setErrors(errorsOf(schema.safeParse(valuesOf(event.currentTarget)).error?.issues ?? []));
    },
    /** The form was emptied: messages wait for the next attempt again. */
    reset: () => setSubmitted(false),
  };
}

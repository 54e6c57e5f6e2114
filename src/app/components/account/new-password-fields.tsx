import type { FormEvent } from 'react';
import { Button } from '~/app/components/ui/button';
import { type Errors, Field } from './form-field';

const FIELDS = [
  { name: 'newPassword', id: 'new-password', label: 'New password', hint: '6 to 72 characters' },
  { name: 'confirmPassword', id: 'confirm-password', label: 'Confirm new password' },
] as const;

/** A new password typed twice (changing it, or choosing one from a reset link): the same rules. */
export function NewPasswordFields({ idPrefix, errors }: { idPrefix: string; errors: Errors }) {
  return FIELDS.map((f) => (
    <Field
      key={f.name}
      id={`${idPrefix}${f.id}`}
      name={f.name}
      label={f.label}
      type="password"
      autoComplete="new-password"
      hint={'hint' in f ? f.hint : undefined}
      error={errors[f.name]}
    />
  ));
}

/** A page that only chooses a password (an invitation's, a reset link's): the two fields and a button. */
export function NewPasswordForm({
  label,
  idPrefix,
  errors,
  onSubmit,
  disabled,
  pending,
  submitLabel,
}: {
  label: string;
  idPrefix: string;
  errors: Errors;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  disabled: boolean;
  pending: boolean;
  submitLabel: string;
}) {
  return (
    <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={label}>
      <NewPasswordFields idPrefix={idPrefix} errors={errors} />
      <Button type="submit" size="lg" className="mt-2" disabled={disabled}>
        {pending ? 'Saving...' : submitLabel}
      </Button>
    </form>
  );
}

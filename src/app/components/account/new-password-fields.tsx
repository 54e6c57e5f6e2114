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

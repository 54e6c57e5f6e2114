import { type Errors, Field } from './form-field';

/** A new password typed twice (changing it, or choosing one from a reset link): the same rules. */
export function NewPasswordFields({ idPrefix, errors }: { idPrefix: string; errors: Errors }) {
  return (
    <>
      <Field
        id={`${idPrefix}new-password`}
        name="newPassword"
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="6 to 72 characters"
        error={errors.newPassword}
      />
      <Field
        id={`${idPrefix}confirm-password`}
        name="confirmPassword"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword}
      />
    </>
  );
}

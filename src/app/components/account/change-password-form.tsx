import type { FormEvent } from 'react';
import { changePassword } from '~/app/components/account/account-client';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { toast } from '~/app/toast/toast';
import { ChangePasswordSchema } from '~/shared/schemas/account';
import { Field } from './form-field';
import { NewPasswordFields } from './new-password-fields';
import { useFormCheck } from './use-form-check';

/** /account "Change password": needs the current one; every other device is signed out. */
export function ChangePasswordForm({ ready }: { ready: boolean }) {
  const { errors, check, pending, send } = useFormCheck(ChangePasswordSchema);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const checked = check(form);
    if (!checked) return;
    const result = await send(() => changePassword(checked.data.currentPassword, checked.data.newPassword));
    if (!result.ok) return;
    form.reset();
    toast.success('Password changed. Other devices have been signed out.');
  }

  return (
    <Card className="p-5 sm:p-8">
      <h2 id="change-password-heading" className="mb-2 text-2xl font-bold">
        Change password
      </h2>
      <p className="mb-6 text-cocoa-light">Changing it signs you out on every other device.</p>
      <form
        method="post"
        noValidate
        onSubmit={onSubmit}
        aria-labelledby="change-password-heading"
        className="flex flex-col gap-4 sm:max-w-sm"
      >
        <Field
          id="current-password"
          name="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword}
        />
        <NewPasswordFields idPrefix="" errors={errors} />
        <Button type="submit" className="self-start" disabled={!ready || pending}>
          {pending ? 'Changing...' : 'Change password'}
        </Button>
      </form>
    </Card>
  );
}

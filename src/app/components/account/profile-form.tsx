import type { FormEvent } from 'react';
import { updateProfile } from '~/app/components/account/account-client';
import { Button } from '~/app/components/ui/button';
import { toast } from '~/app/toast/toast';
import type { ProfileDto } from '~/server/account/account-service';
import { type ProfileField, ProfileSchema } from '~/shared/schemas/account';
import { Field } from './form-field';
import { useFormCheck } from './use-form-check';

const FIELDS: {
  name: ProfileField;
  key: keyof ProfileDto;
  label: string;
  type?: string;
  autoComplete: string;
  hint?: string;
}[] = [
  { name: 'fullName', key: 'full_name', label: 'Full Name', autoComplete: 'name' },
  {
    name: 'phone',
    key: 'phone',
    label: 'Phone',
    type: 'tel',
    autoComplete: 'tel',
    hint: 'UK mobile, e.g. 07123456789',
  },
  { name: 'address', key: 'address', label: 'Address', autoComplete: 'address-line1' },
  { name: 'city', key: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'postcode', key: 'postcode', label: 'Postcode', autoComplete: 'postal-code' },
];

interface ProfileFormProps {
  profile: ProfileDto;
  ready: boolean;
  onSaved: () => void;
  onCancel: () => void;
}

/** Edits the customer's own details with sign-up's rules; the e-mail is not changed here. */
export function ProfileForm({ profile, ready, onSaved, onCancel }: ProfileFormProps) {
  const { errors, check, onChange, pending, send } = useFormCheck(ProfileSchema);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = check(event.currentTarget);
    if (!checked) return;
    const result = await send(() => updateProfile(checked.values as Record<ProfileField, string>));
    if (!result.ok) return;
    toast.success('Profile updated');
    onSaved();
  }

  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      onChange={onChange}
      aria-label="Edit profile"
      className="flex flex-col gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map(({ name, key, ...field }) => (
          <Field
            key={name}
            id={`profile-${name}`}
            name={name}
            defaultValue={profile[key]}
            error={errors[name]}
            {...field}
          />
        ))}
        <div>
          <p className="mb-1 text-sm font-medium">Email</p>
          <p className="flex h-11 items-center [overflow-wrap:anywhere]">{profile.email}</p>
          <p className="mt-1 text-sm text-cocoa-light">To change your email, please contact us.</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={!ready || pending}>
          {pending ? 'Saving...' : 'Save changes'}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

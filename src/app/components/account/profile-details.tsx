import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import type { ProfileDto } from '~/server/account/account-service';
import { ProfileForm } from './profile-form';

const ROWS: [label: string, key: keyof ProfileDto][] = [
  ['Full Name', 'full_name'],
  ['Email', 'email'],
  ['Phone', 'phone'],
  ['Address', 'address'],
  ['City', 'city'],
  ['Postcode', 'postcode'],
];

interface ProfileDetailsProps {
  profile: ProfileDto | null;
  ready: boolean;
  /** Called after a save, so the page reloads the details. */
  onSaved: () => void;
}

/** The customer's own details (the Profile tab of /account, docs/rules/accounts.md), with an "Edit profile" form. */
export function ProfileDetails({ profile, ready, onSaved }: ProfileDetailsProps) {
  const [editing, setEditing] = useState(false);
  return (
    <Card className="p-5 sm:p-8">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-2xl font-bold">Profile</h2>
        {profile && !editing && (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)} disabled={!ready}>
            <Pencil aria-hidden className="size-4" />
            Edit profile
          </Button>
        )}
      </div>
      {!profile ? (
        <p role="alert">We couldn't load your profile just now. Please refresh the page to try again.</p>
      ) : editing ? (
        <ProfileForm
          profile={profile}
          ready={ready}
          onCancel={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            onSaved();
          }}
        />
      ) : (
        <dl className="grid gap-x-8 gap-y-5 sm:grid-cols-2">
          {ROWS.map(([label, key]) => (
            <div key={key} className="min-w-0">
              <dt className="text-sm font-medium text-cocoa-light">{label}</dt>
              <dd className="mt-1 text-base [overflow-wrap:anywhere] sm:text-lg">{profile[key]}</dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}

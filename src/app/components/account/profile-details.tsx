import { Card } from '~/app/components/ui/card';
import type { ProfileDto } from '~/server/account/account-service';

const ROWS: [label: string, key: keyof ProfileDto][] = [
  ['Full Name', 'full_name'],
  ['Email', 'email'],
  ['Phone', 'phone'],
  ['Address', 'address'],
  ['City', 'city'],
  ['Postcode', 'postcode'],
];

/** The customer's own details (SPEC §2 /account, Profile tab). */
export function ProfileDetails({ profile }: { profile: ProfileDto | null }) {
  return (
    <Card className="p-5 sm:p-8">
      <h2 className="mb-6 text-2xl font-bold">Profile</h2>
      {profile ? (
        <dl className="grid gap-x-8 gap-y-5 sm:grid-cols-2">
          {ROWS.map(([label, key]) => (
            <div key={key} className="min-w-0">
              <dt className="text-sm font-medium text-cocoa-light">{label}</dt>
              <dd className="mt-1 text-base [overflow-wrap:anywhere] sm:text-lg">{profile[key]}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p role="alert">We couldn't load your profile just now. Please refresh the page to try again.</p>
      )}
    </Card>
  );
}

import { UserPlus } from 'lucide-react';
import { useRef } from 'react';
import { useFetcher } from 'react-router';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { Input, Label, Select } from '~/app/components/ui/input';
import { pageMeta } from '~/app/seo/meta';
import { requireAdminPage } from '~/app/server/guards.server';
import { field, runPageAction } from '~/app/server/page-action.server';
import { type PageActionResult, toastWhenAnswered, useActionToast } from '~/app/toast/use-action-toast';
import type { StaffMember } from '~/server/staff/staff-service';
import { STAFF_ROLE_LABELS, STAFF_ROLES } from '~/shared/staff/back-office-access';
import type { Route } from './+types/staff';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Staff', description: 'Who works in the back office.', noIndex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireAdminPage(request, context);
  return { me: me.id, staff: await context.services.staff.list() };
}

/** `intent` invite (name, email, role), role (id, role), remove (id) or reset-2fa (id). */
const MEMBER_TOASTS = {
  role: { success: 'Role changed', failure: 'Could not change the role' },
  remove: { success: 'Removed from the back office', failure: 'Could not remove them' },
  'reset-2fa': {
    success: 'Second factor reset: they are signed out and set up a new one at their next sign-in',
    failure: 'Could not reset the second factor',
  },
};

/** Someone removed leaves the list before their row's own effect would toast. */
export const clientAction = toastWhenAnswered(MEMBER_TOASTS);

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminPage(request, context);
  const form = await request.formData();
  const intent = field(form, 'intent');
  const { staff, staffInvites } = context.services;
  return runPageAction(context, intent, () =>
    intent === 'invite'
      ? staffInvites.invite({
          name: field(form, 'name'),
          email: field(form, 'email'),
          role: field(form, 'role'),
        })
      : intent === 'remove'
        ? staff.remove(field(form, 'id'))
        : intent === 'reset-2fa'
          ? staff.resetSecondFactor(field(form, 'id'))
          : staff.setRole(field(form, 'id'), { role: field(form, 'role') }),
  );
}

export default function AdminStaff({ loaderData }: Route.ComponentProps) {
  const { staff, me } = loaderData;
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-8">
      <h1 className="mb-2 text-3xl font-bold">Staff</h1>
      <p className="mb-6 text-cocoa-light">
        Owners can do everything; shop staff run orders and dispatch; bakers see bake days only. A change of
        role or a removal signs the person out at once.
      </p>
      <InviteForm />
      <h2 className="mt-8 mb-3 text-xl font-bold">In the back office</h2>
      <ul className="space-y-3">
        {staff.map((m) => (
          <li key={m.id}>
            <MemberRow member={m} isMe={m.id === me} />
          </li>
        ))}
      </ul>
    </main>
  );
}

function InviteForm() {
  const fetcher = useFetcher<PageActionResult>();
  const form = useRef<HTMLFormElement>(null);
  useActionToast(
    fetcher,
    { invite: { success: 'Invitation sent', failure: 'Could not send the invitation' } },
    () => form.current?.reset(),
  );
  const fields = fetcher.data && !fetcher.data.ok ? fetcher.data.fields : undefined;
  return (
    <Card className="p-5">
      <h2 className="mb-1 flex items-center gap-2 text-xl font-bold">
        <UserPlus aria-hidden className="size-5" /> Invite someone
      </h2>
      <p className="mb-4 text-sm text-cocoa-light">
        They get an e-mail with a link to choose their password. The link works once, within 7 days.
      </p>
      <fetcher.Form
        ref={form}
        method="post"
        className="grid gap-4 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-end"
      >
        <input type="hidden" name="intent" value="invite" />
        <div>
          <Label htmlFor="invite-name">Name</Label>
          <Input id="invite-name" name="name" required autoComplete="off" aria-invalid={!!fields?.name} />
          {fields?.name && <p className="mt-1 text-sm text-red-700">{fields.name}</p>}
        </div>
        <div>
          <Label htmlFor="invite-email">E-mail</Label>
          <Input
            id="invite-email"
            name="email"
            type="email"
            required
            autoComplete="off"
            aria-invalid={!!fields?.email}
          />
          {fields?.email && <p className="mt-1 text-sm text-red-700">{fields.email}</p>}
        </div>
        <div>
          <Label htmlFor="invite-role">Role</Label>
          <Select id="invite-role" name="role" defaultValue="staff">
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {STAFF_ROLE_LABELS[r]}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" disabled={fetcher.state !== 'idle'}>
          Send invitation
        </Button>
      </fetcher.Form>
    </Card>
  );
}

function MemberRow({ member: m, isMe }: { member: StaffMember; isMe: boolean }) {
  const fetcher = useFetcher<PageActionResult>();
  useActionToast(fetcher, MEMBER_TOASTS);
  const busy = fetcher.state !== 'idle';
  return (
    <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
      <div>
        <p className="font-bold">
          {m.name} {isMe && <span className="text-sm font-normal text-cocoa-light">(you)</span>}
        </p>
        <p className="text-sm text-cocoa-light">{m.email}</p>
        <p className="text-sm text-cocoa-light">
          {m.secondFactor ? 'Second factor set up' : 'No second factor yet'}
        </p>
      </div>
      <fetcher.Form method="post" className="flex flex-wrap items-center gap-2">
        <input type="hidden" name="id" value={m.id} />
        <Label htmlFor={`role-${m.id}`} className="sr-only">
          Role of {m.name}
        </Label>
        <Select id={`role-${m.id}`} name="role" defaultValue={m.role}>
          {STAFF_ROLES.map((r) => (
            <option key={r} value={r}>
              {STAFF_ROLE_LABELS[r]}
            </option>
          ))}
        </Select>
        <Button type="submit" name="intent" value="role" variant="secondary" disabled={busy}>
          Change role
        </Button>
        <Button type="submit" name="intent" value="remove" variant="ghost" disabled={busy}>
          Remove
        </Button>
        {m.secondFactor && !isMe && (
          <Button type="submit" name="intent" value="reset-2fa" variant="ghost" disabled={busy}>
            Reset second factor
          </Button>
        )}
      </fetcher.Form>
    </Card>
  );
}

import { History } from 'lucide-react';
import { Form } from 'react-router';
import { EmptyState } from '~/app/components/admin/load-error';
import { PagedList } from '~/app/components/admin/paged-list';
import { activityFields } from '~/app/components/admin/record-activity';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { Input, Label } from '~/app/components/ui/input';
import { pageMeta } from '~/app/seo/meta';
import { requireAdminPage } from '~/app/server/guards.server';
import { loadOrNull } from '~/app/server/page-action.server';
import { STAFF_ROLE_LABELS, type StaffRole } from '~/shared/staff/back-office-access';
import { formatDateTime } from '~/shared/time/london-time';
import type { Route } from './+types/activity';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Activity', description: 'Who did what in the back office.', noIndex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  return {
    params,
    result: await loadOrNull(context, 'the activity', () => context.services.activity.list(params)),
  };
}

/** One of the filters: a choice of what the log holds, or everything. */
function FilterSelect(props: {
  name: string;
  label: string;
  value: string | undefined;
  any: string;
  options: readonly (readonly [value: string, label: string])[];
}) {
  return (
    <div>
      <Label htmlFor={props.name}>{props.label}</Label>
      <select
        id={props.name}
        name={props.name}
        defaultValue={props.value ?? ''}
        className="block h-10 rounded-md border border-crumb bg-white px-3"
      >
        <option value="">{props.any}</option>
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}

export default function Activity({ loaderData }: Route.ComponentProps) {
  const { result, params } = loaderData;
  const csv = `/api/admin/activity/export.csv?${new URLSearchParams(
    Object.entries(params).filter(([k]) => k !== 'page'),
  )}`;
  return (
    <main className="mx-auto w-full max-w-5xl px-4 py-8">
      <h1 className="mb-2 text-3xl font-bold">Activity</h1>
      <p className="mb-6 text-cocoa-light">
        Every change made in the back office: who, in which role, when, from which address, and the fields
        before and after. Entries are never changed or deleted.
      </p>
      {params.record && (
        <p className="mb-4 rounded-md bg-crumb/40 p-3" role="status">
          Showing one {params.record.split(':')[0]}’s entries only.{' '}
          <a className="font-medium text-caramel-dark underline" href="/admin/activity">
            Show everything
          </a>
        </p>
      )}
      <Form method="get" className="mb-6 flex flex-wrap items-end gap-3">
        {params.record && <input type="hidden" name="record" value={params.record} />}
        <FilterSelect
          name="person"
          label="Person"
          value={params.person}
          any="Everyone"
          options={result?.people.map((p) => [p.id, p.name] as const) ?? []}
        />
        <FilterSelect
          name="kind"
          label="Kind"
          value={params.kind}
          any="Every kind"
          options={result?.kinds.map((k) => [k, k] as const) ?? []}
        />
        <div>
          <Label htmlFor="from">From</Label>
          <Input id="from" name="from" type="date" defaultValue={params.from ?? ''} />
        </div>
        <div>
          <Label htmlFor="to">To</Label>
          <Input id="to" name="to" type="date" defaultValue={params.to ?? ''} />
        </div>
        <Button type="submit">Show</Button>
        <a className="font-medium text-caramel-dark underline" href={csv} download>
          Download CSV
        </a>
      </Form>
      <PagedList
        result={result}
        failed="Failed to load the activity"
        noun="entries"
        empty={
          <EmptyState
            icon={<History aria-hidden />}
            title="Nothing has been changed in the back office yet."
          />
        }
      >
        {(e) => (
          <Card key={e.id} className="p-4">
            <p className="font-medium">
              {e.kind} · {e.record.type} {e.record.id}
            </p>
            <p className="text-sm text-cocoa-light">
              {formatDateTime(e.at)} · {e.actor.name} (
              {STAFF_ROLE_LABELS[e.actor.role as StaffRole] ?? e.actor.role}) · from{' '}
              {e.ip ?? 'unknown address'}
            </p>
            {e.before && <p className="text-sm">Before: {activityFields(e.before)}</p>}
            {e.after && <p className="text-sm">After: {activityFields(e.after)}</p>}
          </Card>
        )}
      </PagedList>
    </main>
  );
}

import { Star } from 'lucide-react';
import { Link, useFetcher } from 'react-router';
import { Stars } from '~/app/components/reviews/stars';
import { Button } from '~/app/components/ui/button';
import { Badge, Card } from '~/app/components/ui/card';
import { pageMeta } from '~/app/seo/meta';
import { requireAdminPage } from '~/app/server/guards.server';
import { field, runPageAction } from '~/app/server/page-action.server';
import { type PageActionResult, toastWhenAnswered, useActionToast } from '~/app/toast/use-action-toast';
import type { AdminReview } from '~/server/reviews/reviews-service';
import {
  MAX_REVIEW_REPLY,
  REVIEW_STATUS_LABELS,
  REVIEW_STATUSES,
  type ReviewStatus,
} from '~/shared/reviews/reviews';
import { formatDateTime } from '~/shared/time/london-time';
import type { Route } from './+types/reviews';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Reviews',
    description: 'Customers’ reviews to approve, hide or reply to.',
    noIndex: true,
  });

const isStatus = (v: string | null): v is ReviewStatus => REVIEW_STATUSES.includes(v as ReviewStatus);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const asked = new URL(request.url).searchParams.get('status');
  const status = isStatus(asked) ? asked : undefined;
  const { reviews } = context.services;
  const [list, counts] = await Promise.all([reviews.listForAdmin(status), reviews.countsByStatus()]);
  return {
    status: status ?? null,
    counts,
    reviews: list.map((r) => ({ ...r, when: formatDateTime(new Date(r.createdAt)) })),
  };
}

/** `intent` approve, hide (with `reason`) or reply (with `reply`): never the customer's words. */
const REVIEW_TOASTS = {
  approve: { success: 'Review shown', failure: 'Could not show the review' },
  hide: { success: 'Review hidden', failure: 'Could not hide the review' },
  reply: { success: 'Reply saved', failure: 'Could not save the reply' },
};

/** A review shown or hidden leaves the Pending list before its card's own effect would toast. */
export const clientAction = toastWhenAnswered(REVIEW_TOASTS);

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminPage(request, context);
  const form = await request.formData();
  const intent = field(form, 'intent');
  const id = field(form, 'id');
  const { reviews } = context.services;
  return runPageAction(context, intent, () =>
    intent === 'hide'
      ? reviews.moderate(id, { action: 'hide', reason: field(form, 'reason') })
      : intent === 'reply'
        ? reviews.moderate(id, { action: 'reply', reply: field(form, 'reply') })
        : reviews.moderate(id, { action: 'approve' }),
  );
}

const STATUS_TONE: Record<ReviewStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-green-100 text-green-900',
  hidden: '',
};

export default function AdminReviews({ loaderData }: Route.ComponentProps) {
  const { reviews, counts, status } = loaderData;
  const total = counts.pending + counts.approved + counts.hidden;
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-8">
      <h1 className="mb-2 text-3xl font-bold">Reviews</h1>
      <p className="mb-4 text-cocoa-light">
        {total} {total === 1 ? 'review' : 'reviews'}: {counts.pending} waiting, {counts.approved} shown,{' '}
        {counts.hidden} hidden. Product pages show the average of the shown ones only.
      </p>
      <nav aria-label="Show reviews" className="mb-6 flex flex-wrap gap-2">
        <FilterLink to="/admin/reviews" current={status === null} label="All" />
        {REVIEW_STATUSES.map((s) => (
          <FilterLink
            key={s}
            to={`/admin/reviews?status=${s}`}
            current={status === s}
            label={`${REVIEW_STATUS_LABELS[s]} (${counts[s]})`}
          />
        ))}
      </nav>
      {reviews.length === 0 ? (
        <Card className="p-10 text-center">
          <Star aria-hidden className="mx-auto mb-3 size-10 text-caramel" />
          <p className="text-lg font-medium">No reviews here yet</p>
          <p className="mt-1 text-cocoa-light">
            Customers are asked to review their cookies once an order is delivered or collected.
          </p>
        </Card>
      ) : (
        <ul className="space-y-4">
          {reviews.map((r) => (
            <li key={r.id}>
              <ReviewCard review={r} />
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

function FilterLink({ to, current, label }: { to: string; current: boolean; label: string }) {
  return (
    <Link
      to={to}
      aria-current={current ? 'page' : undefined}
      className="rounded-full border border-crumb px-3 py-1 text-sm aria-[current=page]:bg-caramel-dark aria-[current=page]:text-white"
    >
      {label}
    </Link>
  );
}

function ReviewCard({ review: r }: { review: AdminReview & { when: string } }) {
  const fetcher = useFetcher<PageActionResult>();
  useActionToast(fetcher, REVIEW_TOASTS);
  const busy = fetcher.state !== 'idle';
  return (
    <Card className="space-y-3 p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex flex-wrap items-center gap-2">
          <Stars rating={r.rating} />
          <span className="sr-only">{r.rating} out of 5 stars</span>
          <Link
            to={`/admin/products?q=${encodeURIComponent(r.productName)}`}
            className="font-bold hover:underline"
          >
            {r.productName}
          </Link>
          <span className="text-sm text-cocoa-light">
            by {r.author}, {r.when},{' '}
            <Link to={`/admin/orders/${r.orderId}`} className="underline">
              order #{r.orderId.slice(0, 8)}
            </Link>
          </span>
        </p>
        <Badge className={STATUS_TONE[r.status]}>{REVIEW_STATUS_LABELS[r.status]}</Badge>
      </div>
      <p className="whitespace-pre-line">
        {r.comment || <span className="text-cocoa-light">(no comment)</span>}
      </p>
      {r.status === 'hidden' && r.hiddenReason && (
        <p className="text-sm text-cocoa-light">Hidden because: {r.hiddenReason}</p>
      )}
      <div className="flex flex-wrap items-end gap-3">
        {r.status !== 'approved' && (
          <fetcher.Form method="post">
            <input type="hidden" name="id" value={r.id} />
            <Button type="submit" name="intent" value="approve" size="sm" disabled={busy}>
              Approve
            </Button>
          </fetcher.Form>
        )}
        {r.status !== 'hidden' && (
          <fetcher.Form method="post" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="id" value={r.id} />
            <label className="text-sm">
              <span className="mb-1 block font-medium">Reason for hiding</span>
              <input
                name="reason"
                required
                aria-describedby={`hide-rule-${r.id}`}
                className="rounded-md border border-crumb bg-white px-2 py-1.5"
              />
            </label>
            <p id={`hide-rule-${r.id}`} className="w-full text-xs text-cocoa-light">
              The shop tells customers it hides a review only when it is abusive, gives someone's personal
              details or is not about the cookie, never for its rating.
            </p>
            <Button type="submit" name="intent" value="hide" size="sm" variant="outline" disabled={busy}>
              Hide
            </Button>
          </fetcher.Form>
        )}
      </div>
      <fetcher.Form method="post" className="space-y-2">
        <input type="hidden" name="id" value={r.id} />
        <label htmlFor={`reply-${r.id}`} className="block text-sm font-medium">
          The shop’s reply (shown under the review)
        </label>
        <textarea
          id={`reply-${r.id}`}
          name="reply"
          rows={2}
          maxLength={MAX_REVIEW_REPLY}
          defaultValue={r.reply ?? ''}
          className="w-full rounded-md border border-crumb bg-white px-3 py-2"
        />
        <Button type="submit" name="intent" value="reply" size="sm" variant="outline" disabled={busy}>
          Save reply
        </Button>
      </fetcher.Form>
    </Card>
  );
}

import { Mail } from 'lucide-react';
import { MessageStateForm } from '~/app/components/admin/message-state-form';
import { Button } from '~/app/components/ui/button';
import { Badge, Card } from '~/app/components/ui/card';
import { cn } from '~/app/components/ui/cn';
import { Pagination } from '~/app/components/ui/pagination';
import { pageMeta } from '~/app/seo/meta';
import { requireAdminPage } from '~/app/server/guards.server';
import { field, runPageAction } from '~/app/server/page-action.server';
import { MESSAGE_STATE_LABELS } from '~/shared/message-states';
import { pageAsked } from '~/shared/schemas/admin';
import { formatDateTime } from '~/shared/time/london-time';
import type { Route } from './+types/messages';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Messages',
    description: 'Messages sent through the contact form.',
    noIndex: true,
  });

// Formatted on the server in the shop's time zone, so the server's HTML and the browser agree.
const received = formatDateTime;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const page = pageAsked(request.url);
  const { items, ...result } = await context.services.contact.list(page);
  return {
    ...result,
    shopName: context.services.config.shop.name,
    messages: items.map((m) => ({
      id: m.id,
      name: m.name,
      email: m.email,
      message: m.message,
      state: m.state,
      iso: m.createdAt.toISOString(),
      date: received(m.createdAt),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminPage(request, context);
  const form = await request.formData();
  return runPageAction(context, 'state', () =>
    context.services.contact.setState(field(form, 'id'), { state: field(form, 'state') }),
  );
}

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { messages, page, pageCount, total, unread, shopName } = loaderData;
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-8">
      <div className="mb-6 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-3xl font-bold">Messages</h1>
        {total > 0 && (
          <p className="text-cocoa-light">
            {total} {total === 1 ? 'message' : 'messages'}
            {unread > 0 && <span className="font-semibold text-caramel-dark">, {unread} unread</span>}
          </p>
        )}
      </div>
      {total === 0 ? (
        <Card className="p-10 text-center">
          <Mail aria-hidden className="mx-auto mb-3 size-10 text-caramel" />
          <p className="text-lg font-medium">No messages yet</p>
          <p className="mt-1 text-cocoa-light">Messages sent through the contact page will appear here.</p>
        </Card>
      ) : (
        <>
          {messages.length === 0 ? (
            <p className="text-cocoa-light">There are no messages on this page.</p>
          ) : (
            <ul className="space-y-4">
              {messages.map((m) => (
                <li key={m.id}>
                  <Card
                    className={cn(
                      'p-5',
                      m.state === 'unread' && 'border-l-4 border-l-caramel-dark',
                      m.state === 'handled' && 'bg-cream',
                    )}
                  >
                    <article aria-labelledby={`message-${m.id}`}>
                      <header className="mb-3 flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
                        <div className="min-w-0">
                          <h2 id={`message-${m.id}`} className="font-sans text-lg font-semibold break-words">
                            {m.name}
                            <span className="sr-only"> ({MESSAGE_STATE_LABELS[m.state]})</span>
                          </h2>
                          <a
                            href={`mailto:${m.email}`}
                            className="break-all text-caramel-dark underline-offset-2 hover:underline"
                          >
                            {m.email}
                          </a>
                        </div>
                        <div className="flex flex-wrap items-center gap-2">
                          <Badge
                            aria-hidden
                            className={cn(
                              m.state === 'unread' && 'bg-caramel-dark text-white',
                              m.state === 'handled' && 'bg-green-100 text-green-900',
                            )}
                          >
                            {m.state === 'unread' ? 'New' : MESSAGE_STATE_LABELS[m.state]}
                          </Badge>
                          <time dateTime={m.iso} className="text-sm text-cocoa-light">
                            {m.date}
                          </time>
                        </div>
                      </header>
                      <p className="break-words whitespace-pre-wrap">{m.message}</p>
                      <div className="mt-4 flex flex-wrap items-center gap-2">
                        <Button asChild variant="outline" size="sm">
                          <a
                            href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: Your message to ${shopName}`)}`}
                          >
                            <Mail aria-hidden className="size-4" />
                            Reply<span className="sr-only"> to {m.name}</span>
                          </a>
                        </Button>
                        <MessageStateForm id={m.id} name={m.name} state={m.state} />
                      </div>
                    </article>
                  </Card>
                </li>
              ))}
            </ul>
          )}
          <Pagination page={page} pageCount={pageCount} />
        </>
      )}
    </main>
  );
}

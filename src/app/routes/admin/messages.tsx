import { Mail } from 'lucide-react';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { Pagination } from '~/app/components/ui/pagination';
import { requireAdminPage } from '~/app/lib/guards.server';
import { pageMeta } from '~/app/lib/meta';
import { formatDateTime } from '~/shared/constants';
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
  const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
  const result = await context.services.contact.list(page);
  return {
    ...result,
    shopName: context.services.config.shop.name,
    messages: result.messages.map((m) => ({
      id: m.id,
      name: m.name,
      email: m.email,
      message: m.message,
      iso: m.createdAt.toISOString(),
      date: received(m.createdAt),
    })),
  };
}

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { messages, page, pageCount, total, shopName } = loaderData;
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-8">
      <div className="mb-6 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-3xl font-bold">Messages</h1>
        {total > 0 && (
          <p className="text-cocoa-light">
            {total} {total === 1 ? 'message' : 'messages'}
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
                  <Card className="p-5">
                    <article aria-labelledby={`message-${m.id}`}>
                      <header className="mb-3 flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
                        <div className="min-w-0">
                          <h2 id={`message-${m.id}`} className="font-sans text-lg font-semibold break-words">
                            {m.name}
                          </h2>
                          <a
                            href={`mailto:${m.email}`}
                            className="break-all text-caramel-dark underline-offset-2 hover:underline"
                          >
                            {m.email}
                          </a>
                        </div>
                        <time dateTime={m.iso} className="text-sm text-cocoa-light">
                          {m.date}
                        </time>
                      </header>
                      <p className="break-words whitespace-pre-wrap">{m.message}</p>
                      <Button asChild variant="outline" size="sm" className="mt-4">
                        <a
                          href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: Your message to ${shopName}`)}`}
                        >
                          <Mail aria-hidden className="size-4" />
                          Reply<span className="sr-only"> to {m.name}</span>
                        </a>
                      </Button>
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

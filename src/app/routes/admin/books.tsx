import { BookOpen, Download } from 'lucide-react';
import { Form } from 'react-router';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { Field } from '~/app/components/ui/field';
import { Input } from '~/app/components/ui/input';
import { pageMeta } from '~/app/seo/meta';
import { requireAdminPage } from '~/app/server/guards.server';
import {
  ACCOUNT_CODES,
  type BooksFormat,
  type BooksKind,
  INVOICES_PER_FILE,
  parseBooksPeriod,
} from '~/shared/books/books';
import { formatPence } from '~/shared/money/money';
import { formatLongDate, londonDate } from '~/shared/time/london-time';
import type { Route } from './+types/books';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Books',
    description: "A period's sales for Xero or QuickBooks.",
    noIndex: true,
  });

/** The period asked for (`?month=` or `?from=&to=`), this London month when none is. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const url = new URL(request.url);
  const asked = {
    month: url.searchParams.get('month') ?? undefined,
    from: url.searchParams.get('from') ?? undefined,
    to: url.searchParams.get('to') ?? undefined,
  };
  const none = !asked.month && !asked.from && !asked.to;
  const query: { month?: string; from?: string; to?: string } = none
    ? { month: londonDate(new Date()).slice(0, 7) }
    : asked;
  const period = parseBooksPeriod(query);
  if ('error' in period) return { query, error: period.error, summary: null };
  return { query, error: null, summary: await context.services.books.summary(query) };
}

const FORMAT_LABELS: Record<BooksFormat, string> = { xero: 'Xero', quickbooks: 'QuickBooks' };
const KIND_LABELS: Record<BooksKind, string> = { invoices: 'sales invoices', 'credit-notes': 'credit notes' };

/** The download link of one file: the API checks the role and the period again. */
function fileHref(
  query: Record<string, string | undefined>,
  format: BooksFormat,
  kind: BooksKind,
  part: number,
) {
  const params = new URLSearchParams({ format, kind, part: String(part) });
  for (const [k, v] of Object.entries(query)) if (v) params.set(k, v);
  return `/api/admin/books/export.csv?${params}`;
}

export default function AdminBooks({ loaderData }: Route.ComponentProps) {
  const { query, error, summary } = loaderData;
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-8">
      <h1 className="mb-2 text-3xl font-bold">Books</h1>
      <p className="mb-6 text-cocoa-light">
        Export for Xero, or a QuickBooks-compatible CSV, of the orders paid in a period (London time) and the
        refunds made in it: one row per order line, delivery and discounts on lines of their own, refunds as
        credit notes, gift cards sold booked to a liability account ({ACCOUNT_CODES.giftCards}), at most{' '}
        {INVOICES_PER_FILE} invoices a file. Import the amounts as tax inclusive.
      </p>
      <Form method="get" className="mb-8 grid gap-4 print:hidden sm:grid-cols-[1fr_auto]" aria-label="Period">
        <div className="grid gap-4 sm:grid-cols-3">
          <Field id="books-month" label="Month" error={error ? { message: error } : undefined}>
            <Input id="books-month" name="month" type="month" defaultValue={query.month ?? ''} />
          </Field>
          <Field id="books-from" label="Or from">
            <Input id="books-from" name="from" type="date" defaultValue={query.from ?? ''} />
          </Field>
          <Field id="books-to" label="To">
            <Input id="books-to" name="to" type="date" defaultValue={query.to ?? ''} />
          </Field>
        </div>
        <Button type="submit" className="self-end">
          Show the period
        </Button>
      </Form>
      {summary && (
        <>
          <h2 className="mb-3 text-xl font-semibold">
            {formatLongDate(`${summary.period.from}T12:00:00Z`)} to{' '}
            {formatLongDate(`${summary.period.to}T12:00:00Z`)}
          </h2>
          <div className="mb-6 grid gap-4 sm:grid-cols-2">
            <Card className="p-4">
              <p className="text-sm text-cocoa-light">Retail sales</p>
              <p className="text-2xl font-bold">{formatPence(summary.sales.retail.pennies)}</p>
              <p className="text-sm text-cocoa-light">
                {summary.sales.retail.orders} paid orders, less refunds
              </p>
            </Card>
            <Card className="p-4">
              <p className="text-sm text-cocoa-light">Trade sales</p>
              <p className="text-2xl font-bold">{formatPence(summary.sales.trade.pennies)}</p>
              <p className="text-sm text-cocoa-light">
                {summary.sales.trade.orders} paid orders, less refunds
              </p>
            </Card>
          </div>
          <p className="mb-4">
            {summary.invoices} {summary.invoices === 1 ? 'invoice' : 'invoices'} (orders paid) and{' '}
            {summary.creditNotes} {summary.creditNotes === 1 ? 'credit note' : 'credit notes'} (refunds).
          </p>
          {summary.invoices === 0 && summary.creditNotes === 0 && (
            <Card className="mb-4 p-8 text-center">
              <BookOpen aria-hidden className="mx-auto mb-3 size-10 text-caramel" />
              <p className="text-lg font-medium">No sales in this period</p>
            </Card>
          )}
          <ul className="grid gap-2">
            {/* A kind with nothing in the period offers no file. */}
            {summary.files
              .filter((f) => (f.kind === 'invoices' ? summary.invoices : summary.creditNotes) > 0)
              .map((f) => (
                <li key={f.name}>
                  <a
                    href={fileHref(query, f.format, f.kind, f.part)}
                    download={f.name}
                    className="inline-flex items-center gap-2 underline underline-offset-4"
                  >
                    <Download aria-hidden className="size-4" />
                    {f.format === 'xero' ? 'Export for Xero' : 'QuickBooks CSV'}: {KIND_LABELS[f.kind]}
                    {f.parts > 1 ? ` (file ${f.part} of ${f.parts})` : ''}
                  </a>
                </li>
              ))}
          </ul>
          <p className="mt-6 text-sm text-cocoa-light">
            {FORMAT_LABELS.xero}: import the sales invoices under Sales, Invoices, Import, and the credit
            notes under Credit notes, Import. Create account {ACCOUNT_CODES.giftCards} (Gift cards
            outstanding, a current liability) in your chart of accounts first.
          </p>
        </>
      )}
    </main>
  );
}

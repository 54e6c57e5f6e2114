import { Printer } from 'lucide-react';
import { data, Form, Link, redirect, useActionData, useNavigation } from 'react-router';
import { CreditNoteDocument, InvoiceDocument } from '~/app/components/trade/invoice-document';
import { Button } from '~/app/components/ui/button';
import { requireCustomerPage } from '~/app/server/guards.server';
import { orNotFoundPage, refusalOf } from '~/app/server/service-errors.server';
import { formatPence } from '~/shared/money/money';
import { invoiceDocument, invoiceNumberText } from '~/shared/trade/trade-invoices';
import type { Route } from './+types/invoice';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Invoice ${invoiceNumberText(loaderData.invoice.number)}` : 'Invoice' },
  { name: 'robots', content: 'noindex' },
];

/** One of the trade customer's own invoices, to read and print; anyone else's is not found. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireCustomerPage(request, context, `/admin/invoices/${params.number}`);
  const { invoice, lines } = await orNotFoundPage(() =>
    context.services.tradeOrders.invoiceFor(user.id, params.number),
  );
  const notes = await context.services.creditNotes.forInvoice(invoice.number);
  return data(
    { invoice: invoiceDocument(invoice, lines, notes) },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** Pay by card: the provider's hosted page for what the invoice still asks, coming back here. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireCustomerPage(request, context, `/admin/invoices/${params.number}`);
  try {
    const { url } = await context.services.tradeOrders.payByCard(
      user.id,
      params.number,
      request.headers.get('origin') ?? undefined,
    );
    return redirect(url);
  } catch (err) {
    const refused = refusalOf(err);
    if (!refused) throw err;
    return data({ error: refused.message }, { status: refused.status });
  }
}

export default function TradeInvoice({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto w-full max-w-4xl px-4 py-10 print:max-w-none print:p-0">
      <p className="mb-4 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to="/trade/invoices" className="underline">
          All your invoices
        </Link>
        <Button type="button" variant="outline" onClick={() => window.print()}>
          <Printer aria-hidden className="size-4" />
          Print or save as PDF
        </Button>
      </p>
      <InvoiceDocument invoice={loaderData.invoice} />
      {loaderData.invoice.creditNotes.map((c) => (
        <CreditNoteDocument key={c.number} note={c} invoice={loaderData.invoice} />
      ))}
      {!loaderData.invoice.paid && <PayByCard owedPennies={loaderData.invoice.owedPennies} />}
    </main>
  );
}

/** What the invoice still asks paid by card on the payment provider's secure page (or a bank transfer, as the invoice says). */
function PayByCard({ owedPennies }: { owedPennies: number }) {
  const refused = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  return (
    <Form method="post" className="mt-6 flex flex-col items-start gap-2 print:hidden">
      <Button type="submit" disabled={busy} aria-busy={busy}>
        {busy ? 'Opening the payment page...' : `Pay ${formatPence(owedPennies)} by card`}
      </Button>
      <p className="text-sm text-cocoa-light">
        You pay on our payment provider’s secure page, then come back here.
      </p>
      {refused?.error && (
        <p role="alert" className="text-sm text-red-700">
          {refused.error}
        </p>
      )}
    </Form>
  );
}

import { Printer } from 'lucide-react';
import { data, Link } from 'react-router';
import { InvoiceDocument } from '~/app/components/trade/invoice-document';
import { Button } from '~/app/components/ui/button';
import { requireCustomerPage } from '~/app/lib/guards.server';
import { orNotFoundPage } from '~/app/lib/service-errors.server';
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
  return data(
    { invoice: invoiceDocument(invoice, lines) },
    { headers: { 'Cache-Control': 'private, no-store' } },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

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
    </main>
  );
}

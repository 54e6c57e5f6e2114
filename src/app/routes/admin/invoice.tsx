import { Link } from 'react-router';
import { PrintButton } from '~/app/components/admin/bake-days/print-button';
import { InvoiceDocument } from '~/app/components/trade/invoice-document';
import { requireAdminPage } from '~/app/lib/guards.server';
import { orNotFoundPage } from '~/app/lib/service-errors.server';
import { invoiceDocument, invoiceNumberText } from '~/shared/trade/trade-invoices';
import type { Route } from './+types/invoice';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Invoice ${invoiceNumberText(loaderData.invoice.number)}` : 'Invoice' },
  { name: 'robots', content: 'noindex' },
];

/** One trade invoice as the customer received it, for printing: without the back office around it. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const { invoice, lines } = await orNotFoundPage(() => context.services.tradeOrders.invoice(params.number));
  return { invoice: invoiceDocument(invoice, lines) };
}

export default function AdminInvoice({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-4xl bg-white p-8 text-cocoa print:max-w-none print:p-0">
      <p className="mb-4 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to="/admin/invoices" className="underline">
          Trade orders and invoices
        </Link>
        <PrintButton>Print</PrintButton>
      </p>
      <InvoiceDocument invoice={loaderData.invoice} />
    </main>
  );
}

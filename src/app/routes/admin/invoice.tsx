import { Link } from 'react-router';
import { PrintButton } from '~/app/components/admin/bake-days/print-button';
import { CREDIT_NOTE_TOASTS, CreditNoteForm } from '~/app/components/trade/credit-note-form';
import { CreditNoteDocument, InvoiceDocument } from '~/app/components/trade/invoice-document';
import { requireAdminPage } from '~/app/server/guards.server';
import { field, runPageAction } from '~/app/server/page-action.server';
import { orNotFoundPage } from '~/app/server/service-errors.server';
import { toastWhenAnswered } from '~/app/toast/use-action-toast';
import { adminActor } from '~/shared/orders/actor';
import { invoiceDocument, invoiceNumberText } from '~/shared/trade/trade-invoices';
import type { Route } from './+types/invoice';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Invoice ${invoiceNumberText(loaderData.invoice.number)}` : 'Invoice' },
  { name: 'robots', content: 'noindex' },
];

/** One trade invoice as the customer received it, with its credit notes, for printing. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const { tradeOrders, creditNotes } = context.services;
  const { invoice, lines } = await orNotFoundPage(() => tradeOrders.invoice(params.number));
  const [notes, left] = await Promise.all([
    creditNotes.forInvoice(invoice.number),
    creditNotes.creditable(invoice.number),
  ]);
  return {
    invoice: invoiceDocument(invoice, lines, notes),
    creditable: lines.map((l) => ({
      position: l.position,
      description: l.description,
      left: left.get(l.position) ?? 0,
    })),
    /** Paid by card, a credit is the order's refund (back to the card); by transfer, paid back. */
    mayCredit: invoice.paidBy !== 'card' && invoice.paidBy !== 'credit_note',
    paid: invoice.paidAt !== null,
    orderId: invoice.orderId,
  };
}

export const clientAction = toastWhenAnswered(CREDIT_NOTE_TOASTS);

/** `credit`: a credit note for cookies short on the day or returned. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireAdminPage(request, context);
  const form = await request.formData();
  const quantities = Object.fromEntries(
    [...form.keys()].filter((k) => /^q_\d+$/.test(k)).map((k) => [k.slice(2), field(form, k)]),
  );
  return runPageAction(context, 'credit', () =>
    context.services.creditNotes.issue(
      params.number,
      { reason: field(form, 'reason'), note: field(form, 'note'), quantities },
      adminActor(user),
    ),
  );
}

export default function AdminInvoice({ loaderData }: Route.ComponentProps) {
  const { invoice, creditable, mayCredit, paid, orderId } = loaderData;
  return (
    <main className="mx-auto max-w-4xl bg-white p-4 text-cocoa sm:p-8 print:max-w-none print:p-0">
      <p className="mb-4 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to="/admin/invoices" className="underline">
          Trade orders and invoices
        </Link>
        <PrintButton>Print</PrintButton>
      </p>
      <InvoiceDocument invoice={invoice} />
      {invoice.creditNotes.map((c) => (
        <CreditNoteDocument key={c.number} note={c} invoice={invoice} />
      ))}
      {mayCredit ? (
        <CreditNoteForm lines={creditable} paid={paid} />
      ) : (
        invoice.paid?.startsWith('Paid by card') && (
          <p className="mt-8 print:hidden">
            Paid by card: to credit cookies short or returned,{' '}
            <Link to={`/admin/orders/${orderId}`} className="underline">
              refund them on the order
            </Link>{' '}
            (the refund goes back to the card and is a credit note in the books).
          </p>
        )
      )}
    </main>
  );
}

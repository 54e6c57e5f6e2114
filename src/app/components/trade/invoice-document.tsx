import { formatPence } from '~/shared/money/money';
import { formatLongDate } from '~/shared/time/london-time';
import { type InvoiceDocumentData, invoiceNumberText, vatRateText } from '~/shared/trade/trade-invoices';

export type { InvoiceDocumentData };

/** Dates on an invoice carry their year: "3 December 2026". */
const dateText = (d: string) => formatLongDate(d);

/** The full VAT invoice (HMRC's list): numbers, dates, both parties, lines, VAT per rate, totals. */
export function InvoiceDocument({ invoice: i }: { invoice: InvoiceDocumentData }) {
  return (
    <article
      data-print-document
      aria-labelledby="invoice-title"
      className="rounded-lg border border-crumb bg-white p-4 sm:p-8 print:border-0 print:p-0"
    >
      <header className="mb-6 flex flex-wrap justify-between gap-4">
        <div>
          <h1 id="invoice-title" className="text-2xl font-bold">
            {`VAT invoice ${invoiceNumberText(i.number)}`}
          </h1>
          <p className="mt-1 font-medium">{i.sellerName}</p>
          <p className="whitespace-pre-line text-sm">{i.sellerAddress}</p>
          <p className="text-sm">VAT registration number: {i.sellerVatNumber || 'not set'}</p>
        </div>
        <dl className="grid grid-cols-[auto_auto] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium">Invoice number</dt>
          <dd>{invoiceNumberText(i.number)}</dd>
          <dt className="font-medium">Date of issue</dt>
          <dd>{dateText(i.issuedOn)}</dd>
          <dt className="font-medium">Date of supply</dt>
          <dd>{dateText(i.suppliedOn)}</dd>
          <dt className="font-medium">Payment due</dt>
          <dd>{dateText(i.dueOn)}</dd>
          <dt className="font-medium">Status</dt>
          <dd>{i.paid ?? 'Not paid'}</dd>
        </dl>
      </header>
      <section aria-label="Invoice to" className="mb-6">
        <h2 className="text-sm font-bold uppercase tracking-wide text-cocoa-light">Invoice to</h2>
        <p className="font-medium">{i.customerName}</p>
        <p className="text-sm">{i.customerAddress}</p>
        {i.customerVatNumber && <p className="text-sm">VAT number: {i.customerVatNumber}</p>}
      </section>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[32rem] text-left text-sm">
          <thead>
            <tr className="border-b border-crumb">
              <th className="py-2">Description</th>
              <th className="text-right">Quantity</th>
              <th className="text-right">Unit price ex VAT</th>
              <th className="text-right">VAT rate</th>
              <th className="text-right">Net</th>
              <th className="text-right">VAT</th>
            </tr>
          </thead>
          <tbody>
            {i.lines.map((l) => (
              <tr key={l.position} className="border-b border-crumb/50">
                <td className="py-2">{l.description}</td>
                <td className="text-right">{l.quantity}</td>
                <td className="text-right">{formatPence(l.unitPenniesExVat)}</td>
                <td className="text-right">{vatRateText(l.vatRate)}</td>
                <td className="text-right">{formatPence(l.netPennies)}</td>
                <td className="text-right">{formatPence(l.vatPennies)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-6 flex flex-wrap justify-between gap-6">
        <table className="text-sm">
          <caption className="mb-1 text-left font-bold">VAT summary</caption>
          <thead>
            <tr>
              <th className="pr-4 text-left">Rate</th>
              <th className="pr-4 text-right">Net</th>
              <th className="text-right">VAT</th>
            </tr>
          </thead>
          <tbody>
            {i.byRate.map((r) => (
              <tr key={r.vatRate}>
                <td className="pr-4">{vatRateText(r.vatRate)}</td>
                <td className="pr-4 text-right">{formatPence(r.netPennies)}</td>
                <td className="text-right">{formatPence(r.vatPennies)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="grid min-w-[14rem] grid-cols-[1fr_auto] gap-x-6 gap-y-1">
          <dt>Total ex VAT</dt>
          <dd className="text-right">{formatPence(i.netPennies)}</dd>
          <dt>VAT</dt>
          <dd className="text-right">{formatPence(i.vatPennies)}</dd>
          <dt className="text-lg font-bold">Total</dt>
          <dd className="text-right text-lg font-bold">{formatPence(i.totalPennies)}</dd>
        </dl>
      </div>
      <p className="mt-8 text-sm">
        Please pay by {dateText(i.dueOn)}, quoting {invoiceNumberText(i.number)}.
      </p>
    </article>
  );
}

import { formatPence } from '~/shared/money/money';
import { formatLongDate } from '~/shared/time/london-time';
import {
  type CreditNoteDocumentData,
  creditNoteNumberText,
  stillOwedText,
} from '~/shared/trade/credit-notes';
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
          <Seller invoice={i} />
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
          <dd>
            {i.paid ??
              (i.creditedPennies > 0
                ? `Not paid: ${stillOwedText(i.owedPennies, i.creditedPennies)}`
                : 'Not paid')}
          </dd>
        </dl>
      </header>
      <section aria-label="Invoice to" className="mb-6">
        <h2 className="text-sm font-bold uppercase tracking-wide text-cocoa-light">Invoice to</h2>
        <p className="font-medium">{i.customerName}</p>
        <p className="text-sm">{i.customerAddress}</p>
        {i.customerVatNumber && <p className="text-sm">VAT number: {i.customerVatNumber}</p>}
      </section>
      <DocumentLines lines={i.lines} />
      <div className="mt-6 flex flex-wrap justify-between gap-6">
        <VatSummary byRate={i.byRate} />
        <Totals
          netPennies={i.netPennies}
          vatPennies={i.vatPennies}
          totalPennies={i.totalPennies}
          label="Total"
        />
      </div>
      <p className="mt-8 text-sm">
        Please pay by {dateText(i.dueOn)}, quoting {invoiceNumberText(i.number)}.
      </p>
    </article>
  );
}

type Line = InvoiceDocumentData['lines'][number];

/** The shop as the document names it: name, address and VAT registration number. */
function Seller({ invoice: i }: { invoice: InvoiceDocumentData }) {
  return (
    <>
      <p className="mt-1 font-medium">{i.sellerName}</p>
      <p className="whitespace-pre-line text-sm">{i.sellerAddress}</p>
      <p className="text-sm">VAT registration number: {i.sellerVatNumber || 'not set'}</p>
    </>
  );
}

/** A document's lines: what each is, how many, at what price ex VAT, its VAT rate and amounts. */
function DocumentLines({ lines }: { lines: Line[] }) {
  return (
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
          {lines.map((l) => (
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
  );
}

/** Net and VAT per rate: zero-rated and standard-rated apart, as HMRC asks. */
function VatSummary({ byRate }: { byRate: InvoiceDocumentData['byRate'] }) {
  return (
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
        {byRate.map((r) => (
          <tr key={r.vatRate}>
            <td className="pr-4">{vatRateText(r.vatRate)}</td>
            <td className="pr-4 text-right">{formatPence(r.netPennies)}</td>
            <td className="text-right">{formatPence(r.vatPennies)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Totals(t: { netPennies: number; vatPennies: number; totalPennies: number; label: string }) {
  return (
    <dl className="grid min-w-[14rem] grid-cols-[1fr_auto] gap-x-6 gap-y-1">
      <dt>Total ex VAT</dt>
      <dd className="text-right">{formatPence(t.netPennies)}</dd>
      <dt>VAT</dt>
      <dd className="text-right">{formatPence(t.vatPennies)}</dd>
      <dt className="text-lg font-bold">{t.label}</dt>
      <dd className="text-right text-lg font-bold">{formatPence(t.totalPennies)}</dd>
    </dl>
  );
}

/**
 * A credit note as HMRC asks for one: its number and date, both parties, the invoice it is
 * against, what is credited line by line with VAT, and the totals; printed after its invoice.
 */
export function CreditNoteDocument({
  note: c,
  invoice: i,
}: {
  note: CreditNoteDocumentData;
  invoice: InvoiceDocumentData;
}) {
  const id = `credit-note-${c.number}`;
  return (
    <article
      data-print-document
      aria-labelledby={id}
      className="mt-8 rounded-lg border border-crumb bg-white p-4 sm:p-8 print:mt-0 print:break-before-page print:border-0 print:p-0"
    >
      <header className="mb-6 flex flex-wrap justify-between gap-4">
        <div>
          <h2 id={id} className="text-2xl font-bold">
            {`Credit note ${creditNoteNumberText(c.number)}`}
          </h2>
          <Seller invoice={i} />
        </div>
        <dl className="grid grid-cols-[auto_auto] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium">Credit note number</dt>
          <dd>{creditNoteNumberText(c.number)}</dd>
          <dt className="font-medium">Date of issue</dt>
          <dd>{dateText(c.issuedOn)}</dd>
          <dt className="font-medium">Against invoice</dt>
          <dd>{`${invoiceNumberText(c.invoiceNumber)} of ${dateText(i.issuedOn)}`}</dd>
          <dt className="font-medium">Reason</dt>
          <dd>{c.reason}</dd>
          <dt className="font-medium">Settled</dt>
          <dd>{c.settled}</dd>
        </dl>
      </header>
      <section aria-label="Credit to" className="mb-6">
        <h3 className="text-sm font-bold uppercase tracking-wide text-cocoa-light">Credit to</h3>
        <p className="font-medium">{i.customerName}</p>
        <p className="text-sm">{i.customerAddress}</p>
        {i.customerVatNumber && <p className="text-sm">VAT number: {i.customerVatNumber}</p>}
        {c.note && <p className="mt-2 text-sm">{c.note}</p>}
      </section>
      <DocumentLines lines={c.lines} />
      <div className="mt-6 flex flex-wrap justify-between gap-6">
        <VatSummary byRate={c.byRate} />
        <Totals
          netPennies={c.netPennies}
          vatPennies={c.vatPennies}
          totalPennies={c.totalPennies}
          label="Total credited"
        />
      </div>
    </article>
  );
}

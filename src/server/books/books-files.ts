import {
  type BookLine,
  type BookOrder,
  type BookRefund,
  type BooksFormat,
  type BooksKind,
  bookInvoice,
  creditNoteLines,
  creditNoteNumber,
  QUICKBOOKS_NO_VAT,
  QUICKBOOKS_TAX_CODES,
  ukDate,
  XERO_NO_VAT,
  XERO_TAX_TYPES,
} from '~/shared/books/books';
import { csvRow, pounds } from '../csv/csv';

/**
 * The files' columns and rows (docs/rules/xero-export.md): Xero's sales invoice and credit note
 * import templates, column for column, and QuickBooks Online's invoice import columns.
 */

const XERO_ADDRESS = [
  'POAddressLine1',
  'POAddressLine2',
  'POAddressLine3',
  'POAddressLine4',
  'POCity',
  'PORegion',
  'POPostalCode',
  'POCountry',
];
const XERO_LINE = [
  'InventoryItemCode',
  '*Description',
  '*Quantity',
  '*UnitAmount',
  'Discount',
  '*AccountCode',
  '*TaxType',
  'TaxAmount',
];
const XERO_TAIL = [
  'TrackingName1',
  'TrackingOption1',
  'TrackingName2',
  'TrackingOption2',
  'Currency',
  'BrandingTheme',
];

export const BOOKS_HEADERS: Record<BooksFormat, Record<BooksKind, string[]>> = {
  xero: {
    invoices: [
      '*ContactName',
      'EmailAddress',
      ...XERO_ADDRESS,
      '*InvoiceNumber',
      'Reference',
      '*InvoiceDate',
      '*DueDate',
      'Total',
      ...XERO_LINE,
      ...XERO_TAIL,
    ],
    'credit-notes': [
      '*ContactName',
      'EmailAddress',
      ...XERO_ADDRESS,
      '*CreditNoteNumber',
      'Reference',
      '*CreditNoteDate',
      'Total',
      ...XERO_LINE,
      ...XERO_TAIL,
    ],
  },
  quickbooks: {
    invoices: [
      '*InvoiceNo',
      '*Customer',
      '*InvoiceDate',
      '*DueDate',
      'Terms',
      'Location',
      'Memo',
      'Item(Product/Service)',
      'ItemDescription',
      'ItemQuantity',
      'ItemRate',
      '*ItemAmount',
      '*ItemTaxCode',
    ],
    'credit-notes': [
      '*CreditNoteNo',
      '*Customer',
      '*CreditNoteDate',
      'Memo',
      'Item(Product/Service)',
      'ItemDescription',
      'ItemQuantity',
      'ItemRate',
      '*ItemAmount',
      '*ItemTaxCode',
    ],
  },
};

const money = (pennies: number) => ({ number: pounds(pennies) });
const xeroTax = (l: BookLine) => (l.vatRate === null ? XERO_NO_VAT : XERO_TAX_TYPES[l.vatRate]);
const quickbooksTax = (l: BookLine) =>
  l.vatRate === null ? QUICKBOOKS_NO_VAT : QUICKBOOKS_TAX_CODES[l.vatRate];
/** The channel, as a Xero tracking category, so its reports show retail and trade apart. */
const channel = (o: BookOrder) => ['Channel', o.trade ? 'Trade' : 'Retail'];
const blanks = (n: number) => Array.from({ length: n }, () => '');

function xeroLine(l: BookLine) {
  return [
    '',
    l.description,
    { number: String(l.quantity) },
    money(l.unitPennies),
    '',
    l.account,
    xeroTax(l),
    '',
  ];
}

/**
 * One row of a Xero sales invoice or credit note: the two templates share their columns but for
 * the dates (`dates`: an invoice's date and due date, a credit note's date). Xero works out Total and TaxAmount itself from the lines (amounts
 * imported as tax inclusive), so those columns are left empty; Currency is GBP.
 */
function xeroRow(o: BookOrder, number: string, reference: string, dates: string[], l: BookLine) {
  return csvRow([
    o.contact,
    o.email,
    ...blanks(8),
    number,
    reference,
    ...dates,
    '',
    ...xeroLine(l),
    ...channel(o),
    '',
    '',
    'GBP',
    '',
  ]);
}

/** An order's invoice rows (or one part's, when it was paid in parts) in the format asked for. */
export function invoiceRows(format: BooksFormat, o: BookOrder): string[] {
  const date = ukDate(o.paidOn);
  const { number, reference, lines } = bookInvoice(o);
  return lines.map((l) =>
    format === 'xero'
      ? xeroRow(o, number, reference, [date, date], l)
      : csvRow([
          number,
          o.contact,
          date,
          date,
          'Paid',
          o.trade ? 'Trade' : 'Retail',
          reference,
          l.item,
          l.description,
          { number: String(l.quantity) },
          money(l.unitPennies),
          money(l.quantity * l.unitPennies),
          quickbooksTax(l),
        ]),
  );
}

/** A refund's credit note rows (amounts positive: the credit note is the sign). */
export function creditNoteRows(format: BooksFormat, r: BookRefund): string[] {
  const date = ukDate(r.madeOn);
  const number = r.document?.number ?? creditNoteNumber(r.id);
  const o = r.order;
  return creditNoteLines(r).map((l) =>
    format === 'xero'
      ? xeroRow(o, number, `Refund of order #${o.number}`, [date], l)
      : csvRow([
          number,
          o.contact,
          date,
          `Refund of order #${o.number}`,
          l.item,
          l.description,
          { number: String(l.quantity) },
          money(l.unitPennies),
          money(l.quantity * l.unitPennies),
          quickbooksTax(l),
        ]),
  );
}

import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE, isOneLine } from '../schemas/plain-text';

/**
 * Who the customer is buying from: what the Consumer Contracts Regulations 2013 (schedule 2) and
 * the Electronic Commerce Regulations 2002 (reg. 6) ask a trader to give. The owner sets it in
 * Settings; it is shown on the Legal page, on receipts and in order e-mails.
 */
export interface TraderDetails {
  legalName: string;
  /** A geographic address (not a PO box). */
  address: string;
  email: string;
  phone: string;
  /** Only for a registered company (Companies House). */
  companyNumber: string;
  registeredOffice: string;
  /** "GB123456789"; empty = not VAT registered. */
  vatNumber: string;
}

/** The details every trader must give, with how the back office names a missing one. */
export const REQUIRED_TRADER_DETAILS = {
  legalName: 'legal name',
  address: 'geographic address',
  email: 'e-mail address',
  phone: 'phone number',
} as const satisfies Partial<Record<keyof TraderDetails, string>>;

/** The required details still empty, named for the owner ("legal name", ...). */
export function missingTraderDetails(d: TraderDetails): string[] {
  return Object.entries(REQUIRED_TRADER_DETAILS).flatMap(([key, label]) =>
    d[key as keyof typeof REQUIRED_TRADER_DETAILS].trim() ? [] : [label],
  );
}

export const TRADER_TEXT_MAX = 200;

const line = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(TRADER_TEXT_MAX, `Keep the ${label.toLowerCase()} under ${TRADER_TEXT_MAX} characters`)
    .refine(isOneLine, CONTROL_CHARACTERS_MESSAGE(label))
    .default('');

/**
 * The Settings form's "Who we are". Each may be left empty while the shop is set up (the
 * dashboard names what is missing); what is given must be well formed.
 */
export const TraderDetailsSchema = z.object({
  legalName: line('Legal name'),
  address: line('Address'),
  email: line('E-mail').refine(
    (v) => !v || z.email().safeParse(v).success,
    'Give an e-mail address like hello@example.co.uk',
  ),
  phone: line('Phone').refine(
    (v) => !v || /^\+?[\d ()-]{7,20}$/.test(v),
    'Give a phone number like 01743 123456',
  ),
  companyNumber: line('Company number')
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .refine(
      (v) => !v || /^([A-Z]{2}\d{6}|\d{8})$/.test(v),
      'A company number is 8 characters, like 01234567 or SC123456',
    ),
  registeredOffice: line('Registered office'),
  vatNumber: line('VAT number')
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .refine((v) => !v || /^(GB)?(\d{9}|\d{12})$/.test(v), 'A UK VAT number is GB and 9 or 12 digits')
    .transform((v) => (v && !v.startsWith('GB') ? `GB${v}` : v)),
}) satisfies z.ZodType<TraderDetails, unknown>;

/**
 * One line under every order e-mail and receipt: the legal name and, when given, company number,
 * registered office and VAT number. Empty when no legal name is set yet.
 */
export function traderLine(d: TraderDetails): string {
  if (!d.legalName) return '';
  return [
    d.legalName,
    d.companyNumber && `Company no. ${d.companyNumber}`,
    d.registeredOffice && `Registered office: ${d.registeredOffice}`,
    d.vatNumber && `VAT no. ${d.vatNumber}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

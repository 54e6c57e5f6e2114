import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE as bad, isOneLine } from './plain-text';

/** UK postcodes, e.g. "SY1 1AA", "SW1A 2AA", "M1 1AE" (checked after uppercasing). */
const UK_POSTCODE = /^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$/;
/** Letters in any alphabet (with combining accents), spaces, hyphens, straight and curly apostrophes. */
const NAME_CHARACTERS = /^[\p{L}\p{M} '’-]+$/u;
const UK_MOBILE = /^07\d{9}$/;

export const SIGN_UP_MESSAGES = {
  fullNameRequired: 'Full name is required',
  fullNameTooLong: 'Full name must be less than 100 characters',
  fullNameCharacters: 'Full name can only contain letters, spaces, hyphens and apostrophes',
  emailInvalid: 'Invalid email address',
  emailTooLong: 'Email must be less than 255 characters',
  phone: 'Phone must be a valid UK mobile number (e.g., 07123456789)',
  addressRequired: 'Address is required',
  addressTooLong: 'Address must be less than 200 characters',
  cityRequired: 'City is required',
  cityTooLong: 'City must be less than 100 characters',
  postcode: 'Invalid UK postcode format',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooLong: 'Password must be less than 72 characters',
} as const;

const m = SIGN_UP_MESSAGES;
// A missing or non-text field (a request that skipped the form) gets the field's own message.
const text = (message: string) => z.string({ error: message });

/** The password rule of docs/rules/accounts.md: 6 to 72 characters (sign-up, reset, change). */
export const PasswordSchema = text(m.passwordTooShort).min(6, m.passwordTooShort).max(72, m.passwordTooLong);

/**
 * Sign-up rules of docs/rules/accounts.md, in its order (fields and checks alike): the first issue is the
 * message shown, by the form's toast and by the server's 400.
 */
export const SignUpSchema = z.object({
  fullName: text(m.fullNameRequired)
    .trim()
    .min(1, m.fullNameRequired)
    .max(100, m.fullNameTooLong)
    .regex(NAME_CHARACTERS, m.fullNameCharacters),
  email: text(m.emailInvalid).trim().pipe(z.email(m.emailInvalid).max(255, m.emailTooLong)),
  phone: text(m.phone)
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(UK_MOBILE, m.phone)),
  address: text(m.addressRequired)
    .trim()
    .min(1, m.addressRequired)
    .max(200, m.addressTooLong)
    .refine(isOneLine, bad('Address')),
  city: text(m.cityRequired)
    .trim()
    .min(1, m.cityRequired)
    .max(100, m.cityTooLong)
    .refine(isOneLine, bad('City')),
  postcode: text(m.postcode)
    .transform((v) => v.toUpperCase().replace(/\s+/g, ' ').trim())
    .pipe(z.string().regex(UK_POSTCODE, m.postcode)),
  password: PasswordSchema,
});

export type SignUpInput = z.input<typeof SignUpSchema>;
export type SignUpData = z.output<typeof SignUpSchema>;
export type SignUpField = keyof SignUpInput;

/** Sign-in: both fields required by the form only (docs/rules/accounts.md); the server answers for the rest. */
export const SignInSchema = z.object({
  email: z.string().trim().min(1, 'Email is required'),
  password: z.string().min(1, 'Password is required'),
});

export type SignInInput = z.input<typeof SignInSchema>;

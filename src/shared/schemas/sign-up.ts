import { z } from 'zod';

/** UK postcodes, e.g. "SY1 1AA", "SW1A 2AA", "M1 1AE" (checked after uppercasing). */
const UK_POSTCODE = /^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$/;

/** Sign-up rules of SPEC §5, in the spec's order; the first failing message is the one shown. */
export const SignUpSchema = z.object({
  fullName: z
    .string()
    .trim()
    .min(1, 'Full name is required')
    .max(100, 'Full name must be less than 100 characters')
    .regex(/^[\p{L}\s'-]+$/u, 'Full name can only contain letters, spaces, hyphens and apostrophes'),
  email: z.string().trim().email('Invalid email address').max(255, 'Email must be less than 255 characters'),
  phone: z
    .string()
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^07\d{9}$/, 'Phone must be a valid UK mobile number (e.g., 07123456789)')),
  address: z
    .string()
    .trim()
    .min(1, 'Address is required')
    .max(200, 'Address must be less than 200 characters'),
  city: z.string().trim().min(1, 'City is required').max(100, 'City must be less than 100 characters'),
  postcode: z
    .string()
    .transform((v) => v.toUpperCase().replace(/\s+/g, ' ').trim())
    .pipe(z.string().regex(UK_POSTCODE, 'Invalid UK postcode format')),
  password: z
    .string()
    .min(6, 'Password must be at least 6 characters')
    .max(72, 'Password must be less than 72 characters'),
});

export type SignUpInput = z.input<typeof SignUpSchema>;
export type SignUpData = z.output<typeof SignUpSchema>;

export const SignInSchema = z.object({
  email: z.string().trim().min(1, 'Email is required'),
  password: z.string().min(1, 'Password is required'),
});

export type SignInInput = z.input<typeof SignInSchema>;

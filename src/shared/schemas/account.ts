import { z } from 'zod';
import { PasswordSchema, SIGN_UP_MESSAGES, SignUpSchema } from './sign-up';

/** The details a customer can change on /account: sign-up's fields and rules, without e-mail and password. */
export const ProfileSchema = SignUpSchema.pick({
  fullName: true,
  phone: true,
  address: true,
  city: true,
  postcode: true,
});

export type ProfileInput = z.input<typeof ProfileSchema>;
export type ProfileData = z.output<typeof ProfileSchema>;
export type ProfileField = keyof ProfileInput;

export const PASSWORD_MESSAGES = {
  currentRequired: 'Current password is required',
  mismatch: 'Passwords do not match',
  currentWrong: 'Your current password is not correct',
  linkInvalid: 'This link has expired or has already been used. Please ask for a new one.',
  /** What "Forgot password?" always answers, whether or not the account exists. */
  resetSent: "If an account exists for that address, we've sent a link",
} as const;

const newPasswordPair = {
  newPassword: PasswordSchema,
  confirmPassword: z.string(),
};
const matches = (v: { newPassword: string; confirmPassword: string }) => v.newPassword === v.confirmPassword;

/** The page a reset link opens: the new password, typed twice. */
export const ResetPasswordSchema = z
  .object(newPasswordPair)
  .refine(matches, { message: PASSWORD_MESSAGES.mismatch, path: ['confirmPassword'] });

/** /account "Change password": the current one, and the new one typed twice. */
export const ChangePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, PASSWORD_MESSAGES.currentRequired),
    ...newPasswordPair,
  })
  .refine(matches, { message: PASSWORD_MESSAGES.mismatch, path: ['confirmPassword'] });

/** "Forgot password?": an e-mail address (the e-mail messages of docs/rules/accounts.md). */
export const ForgotPasswordSchema = SignUpSchema.pick({ email: true });

export { SIGN_UP_MESSAGES };

/** Where a session without a second factor is sent from the back office, and where customers turn it on. */
export const SECOND_FACTOR_SETUP_PATH = '/account/two-factor';

/** The back office's answer (403, code `second_factor_required`) to a session no second factor made. */
export const SECOND_FACTOR_NEEDED = `The back office needs your second factor. Set up an authenticator app, or sign in again with your code, at ${SECOND_FACTOR_SETUP_PATH}.`;

/** The secret inside an otpauth:// URI, as authenticator apps take it typed in (base32). */
export function secretOfOtpauthUri(uri: string): string {
  try {
    return new URL(uri).searchParams.get('secret') ?? '';
  } catch {
    return '';
  }
}

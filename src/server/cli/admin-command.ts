import type { AccountService } from '../account/account-service';
import { AppError } from '../errors';

export const ADMIN_USAGE = [
  'Usage: npm run admin -- <grant|revoke|reset-2fa> <email>',
  '  grant      makes the account with this e-mail an admin (they must have signed up first)',
  '  revoke     makes them a customer again',
  '  reset-2fa  takes their second factor away (a lost phone) and ends their sessions;',
  '             they set up a new one at their next sign-in',
].join('\n');

/** Takes an account's second factor away; false when no account has this e-mail. */
export type ResetSecondFactor = (email: string) => Promise<boolean>;

export interface CommandResult {
  /** Process exit code: 0 done, 1 unknown e-mail, 2 wrong usage. */
  code: number;
  message: string;
}

/** `grant <email>` / `revoke <email>`: the words of `npm run admin`, without the process around them. */
export async function runAdminCommand(
  args: readonly string[],
  accounts: Pick<AccountService, 'setAdmin'>,
  resetSecondFactor?: ResetSecondFactor,
): Promise<CommandResult> {
  const [action, email, ...rest] = args;
  const known = action === 'grant' || action === 'revoke' || (action === 'reset-2fa' && resetSecondFactor);
  if (!known || !email?.trim() || rest.length > 0) {
    return { code: 2, message: ADMIN_USAGE };
  }
  const who = email.trim().toLowerCase();
  if (action === 'reset-2fa' && resetSecondFactor) {
    return (await resetSecondFactor(who))
      ? {
          code: 0,
          message: `${who} has no second factor now and is signed out everywhere. They set up a new one at their next sign-in.`,
        }
      : { code: 1, message: `No account with the e-mail ${who}.` };
  }
  const grant = action === 'grant';
  try {
    const { changed } = await accounts.setAdmin(who, grant);
    const message = grant
      ? changed
        ? `${who} is now an admin.`
        : `${who} was already an admin; nothing changed.`
      : changed
        ? `${who} is no longer an admin.`
        : `${who} was not an admin; nothing changed.`;
    return { code: 0, message };
  } catch (err) {
    if (err instanceof AppError && err.status === 404) {
      return { code: 1, message: `No account with the e-mail ${who}. They must sign up at /auth first.` };
    }
    throw err;
  }
}

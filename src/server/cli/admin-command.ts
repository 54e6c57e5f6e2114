import type { AccountService } from '../account/account-service';
import { AppError } from '../errors';

export const ADMIN_USAGE = [
  'Usage: npm run admin -- <grant|revoke> <email>',
  '  grant   makes the account with this e-mail an admin (they must have signed up first)',
  '  revoke  makes them a customer again',
].join('\n');

export interface CommandResult {
  /** Process exit code: 0 done, 1 unknown e-mail, 2 wrong usage. */
  code: number;
  message: string;
}

/** `grant <email>` / `revoke <email>`: the words of `npm run admin`, without the process around them. */
export async function runAdminCommand(
  args: readonly string[],
  accounts: Pick<AccountService, 'setAdmin'>,
): Promise<CommandResult> {
  const [action, email, ...rest] = args;
  if ((action !== 'grant' && action !== 'revoke') || !email?.trim() || rest.length > 0) {
    return { code: 2, message: ADMIN_USAGE };
  }
  const who = email.trim().toLowerCase();
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

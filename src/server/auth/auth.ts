import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
// The minimal build: our tables come through the Drizzle adapter, so Kysely (~25 MB) is not loaded.
import { betterAuth } from 'better-auth/minimal';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { PasswordSchema } from '~/shared/schemas/sign-up';
import type { StaffRole } from '~/shared/staff/back-office-access';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { isConnectionLost } from '../db/connection-lost';
import { localAuthSecret } from '../db/data-dir';
import { accounts, authRateLimits, sessions, twoFactors, users, verifications } from '../db/schema';
import { AppError } from '../errors';
import { CLIENT_IP_HEADER } from '../http/client-ip';
import type { Logger } from '../logger';
import { RESET_LINK_SECONDS } from '../mail/password-reset-email';
import { createRateLimiter } from '../rate-limit/rate-limiter';
import { createAccountSignInLimit } from './account-sign-in-limit';
import { ClientGoneError, createHashingGate, type HashingGate } from './hashing-gate';
import { createResetEmailLimit, RESET_REQUESTED } from './reset-email-limit';
import { endResetLinks } from './reset-links';
import { CODE_ALREADY_USED, claimCode, releaseCode } from './used-codes';

/** better-auth's answer to a wrong e-mail or password, also given to an account over its limit. */
const WRONG_PASSWORD = { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' };

/** Sign-in attempts allowed per client address per minute, shared by every instance. */
export const SIGN_IN_LIMIT = { window: 60, max: 10 };

/** Where a reset e-mail's link leads: our page, which posts the token to /api/auth/reset-password. */
export const RESET_PASSWORD_PATH = '/reset-password';

/** How long "trust this device" lets a browser skip the code: 30 days. */
export const TRUST_DEVICE_SECONDS = 60 * 60 * 24 * 30;

/**
 * Code entry's limits (docs/rules/accounts.md): per address, 5 tries a minute at any two-factor
 * endpoint; per sign-in, 5 wrong codes end it; per account, 10 wrong codes in a row lock the
 * second factor for 15 minutes.
 */
export const TWO_FACTOR_LIMIT = { window: 60, max: 5 };
export const TWO_FACTOR_LOCKOUT = { maxFailedAttempts: 10, durationSeconds: 15 * 60 };

export const KEEP_SECOND_FACTOR =
  'The back office needs your second factor, so it cannot be turned off. Lost your phone? Ask the owner to reset it.';

/** Endpoints whose success is a second factor shown: the session they leave is marked for it. */
const SECOND_FACTOR_PATHS = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);

/** Endpoints that set a new password: their `newPassword` follows docs/rules/accounts.md with its messages. */
const NEW_PASSWORD_PATHS = new Set(['/reset-password', '/change-password']);

/**
 * A user's back-office role (null for a customer) as a scalar subquery on their id, for auth's
 * own statements. The staff folder owns the roles and imports auth, so it hands this over at
 * start (services.ts passes `staffRoleOf` of src/server/staff/staff-roles.ts).
 */
export type StaffRoleOf = (userId: SQLWrapper | string) => SQL<StaffRole | null>;

export interface AuthDeps {
  /** Queues the e-mail holding a reset link (through the outbox). */
  sendPasswordReset(to: string, link: string): Promise<void>;
  /**
   * The account whose authenticator key is published (the demo admin where decision 078 allows
   * it): anyone can compute its codes, so refusing one used twice would protect nothing and
   * would only stop two people trying the demo in the same 30 seconds.
   */
  publishedSecondFactorEmail?: string | null;
  /** The back-office role of a user, handed over by staff (who own the roles and import auth). */
  staffRoleOf: StaffRoleOf;
}

/**
 * better-auth's own endpoints that must not be reachable over HTTP (server-side `auth.api` calls
 * still work): sign-up goes through POST /api/account/sign-up so no user exists without a profile,
 * and the profile, not better-auth's user record, holds the name.
 */
const DISABLED_PATHS = ['/sign-up/email', '/update-user', '/change-email', '/delete-user'];

/**
 * One HTTP request to better-auth: the errors it met (it turns them into a bare 500) and the
 * request's abort signal (a password is not hashed for a client that went away).
 */
const currentRequest = new AsyncLocalStorage<{
  errors: unknown[];
  /** An authenticator code this request claimed (used-codes.ts), given back if it is refused. */
  claimed?: { userId: string; code: string };
  signal?: AbortSignal;
  place?: ReturnType<HashingGate['reserve']>;
}>();

/**
 * Runs better-auth's handler and returns the errors it swallowed, so a lost database can be a 503.
 * A request that hashes a password holds its place in the hashing gate from the start: when the
 * gate is full it is refused (AppError 503) before better-auth reads it or the database.
 */
export async function withAuthErrors(request: Request, handle: (request: Request) => Promise<Response>) {
  const errors: unknown[] = [];
  const place = await placeForHashing(request);
  try {
    const response = await currentRequest.run({ errors, signal: request.signal, place }, () =>
      handle(request),
    );
    return { response, errors };
  } finally {
    place?.release();
  }
}

/** Shared by every better-auth instance of this process: the CPU is shared too. */
export const hashingGate = createHashingGate();

const AUTH_BASE_PATH = '/api/auth';
/** better-auth endpoints that hash a password: a sign-in checks one, a reset or change sets one. */
const HASHING_PATHS = new Set(['/sign-in/email', '/reset-password', '/change-password']);

/**
 * How long a request refused for a full gate waits before its 503. A timer costs nothing, and a
 * flood from a pool of connections (each waits for its answer before trying again) then sends
 * about one request per connection a second instead of thousands: refusals answered at once kept
 * the event loop busy answering them, and cached pages waited (p99 0.3-0.5 s at load 10-12).
 */
export const BUSY_HOLD_MS = 1000;

/** The request's place in the hashing gate, if it hashes; refused (503) after a hold when full. */
async function placeForHashing(request: Request) {
  const { pathname } = new URL(request.url);
  if (request.method !== 'POST' || !HASHING_PATHS.has(pathname.slice(AUTH_BASE_PATH.length))) return;
  try {
    return hashingGate.reserve();
  } catch (err) {
    await delay(BUSY_HOLD_MS, undefined, { signal: request.signal }).catch(() => {});
    throw err;
  }
}

/**
 * The session signing secret: BETTER_AUTH_SECRET, else (embedded database) one generated once and
 * kept in DATA_DIR, else (a DATABASE_URL outside production, which config refuses without one)
 * one for this process only.
 */
export function authSecretFor(config: Config): string {
  if (config.authSecret) return config.authSecret;
  if (config.database.kind === 'pglite') return localAuthSecret(config.database.dataDir);
  return randomBytes(32).toString('base64url');
}

/** better-auth, configured for e-mail and password with database sessions and rate limits. */
export function createAuth(config: Config, db: Db, log?: Logger, deps?: AuthDeps) {
  const rateLimiter = createRateLimiter(db, config.rateLimits);
  const published = deps?.publishedSecondFactorEmail?.toLowerCase() ?? null;
  const hasPublishedKey = async (userId: string) => {
    if (!published) return false;
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    return user?.email.toLowerCase() === published;
  };
  const accountLimit = createAccountSignInLimit(db, rateLimiter);
  const resetEmailLimit = createResetEmailLimit(rateLimiter);
  /**
   * Hashing through the gate. Over HTTP its refusals travel as an APIError (better-auth would
   * print anything else as a server error) and are kept for app.ts, which answers our 503.
   */
  const gated = async <T>(work: () => Promise<T>): Promise<T> => {
    const request = currentRequest.getStore();
    try {
      return await hashingGate.run(work, request?.signal, request?.place);
    } catch (err) {
      if (!request || !(err instanceof ClientGoneError || (err instanceof AppError && err.status === 503)))
        throw err;
      request.errors.push(err);
      throw new APIError('SERVICE_UNAVAILABLE', { code: 'BUSY', message: String((err as Error).message) });
    }
  };
  return betterAuth({
    appName: config.shop.name,
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: authSecretFor(config),
    // Same rule as the app's CSRF check: the public address, or the address the request came to.
    trustedOrigins: (request) => [config.publicUrl, request ? new URL(request.url).origin : null],
    telemetry: { enabled: false },
    disabledPaths: DISABLED_PATHS,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: authRateLimits,
        twoFactor: twoFactors,
      },
    }),
    plugins: [
      twoFactor({
        issuer: config.shop.name,
        trustDeviceMaxAge: TRUST_DEVICE_SECONDS,
        accountLockout: TWO_FACTOR_LOCKOUT,
        backupCodeOptions: { amount: 10, length: 10 },
      }),
    ],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 72,
      autoSignIn: false,
      // better-auth's own scrypt, through the gate that keeps a sign-in flood from starving the shop.
      password: {
        hash: (password) => gated(() => hashPassword(password)),
        verify: (data) => gated(() => verifyPassword(data)),
      },
      // Without a mailer (the admin CLI) the reset flow answers "not enabled".
      sendResetPassword:
        deps &&
        (async ({ user, token }) => {
          const link = `${config.publicUrl}${RESET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`;
          await deps.sendPasswordReset(user.email, link);
        }),
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      // A reset is what someone does when their password may be known to another: end every session.
      revokeSessionsOnPasswordReset: true,
      // The link went to the account's address and came back: the account has proved it owns it
      // (what hands it the contact messages sent from that address, decision 031). And every other
      // reset link ends: one older than the reset must not set the password again.
      onPasswordReset: async ({ user }) => {
        await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
        await endResetLinks(db, user.id);
      },
    },
    // Reset tokens are kept hashed, so a copy of the database cannot be used to take over accounts.
    verification: { storeIdentifier: 'hashed' },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/sign-in/email' && typeof ctx.body?.email === 'string' && config.rateLimits) {
          // Too many failures on this account: the same answer as a wrong password, unchecked.
          if (!(await accountLimit.allow(ctx.body.email))) throw new APIError('UNAUTHORIZED', WRONG_PASSWORD);
        }
        if (ctx.path === '/request-password-reset' && typeof ctx.body?.email === 'string') {
          // Enough e-mails for this address already: the usual answer, and no e-mail.
          if (!(await resetEmailLimit.allow(ctx.body.email))) return ctx.json(RESET_REQUESTED);
        }
        if (ctx.path === '/two-factor/verify-totp' && typeof ctx.body?.code === 'string') {
          // A code already used cannot be used again while it is still valid (decision 087).
          const userId = await challengedUser(ctx);
          if (userId && !(await hasPublishedKey(userId))) {
            if (!(await claimCode(db, userId, ctx.body.code)))
              throw new APIError('UNAUTHORIZED', { code: 'CODE_ALREADY_USED', message: CODE_ALREADY_USED });
            const request = currentRequest.getStore();
            if (request) request.claimed = { userId, code: ctx.body.code };
          }
          return;
        }
        if (ctx.path === '/two-factor/disable') {
          // The back office demands a second factor: only the owner's reset takes one away.
          // Without the roles (the command line, which serves no endpoint) nobody takes it away.
          const session = await getSessionFromCtx(ctx);
          const [row] =
            session && deps
              ? await db.select({ role: deps.staffRoleOf(session.user.id) }).from(sql`(select 1) as one`)
              : [];
          if (!deps || row?.role)
            throw new APIError('FORBIDDEN', { code: 'SECOND_FACTOR_REQUIRED', message: KEEP_SECOND_FACTOR });
          return;
        }
        if (!NEW_PASSWORD_PATHS.has(ctx.path)) return;
        const result = PasswordSchema.safeParse(ctx.body?.newPassword);
        if (!result.success) {
          const message = result.error.issues[0]?.message ?? 'Invalid password';
          throw new APIError('BAD_REQUEST', { message, code: 'INVALID_PASSWORD_LENGTH' });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned;
        await markSecondFactor(ctx, returned);
        const claimed = currentRequest.getStore()?.claimed;
        if (
          ctx.path === '/two-factor/verify-totp' &&
          claimed &&
          (returned === undefined || isAPIError(returned))
        )
          await releaseCode(db, claimed.userId, claimed.code);
        // Some endpoints (get-session) answer a database error themselves, as a bare 500 that
        // never reaches onAPIError: keep a lost database for app.ts, which answers 503.
        if (isAPIError(returned) && isConnectionLost(returned))
          currentRequest.getStore()?.errors.push(returned);
        // A changed password ends the reset links sent before it, as a reset does.
        if (ctx.path === '/change-password' && returned !== undefined && !isAPIError(returned)) {
          const userId = (returned as { user?: { id?: unknown } }).user?.id;
          if (typeof userId === 'string') await endResetLinks(db, userId);
          return;
        }
        if (ctx.path !== '/sign-in/email' || !config.rateLimits || returned === undefined) return;
        if (!isAPIError(returned) && typeof ctx.body?.email === 'string')
          await accountLimit.succeeded(ctx.body.email);
      }),
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      additionalFields: {
        secondFactor: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    rateLimit: {
      enabled: config.rateLimits,
      storage: 'database',
      window: 60,
      max: 100,
      // Anything that guesses or sends mail for an account is limited like sign-in.
      customRules: {
        '/sign-in/email': SIGN_IN_LIMIT,
        '/request-password-reset': SIGN_IN_LIMIT,
        '/reset-password': SIGN_IN_LIMIT,
        '/change-password': SIGN_IN_LIMIT,
        '/two-factor/*': TWO_FACTOR_LIMIT,
      },
    },
    advanced: {
      // app.ts sets this header from the socket (or a trusted proxy), never from the client.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.secureCookies,
      // better-auth turns its origin (CSRF) checks off under NODE_ENV=test; keep them on, so the
      // tests see what production does.
      disableOriginCheck: false,
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
    },
    logger: log && {
      level: 'warn',
      log: (level, message, ...args) => log[level]({ args }, `better-auth: ${message}`),
    },
    // Refused requests (bad origin, wrong password...) are answers, not faults: log them quietly.
    // Without this hook better-auth prints them to the console itself.
    onAPIError: log && {
      onError: (err) => {
        currentRequest.getStore()?.errors.push(err);
        const status = isAPIError(err) ? err.statusCode : 500;
        if (isAPIError(err) && err.statusCode === 503)
          log.debug({ err: String(err) }, 'better-auth did not hash a password');
        else if (isConnectionLost(err)) log.warn({ err: String(err) }, 'better-auth lost the database');
        else if (status >= 500) log.error({ err }, 'better-auth request failed');
        else log.debug({ err }, 'better-auth refused a request');
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

type AfterHookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * Whose code a `/two-factor/verify-totp` request sends, as the plugin works it out: the signed-in
 * session's user (confirming a new authenticator), or the one whose sign-in the two-factor cookie
 * holds. Null when neither (the plugin then refuses the request itself).
 */
async function challengedUser(ctx: AfterHookContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie('two_factor');
  const signed = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!signed) return null;
  const challenge = await ctx.context.internalAdapter.findVerificationValue(signed).catch(() => null);
  return challenge?.value ?? null;
}

/**
 * Marks the session a second factor made: a code or backup code accepted (at sign-in, or
 * confirming a new authenticator), or a password sign-in the plugin let through on a trusted
 * device. Every other session keeps `second_factor = false`, and the back office refuses it.
 */
async function markSecondFactor(ctx: AfterHookContext, returned: unknown) {
  if (returned === undefined || isAPIError(returned) || returned instanceof Response) return;
  const made = ctx.context.newSession;
  let token: string | undefined;
  if (SECOND_FACTOR_PATHS.has(ctx.path)) {
    token = made?.session.token ?? (returned as { token?: string }).token;
  } else if (ctx.path === '/sign-in/email' && made?.user.twoFactorEnabled) {
    const plugin = ctx.context.getPlugin('two-factor') as {
      shouldRequireTwoFactor(c: AfterHookContext): Promise<boolean>;
    } | null;
    if (plugin && !(await plugin.shouldRequireTwoFactor(ctx))) token = made.session.token;
  }
  if (!token) return;
  await ctx.context.adapter.update({
    model: 'session',
    where: [{ field: 'token', value: token }],
    update: { secondFactor: true },
  });
}

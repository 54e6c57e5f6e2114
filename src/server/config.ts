import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { ORDER_EMAIL_SWITCHES, type OrderEmailSwitch } from './mail/order-email-kinds';

/** An optional setting: unset or blank (e.g. `SHOP_PHONE=` in a .env file) both mean "not configured". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/** The only module that reads process.env: every setting, parsed once, with demo defaults. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /** Unset: 127.0.0.1 on the embedded (demo) database, 0.0.0.0 with DATABASE_URL. */
  HOST: optional(z.string()),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  /** A folder: the embedded database's thread writes its time per statement there on close (pglite-timings.ts). */
  PGLITE_TIMINGS: optional(z.string()),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Server processes (node:cluster workers) on PostgreSQL; `auto` = one per core. */
  WEB_CONCURRENCY: z
    .union([z.literal('auto'), z.coerce.number().int().min(1).max(64)])
    .default(1)
    .transform((n) => (n === 'auto' ? os.availableParallelism() : n)),
  /**
   * The demo admin and customer (published passwords). Unset: on the embedded database only.
   * `false` keeps them out of an embedded shop served to the public (deploy/shop.env.example).
   */
  SEED_DEMO: optional(z.stringbool()),
  BETTER_AUTH_SECRET: z.string().min(32).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** `test`: the built-in test payment page, on purpose (production refuses it otherwise). */
  PAYMENTS: optional(z.enum(['test'])),
  /** Lets tests point the Stripe SDK at a local stand-in, e.g. http://127.0.0.1:12111 */
  STRIPE_API_URL: z.url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Shropshire Cookie Co. <orders@shropshirecookies.example>'),
  /** Order e-mails not to send, comma-separated, e.g. `baking,delivered` (see order-email-kinds.ts). */
  ORDER_EMAILS_OFF: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((k) => k.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.enum(ORDER_EMAIL_SWITCHES, {
          error: (i) => `unknown e-mail "${String(i.input)}"; use any of: ${ORDER_EMAIL_SWITCHES.join(', ')}`,
        }),
      ),
    ),
  /** Where the owner's "New order" alert goes; unset = SHOP_EMAIL. */
  ORDER_ALERT_EMAIL: optional(z.email()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Unset: readable lines in a terminal, JSON lines otherwise. */
  LOG_FORMAT: optional(z.enum(['json', 'pretty'])),
  SHOP_NAME: z.string().default('Shropshire Cookie Co.'),
  SHOP_EMAIL: z.email().default('hello@shropshirecookies.example'),
  SHOP_INFO_EMAIL: z.email().default('info@shropshirecookies.example'),
  /** Optional shop details: each is shown (footer, contact page, e-mails) only when set. */
  SHOP_PHONE: optional(z.string()),
  /** The postal address a UK trader must give: one line, e.g. "1 High Street, Ludlow SY8 1AA". */
  SHOP_ADDRESS: optional(z.string()),
  SHOP_INSTAGRAM_URL: optional(z.url({ protocol: /^https?$/ })),
  /** The shop's VAT registration number; unset = not VAT registered (receipts show no VAT). */
  VAT_NUMBER: optional(
    z
      .string()
      .transform((v) => v.replace(/\s+/g, '').toUpperCase())
      .pipe(z.string().regex(/^(GB)?(\d{9}|\d{12})$/, 'a UK VAT number: GB and 9 or 12 digits')),
  ),
  SHOP_FACEBOOK_URL: optional(z.url({ protocol: /^https?$/ })),
  DELIVERY_FEE_PENCE: z.coerce.number().int().min(0).default(499),
  RATE_LIMITS: z.stringbool().default(true),
  /** How long a payment page takes payment; an unpaid order is cancelled after it. */
  CHECKOUT_SESSION_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** The checkout's expected wait and answer past which a customer is told to come back (decision 053). */
  CHECKOUT_WAIT_MS: optional(z.coerce.number().int().min(50).max(60_000)),
  /** Days before its date a Cookie Club box is made as an order, booked and charged (docs/decisions/045). */
  SUBSCRIPTION_LEAD_DAYS: z.coerce.number().int().min(1).max(14).default(3),
  /** How often each instance's standing-orders sweep runs (decision 089); journeys make it seconds. */
  STANDING_ORDERS_SWEEP_MS: z.coerce
    .number()
    .int()
    .min(500)
    .max(86_400_000)
    .default(15 * 60_000),
  /** Behind a reverse proxy: take the client address from X-Forwarded-For. */
  TRUST_PROXY: z.stringbool().default(false),
  /** A bearer token that opens GET /metrics from other machines (loopback needs none). */
  METRICS_TOKEN: optional(z.string().min(16, 'at least 16 characters')),
  /** Where backups go; unset = DATA_DIR/backups on the embedded database (required with DATABASE_URL to back up). */
  BACKUP_DIR: optional(z.string()),
  /** The daily backup's London time, HH:MM, or `off` (embedded database only; docs/decisions/027). */
  BACKUP_AT: z
    .string()
    .default('03:00')
    .transform((v) => v.trim().toLowerCase())
    .pipe(
      z.union([
        z.literal('off'),
        z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM (24-hour, London time) or off'),
      ]),
    ),
  /** How many backups to keep in BACKUP_DIR (the newest). */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(14),
  /** Run after each verified backup, `{file}` replaced by its path, e.g. `rclone copy {file} remote:shop`. */
  BACKUP_COMMAND: optional(z.string()),
  /** Minutes a backup's child process (copy, file, proof) may take before it is stopped and the backup fails. */
  BACKUP_TIME_LIMIT: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(30),
});

export type Env = z.input<typeof EnvSchema>;

export interface BusinessHours {
  days: string;
  hours: string;
}

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  // Production: NODE_ENV=production said outright, or a DATABASE_URL outside tests and development
  // (NODE_ENV defaults to production, so `npm start` on the embedded demo is not "production").
  const production = env.NODE_ENV === 'production' || (!!e.DATABASE_URL && e.NODE_ENV === 'production');
  const problems = productionProblems(e, production);
  if (problems.length) throw new Error(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  return {
    env: e.NODE_ENV,
    production,
    // The demo (embedded database) is private unless HOST says otherwise.
    host: e.HOST ?? (e.DATABASE_URL ? '0.0.0.0' : '127.0.0.1'),
    port: e.PORT,
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    /** How many server processes serve the shop (1 = this process alone; more = node:cluster workers). */
    processes: e.WEB_CONCURRENCY,
    database: e.DATABASE_URL
      ? ({ kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE } as const)
      : ({ kind: 'pglite', dataDir: e.DATA_DIR, timingsDir: e.PGLITE_TIMINGS } as {
          kind: 'pglite';
          dataDir: string;
          timingsDir?: string;
        }),
    seedDemoUsers: e.SEED_DEMO ?? !e.DATABASE_URL,
    /** Unset on the embedded database: one is generated once per DATA_DIR and kept there (local-secret.ts). */
    authSecret: e.BETTER_AUTH_SECRET ?? null,
    rateLimits: e.RATE_LIMITS,
    checkoutSessionMinutes: e.CHECKOUT_SESSION_MINUTES,
    /** null: the default for the database (admission-gate.ts `CHECKOUT_WAIT_MS`). */
    checkoutWaitMs: e.CHECKOUT_WAIT_MS ?? null,
    subscriptionLeadDays: e.SUBSCRIPTION_LEAD_DAYS,
    standingOrdersSweepMs: e.STANDING_ORDERS_SWEEP_MS,
    trustProxy: e.TRUST_PROXY,
    /** Opens GET /metrics to a scraper that is not on this machine (null: loopback only). */
    metricsToken: e.METRICS_TOKEN ?? null,
    backup: {
      /** null with DATABASE_URL and no BACKUP_DIR: backups cannot be taken (and say so). */
      dir: e.BACKUP_DIR ?? (e.DATABASE_URL ? null : path.join(e.DATA_DIR, 'backups')),
      /** "HH:MM" London time, or null: no scheduled backups (always null on PostgreSQL: use cron). */
      at: e.BACKUP_AT === 'off' || e.DATABASE_URL ? null : e.BACKUP_AT,
      keep: e.BACKUP_KEEP,
      command: e.BACKUP_COMMAND ?? null,
      /** The embedded database's folder, copied online by a backup (null on PostgreSQL). */
      dataDir: e.DATABASE_URL ? null : e.DATA_DIR,
      timeLimitMs: Math.round(e.BACKUP_TIME_LIMIT * 60_000),
    },
    stripe: e.STRIPE_SECRET_KEY
      ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL }
      : null,
    /** The built-in test payment page was chosen on purpose: every page says no real money moves. */
    testPaymentsBanner: e.PAYMENTS === 'test',
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      /** Order e-mails switched off by ORDER_EMAILS_OFF. */
      orderEmailsOff: new Set<OrderEmailSwitch>(e.ORDER_EMAILS_OFF),
      /** The owner's new-order alerts. */
      orderAlertTo: e.ORDER_ALERT_EMAIL ?? e.SHOP_EMAIL,
    },
    shop: {
      name: e.SHOP_NAME,
      email: e.SHOP_EMAIL,
      infoEmail: e.SHOP_INFO_EMAIL,
      phone: e.SHOP_PHONE?.trim() ?? null,
      /** Printed in the footer, on packing slips and in e-mails when set. */
      address: e.SHOP_ADDRESS?.trim() ?? null,
      social: { instagram: e.SHOP_INSTAGRAM_URL ?? null, facebook: e.SHOP_FACEBOOK_URL ?? null },
      /** "GB123456789" when VAT registered: receipts then show the VAT included per rate. */
      vatNumber: e.VAT_NUMBER ? (e.VAT_NUMBER.startsWith('GB') ? e.VAT_NUMBER : `GB${e.VAT_NUMBER}`) : null,
      deliveryFeePence: e.DELIVERY_FEE_PENCE,
      hours: [
        { days: 'Monday - Friday', hours: '9:00 AM - 5:00 PM' },
        { days: 'Saturday', hours: '10:00 AM - 3:00 PM' },
        { days: 'Sunday', hours: 'Closed' },
      ] as BusinessHours[],
      footerHours: 'Mon-Fri 9am-5pm',
    },
  };
}

/** Settings a production server must not run without, each named with what to do. */
function productionProblems(e: z.output<typeof EnvSchema>, production: boolean): string[] {
  const problems: string[] = [];
  if (e.PAYMENTS === 'test' && e.STRIPE_SECRET_KEY)
    problems.push('PAYMENTS: "test" and STRIPE_SECRET_KEY are both set; choose one');
  if (e.WEB_CONCURRENCY > 1 && !e.DATABASE_URL)
    problems.push(
      `WEB_CONCURRENCY: ${e.WEB_CONCURRENCY} processes need DATABASE_URL (PostgreSQL); the embedded ` +
        'database opens in one process only: unset WEB_CONCURRENCY or set it to 1',
    );
  if (!production) return problems;
  if (e.DATABASE_URL && !e.BETTER_AUTH_SECRET)
    problems.push('BETTER_AUTH_SECRET: required when DATABASE_URL is set');
  if (!e.STRIPE_SECRET_KEY && e.PAYMENTS !== 'test')
    problems.push(
      'STRIPE_SECRET_KEY: required in production (anyone could pay with a test card); ' +
        'set PAYMENTS=test to run the test payment page on purpose',
    );
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET)
    problems.push(
      'STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY in production (payments would go unrecorded)',
    );
  return problems;
}

export type Config = ReturnType<typeof loadConfig>;
/** What the browser may see of the configuration. */
export type ShopInfo = Config['shop'];

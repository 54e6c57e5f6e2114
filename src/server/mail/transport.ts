import type { Transporter } from 'nodemailer';
import type { Config } from '../config';
import type { Logger } from '../logger';

export interface Envelope {
  /** The outbox row id: the same on every retry, so the Message-ID lets receivers drop repeats. */
  id: string;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string> | null;
}

export interface MailTransport {
  /** 'smtp' sends for real; 'log' keeps the e-mail in the outbox and writes it to the log. */
  mode: 'smtp' | 'log';
  send(envelope: Envelope): Promise<void>;
  close(): void;
}

/**
 * Timeouts well inside the outbox's claim (see LOCK_SECONDS in outbox.ts): a hung server must
 * fail the attempt before another instance may claim the same e-mail.
 */
const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

export function createTransport(mail: Config['mail'], log: Logger): MailTransport {
  if (!mail.smtpUrl) {
    return {
      mode: 'log',
      async send(e) {
        log.info(
          {
            mail: { to: e.to, replyTo: e.replyTo, subject: e.subject, headers: e.headers ?? undefined },
            text: e.text,
          },
          'e-mail kept in the outbox (log mode: set SMTP_URL to send it)',
        );
      },
      close() {},
    };
  }
  const smtpUrl = mail.smtpUrl;
  // nodemailer holds ~15 MB of memory: loaded when the first e-mail is sent, not at start-up.
  let transporter: Promise<Transporter> | null = null;
  const open = () =>
    (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      // Query parameters of the URL (e.g. ?ignoreTLS=true, ?tls.rejectUnauthorized=false) override these.
      nodemailer.createTransport({ url: smtpUrl, ...TIMEOUTS }),
    ));
  const domain = mail.from.match(/@([^>\s]+)/)?.[1] ?? 'localhost';
  return {
    mode: 'smtp',
    async send(e) {
      await (await open()).sendMail({
        from: mail.from,
        to: e.to,
        replyTo: e.replyTo ?? undefined,
        subject: e.subject,
        text: e.text,
        html: e.html,
        messageId: `<${e.id}@${domain}>`,
        headers: e.headers ?? undefined,
      });
    },
    close() {
      void transporter?.then(
        (t) => t.close(),
        () => {},
      );
    },
  };
}

import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import { emailOutbox } from '../db/schema';
import type { Logger } from '../logger';

export interface OutgoingEmail {
  /** Same key, same e-mail: a second enqueue with it is ignored, so each e-mail is sent once. */
  dedupeKey: string;
  kind: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Outgoing e-mail goes through the database outbox: enqueue writes a row (inside the caller's
 * transaction when given one), and a worker delivers due rows with retries.
 */
export function createMailService(config: Config, db: Db, log: Logger) {
  return {
    async enqueue(email: OutgoingEmail, tx: Db | Tx = db): Promise<void> {
      await tx.insert(emailOutbox).values(email).onConflictDoNothing({ target: emailOutbox.dedupeKey });
      log.debug({ kind: email.kind, to: email.to }, 'e-mail queued');
    },
    /** Delivery worker: started by the server, stopped on shutdown. Filled in by the mail feature. */
    start() {
      void config;
    },
    async stop() {},
  };
}

export type MailService = ReturnType<typeof createMailService>;

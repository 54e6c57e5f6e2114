/**
 * One e-mail as the templates build it and the outbox stores it. Its own file, so the templates
 * and the mail service that calls them do not import each other.
 */
export interface OutgoingEmail {
  /** Same key, same e-mail: a second enqueue with it is ignored, so each e-mail is sent once. */
  dedupeKey: string;
  kind: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers: a marketing e-mail's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
  /** Not before this instant (a gift card's send date); absent = now. */
  nextAttemptAt?: Date;
}

import { createHmac, timingSafeEqual } from 'node:crypto';

/** What an unsubscribe link stops: a customer's marketing e-mails, or one "tell me when it's back". */
export type UnsubscribeTarget = { kind: 'marketing'; profileId: string } | { kind: 'stock'; alertId: string };

/**
 * Unsubscribe links carry who they are for and an HMAC of it, so a link works without signing in
 * and cannot be edited into someone else's: a changed character fails the check and changes nothing.
 * The key is derived from the shop's session secret, never the secret itself.
 */
export function createUnsubscribeTokens(secret: string) {
  const key = createHmac('sha256', secret).update('unsubscribe-link-v1').digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest();
  const payloadOf = (t: UnsubscribeTarget) =>
    t.kind === 'marketing' ? `m.${t.profileId}` : `s.${t.alertId}`;

  return {
    make(target: UnsubscribeTarget): string {
      const payload = payloadOf(target);
      return `${Buffer.from(payload).toString('base64url')}.${mac(payload).toString('base64url')}`;
    },

    /** The target of a genuine token; null for anything else (tampered, truncated, made up). */
    read(token: string): UnsubscribeTarget | null {
      const match = /^([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return null;
      const payload = Buffer.from(match[1]!, 'base64url').toString('utf8');
      const given = Buffer.from(match[2]!, 'base64url');
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const [kind, id] = [payload.slice(0, 2), payload.slice(2)];
      if (!id) return null;
      if (kind === 'm.') return { kind: 'marketing', profileId: id };
      if (kind === 's.') return { kind: 'stock', alertId: id };
      return null;
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;

import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** An e-mail as an SMTP server received it, decoded just enough for tests to read. */
export interface ReceivedEmail {
  /** Envelope recipients (RCPT TO). */
  rcptTo: string[];
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface SmtpSink {
  port: number;
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  received: ReceivedEmail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 for tests (port 0 picks a free one). Plain text only: STARTTLS
 * is switched off so the client never meets smtp-server's published test certificate.
 */
export async function startSmtpSink(port = 0, received: ReceivedEmail[] = []): Promise<SmtpSink> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({ ...parseMessage(raw), rcptTo: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function splitHeaders(part: string): { headers: Record<string, string>; body: string } {
  const at = part.indexOf('\r\n\r\n');
  const head = at === -1 ? part : part.slice(0, at);
  const body = at === -1 ? '' : part.slice(at + 4);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(body: string, encoding = '7bit'): string {
  const enc = encoding.toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Decodes RFC 2047 encoded words, e.g. `=?UTF-8?Q?Caf=C3=A9?=`. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_, _charset, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function parseMessage(raw: string): Omit<ReceivedEmail, 'rcptTo' | 'raw'> {
  const { headers, body } = splitHeaders(raw);
  const found = { text: '', html: '' };
  const visit = (type: string, encoding: string | undefined, content: string) => {
    const boundary = type.match(/boundary="?([^";]+)"?/i)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      for (const piece of content.split(`--${boundary}`).slice(1)) {
        if (piece.startsWith('--')) break;
        const part = splitHeaders(piece.replace(/^\r\n/, ''));
        visit(
          part.headers['content-type'] ?? 'text/plain',
          part.headers['content-transfer-encoding'],
          part.body,
        );
      }
    } else if (/^text\/html/i.test(type)) found.html = decodeBody(content, encoding);
    else if (/^text\/plain/i.test(type)) found.text = decodeBody(content, encoding);
  };
  visit(headers['content-type'] ?? 'text/plain', headers['content-transfer-encoding'], body);
  return {
    headers,
    subject: decodeWords(headers.subject ?? ''),
    text: found.text.replace(/\r\n/g, '\n').trim(),
    html: found.html,
  };
}

/**
 * The framed banner `npm start` ends with: where the shop is, the demo accounts to sign in with,
 * and any warning the owner must not miss. Pure, so it is tested as text.
 */
export interface BannerInfo {
  shopName: string;
  url: string;
  /** e.g. "embedded database in ./data" */
  database: string;
  demoAccounts: { label: string; email: string; password: string }[];
  /**
   * The demo admin's published authenticator secret (base32) and a backup code: only given
   * where it works, the embedded database on a loopback address (decision 078).
   */
  demoSecondFactor?: { secret: string; backupCode: string };
  warnings?: string[];
}

const WIDTH = 74;

/** Splits a paragraph into lines of at most `width` characters, at spaces. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export function startBanner(info: BannerInfo): string {
  const inner = WIDTH - 4;
  const body: string[] = [`${info.shopName} is open at ${info.url}`, `(${info.database})`];
  if (info.demoAccounts.length) {
    const label = Math.max(...info.demoAccounts.map((a) => a.label.length));
    const email = Math.max(...info.demoAccounts.map((a) => a.email.length));
    body.push('', 'Demo accounts:');
    for (const a of info.demoAccounts) {
      body.push(`  ${a.label.padEnd(label)}  ${a.email.padEnd(email)}  ${a.password}`);
    }
  }
  if (info.demoSecondFactor) {
    body.push(
      '',
      ...wrap(
        'The admin signs in with a code too: add this key to an authenticator app, or use the backup code once.',
        inner,
      ),
      `  Key ${info.demoSecondFactor.secret}   backup code ${info.demoSecondFactor.backupCode}`,
    );
  }
  for (const warning of info.warnings ?? []) body.push('', ...wrap(`WARNING: ${warning}`, inner));
  body.push('', 'Stop the shop with Ctrl+C.');

  const width = Math.max(inner, ...body.map((l) => l.length));
  const rule = '─'.repeat(width + 2);
  return [`╭${rule}╮`, ...body.map((l) => `│ ${l.padEnd(width)} │`), `╰${rule}╯`].join('\n');
}

/** Made once: `toLocaleString('en-GB')` builds a new formatter on every call. */
const thousands = new Intl.NumberFormat('en-GB');

/** Formats integer pence as pounds with two decimals, e.g. 450 -> "£4.50". */
export function formatPence(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(Math.round(pence));
  const pounds = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, '0');
  return `${sign}£${thousands.format(pounds)}.${rest}`;
}

/** Cart and order totals: the sum of unit price times quantity, in pence. */
export function linesTotalPence(lines: ReadonlyArray<{ price_pennies: number; quantity: number }>): number {
  return lines.reduce((sum, line) => sum + line.price_pennies * line.quantity, 0);
}

/**
 * Pence from an amount typed in pounds: "4.99", "£20", "20.5", "1,000.00". Null when it is not
 * an amount (negative, more than two decimals, letters).
 */
export function parsePounds(text: string): number | null {
  const m = /^£?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const pounds = Number(m[1]!.replaceAll(',', ''));
  const pence = Number((m[2] ?? '0').padEnd(2, '0'));
  return pounds * 100 + pence;
}

/** Pence as an amount to type back into a pounds field: 499 -> "4.99". */
export function penceToPounds(pence: number): string {
  return (pence / 100).toFixed(2);
}

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

/**
 * Formats integer pence as pounds with two decimals, e.g. 450 -> "£4.50", 123456 -> "£1,234.56".
 * The commas by hand, not `Intl.NumberFormat('en-GB')`: making the first formatter loads the
 * browser's locale data, 0.1-0.3 s of a slow phone's main thread on every storefront page
 * (bench/RESULTS.md).
 */
export function formatPence(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(Math.round(pence));
  const pounds = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, '0');
  return `${sign}£${String(pounds).replace(/\B(?=(\d{3})+$)/g, ',')}.${rest}`;
}

/** Cart and order totals: the sum of unit price times quantity, in pence. */
export function linesTotalPence(lines: ReadonlyArray<{ price_pennies: number; quantity: number }>): number {
  return lines.reduce((sum, line) => sum + line.price_pennies * line.quantity, 0);
}

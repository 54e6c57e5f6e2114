/**
 * How a day's cookies of one product are split into mixes: never more than the
 * mixer's largest batch. `equal` spreads them evenly (sizes differ by at most one cookie);
 * `full` fills every mix but the last, which takes the remainder.
 */
export const BATCH_SPLITS = ['equal', 'full'] as const;
export type BatchSplit = (typeof BATCH_SPLITS)[number];

export function splitBatches(cookies: number, mixerMax: number, split: BatchSplit): number[] {
  if (!Number.isInteger(cookies) || cookies <= 0) return [];
  if (!Number.isInteger(mixerMax) || mixerMax <= 0) throw new Error('The mixer must take at least 1 cookie');
  const mixes = Math.ceil(cookies / mixerMax);
  if (split === 'full') {
    const remainder = cookies - (mixes - 1) * mixerMax;
    return [...Array(mixes - 1).fill(mixerMax), remainder];
  }
  const small = Math.floor(cookies / mixes);
  const bigger = cookies - small * mixes;
  return Array.from({ length: mixes }, (_, i) => (i < bigger ? small + 1 : small));
}

/** "3 mixes: 40, 40 and 20 cookies" */
export function describeBatches(batches: number[]): string {
  if (batches.length === 0) return 'Nothing to mix';
  const sizes =
    batches.length === 1
      ? `${batches[0]}`
      : `${batches.slice(0, -1).join(', ')} and ${batches[batches.length - 1]}`;
  return `${batches.length === 1 ? '1 mix' : `${batches.length} mixes`}: ${sizes} cookies`;
}

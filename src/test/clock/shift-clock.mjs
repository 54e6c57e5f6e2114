/**
 * The shop's clock, set by tests only. Loaded with `node --import` through NODE_OPTIONS by
 * the date sweep (scripts/date-sweep.ts), it moves `Date` in every process and thread that loads it
 * (the test runner, the shop server, the embedded database's thread, whose SQL `now()` reads the same
 * `Date.now()`) by one offset, SHOP_TEST_CLOCK_OFFSET_MS, worked out once by the sweep, so all of
 * them agree to the millisecond and time still flows. Without the variable it changes nothing. The
 * shop itself has no setting for its clock: a production server never loads this file.
 */
const offset = Number(process.env.SHOP_TEST_CLOCK_OFFSET_MS ?? 0);

if (Number.isFinite(offset) && offset !== 0 && !globalThis.Date.shifted) {
  const RealDate = globalThis.Date;
  const now = () => RealDate.now() + offset;
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(now());
      else super(...args);
    }
    static now() {
      return now();
    }
    static shifted = true;
  }
  // Date() called without `new` returns the current time as a string.
  globalThis.Date = new Proxy(ShiftedDate, {
    apply: () => new RealDate(now()).toString(),
  });
}

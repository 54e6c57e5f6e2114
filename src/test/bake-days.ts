/**
 * A bake template that delivers and works every day, 2pm the day before: each day's cut-off stays
 * the day before (no Sunday moves it), so a test reads the same on any weekday. Tests that are
 * about the weekdays themselves write their own template.
 */
export function everyDayTemplate(over: { horizonDays?: number; capacityCookies?: number } = {}) {
  return {
    deliveryWeekdays: [0, 1, 2, 3, 4, 5, 6],
    workingWeekdays: [0, 1, 2, 3, 4, 5, 6],
    cutoffTime: '14:00',
    cutoffDaysBefore: 1,
    horizonDays: 21,
    capacityCookies: 300,
    ...over,
  };
}

/**
 * Calendar months, as a monthly subscription counts them: the same day of the month, or the month's
 * last day when it has no such day (31 January → 28 or 29 February). `day` is the day to aim for when
 * it is not `from`'s own (31 after a 28 February that stood for it).
 */
export function addMonths(from: Date, months: number, day = from.getUTCDate()): Date {
  const target = new Date(from);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, last));
  return target;
}

// Calendar arithmetic for report tests, written apart from the rules they check: whole months by adding
// one month at a time (a month added to the 31st lands on a shorter month's last day), and a median.

/** `day` (YYYY-MM-DD) plus `months` months, kept within the target month. */
export function addMonthsClamped(day: string, months: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(date, last));
  return first.toISOString().slice(0, 10);
}

/** How many months can be added to `start` without passing `end`. */
export function wholeMonths(start: string, end: string): number {
  let months = 0;
  while (addMonthsClamped(start, months + 1) <= end) months++;
  return months;
}

export function medianOf(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const half = sorted.length / 2;
  return Number.isInteger(half) ? (sorted[half - 1]! + sorted[half]!) / 2 : sorted[Math.floor(half)]!;
}

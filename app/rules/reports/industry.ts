// The industry report (ADR 061): units on rent, customers and monthly rent by the customer's industry, with
// shares, and units on rent per industry at each month's end. Pure: the SQL sums, these shape.
export const NO_INDUSTRY = "No industry";
export const TREND_MONTHS = 12;

export interface IndustryCell {
  industry: string | null;
  units: number;
  customers: number;
  /** Cents. */
  rent: number;
}

export interface IndustryRow extends IndustryCell {
  key: string;
  label: string;
  unitShare: number;
  rentShare: number;
}

const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);

/** Each industry's row with its share of the units on rent and of the rent; most units first, none last. */
export function industryRows(cells: readonly IndustryCell[]): IndustryRow[] {
  const units = cells.reduce((sum, cell) => sum + cell.units, 0);
  const rent = cells.reduce((sum, cell) => sum + cell.rent, 0);
  return cells
    .map((cell) => ({
      ...cell,
      key: cell.industry ?? "",
      label: cell.industry ?? NO_INDUSTRY,
      unitShare: share(cell.units, units),
      rentShare: share(cell.rent, rent),
    }))
    .sort(
      (a, b) =>
        Number(a.industry === null) - Number(b.industry === null) ||
        b.units - a.units ||
        a.label.localeCompare(b.label),
    );
}

/**
 * The days the trend counts at (YYYY-MM-DD): the last day of each of the 11 months before `today`'s, and
 * `today` itself (its month has not ended), oldest first.
 */
export function trendDays(today: string, months = TREND_MONTHS): string[] {
  const [year, month] = today.split("-").map(Number) as [number, number];
  const days: string[] = [];
  for (let back = months - 1; back >= 1; back--) {
    // Day 0 of the month after is the month's last day.
    days.push(new Date(Date.UTC(year, month - back, 0)).toISOString().slice(0, 10));
  }
  days.push(today);
  return days;
}

/**
 * Whether a contract was on rent at a day's end: started by then and not ended by then; a closed contract
 * with no end date has no known span, so it counts on no day.
 */
export function onRentAt(
  contract: { startDate: string; endDate: string | null; status: "OPEN" | "CLOSED" },
  day: string,
): boolean {
  if (contract.startDate > day) return false;
  return contract.endDate === null ? contract.status === "OPEN" : contract.endDate > day;
}

/** "Nov 2026" for a trend day. */
export function monthLabel(day: string): string {
  const [year, month] = day.split("-").map(Number) as [number, number];
  return `${new Date(Date.UTC(year, month - 1, 1)).toLocaleString("en-US", { month: "short", timeZone: "UTC" })} ${year}`;
}

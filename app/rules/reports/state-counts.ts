// The truck counts by state (ADR 061): the fleet's units by the state they stand in, by status group, so
// the states add up to the fleet; where a unit stands against where it is registered; and registrations
// that have run out or soon will. Pure: the SQL gives cells, these give rows.
import { STATUS_GROUPS, statusGroupOf, type StatusGroupName } from "./fleet-groups.ts";

/** A unit with no state (or one the fleet does not know) is counted under this label. */
export const UNKNOWN_STATE = "Unknown";
/** A registration this many days from expiring (or already expired) is shown. */
export const REGISTRATION_WARNING_DAYS = 60;

/** The states' names as the map knows them (us-atlas names them in full). */
export const US_STATE_NAMES: Readonly<Record<string, string>> = {
  AL: "Alabama",
  AK: "Alaska",
  AZ: "Arizona",
  AR: "Arkansas",
  CA: "California",
  CO: "Colorado",
  CT: "Connecticut",
  DE: "Delaware",
  DC: "District of Columbia",
  FL: "Florida",
  GA: "Georgia",
  HI: "Hawaii",
  ID: "Idaho",
  IL: "Illinois",
  IN: "Indiana",
  IA: "Iowa",
  KS: "Kansas",
  KY: "Kentucky",
  LA: "Louisiana",
  ME: "Maine",
  MD: "Maryland",
  MA: "Massachusetts",
  MI: "Michigan",
  MN: "Minnesota",
  MS: "Mississippi",
  MO: "Missouri",
  MT: "Montana",
  NE: "Nebraska",
  NV: "Nevada",
  NH: "New Hampshire",
  NJ: "New Jersey",
  NM: "New Mexico",
  NY: "New York",
  NC: "North Carolina",
  ND: "North Dakota",
  OH: "Ohio",
  OK: "Oklahoma",
  OR: "Oregon",
  PA: "Pennsylvania",
  RI: "Rhode Island",
  SC: "South Carolina",
  SD: "South Dakota",
  TN: "Tennessee",
  TX: "Texas",
  UT: "Utah",
  VT: "Vermont",
  VA: "Virginia",
  WA: "Washington",
  WV: "West Virginia",
  WI: "Wisconsin",
  WY: "Wyoming",
  PR: "Puerto Rico",
};

/** "" for a unit with no state; the code itself otherwise. */
export const stateKey = (state: string | null | undefined): string => (state ?? "").trim().toUpperCase();
/** The state's code as the table shows it, "Unknown" when there is none. */
export const stateLabel = (state: string | null | undefined): string => stateKey(state) || UNKNOWN_STATE;

/** One cell of the SQL: units of a state (null: none) in a status. */
export interface StateCell {
  state: string | null;
  status: string;
  units: number;
}

export interface StateCountRow {
  key: string;
  label: string;
  /** Units per status group, in STATUS_GROUPS order. */
  groups: Record<StatusGroupName, number>;
  total: number;
}

const emptyGroups = () =>
  Object.fromEntries(STATUS_GROUPS.map((group) => [group.name, 0])) as Record<StatusGroupName, number>;

/**
 * A row per state (Unknown for units without one), a count per status group and the total; SOLD and
 * statuses of no group are left out, so the rows add up to the fleet. Most units first, Unknown last.
 */
export function stateCountRows(cells: readonly StateCell[]): StateCountRow[] {
  const rows = new Map<string, StateCountRow>();
  for (const cell of cells) {
    const group = statusGroupOf(cell.status);
    if (group === null) continue;
    const key = stateKey(cell.state);
    const row = rows.get(key) ?? { key, label: stateLabel(key), groups: emptyGroups(), total: 0 };
    row.groups[group] += cell.units;
    row.total += cell.units;
    rows.set(key, row);
  }
  return [...rows.values()].sort(
    (a, b) => Number(a.key === "") - Number(b.key === "") || b.total - a.total || a.key.localeCompare(b.key),
  );
}

/** The states with the most units (Unknown not among them), for a chart that has room for a few. */
export function topStates(rows: readonly StateCountRow[], count: number): StateCountRow[] {
  return rows.filter((row) => row.key !== "").slice(0, count);
}

/** Where a registration stands on a day: expired, expiring within the warning days, current, or unknown. */
export function registrationStanding(
  expiry: string | null,
  today: string,
): "expired" | "expiring" | "current" | "unknown" {
  if (expiry === null || expiry === "") return "unknown";
  const days = (Date.parse(`${expiry}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000;
  if (Number.isNaN(days)) return "unknown";
  if (days < 0) return "expired";
  return days <= REGISTRATION_WARNING_DAYS ? "expiring" : "current";
}

/** Whether a unit stands in one known state and is registered in another known one. */
export function isRegistrationMismatch(locationState: string | null, registrationState: string | null): boolean {
  const located = stateKey(locationState);
  const registered = stateKey(registrationState);
  return located !== "" && registered !== "" && located !== registered;
}

/** The map's values: units per state's full name (states the map does not know are left off it). */
export function mapValues(byState: ReadonlyMap<string, number>): { names: string[]; values: number[] } {
  const names: string[] = [];
  const values: number[] = [];
  for (const [code, units] of byState) {
    const name = US_STATE_NAMES[code];
    if (!name) continue;
    names.push(name);
    values.push(units);
  }
  return { names, values };
}

// The overview board (docs/boards.md): the fleet by status — one card per status of the catalogue with
// its counts by truck type, how many units are late (isUnitLate) and the units waiting longest, grouped
// by the department that works the status. Two aggregate queries over the whole fleet, whatever its size.
import type { Db } from "~/modules/platform/services.server.ts";
import { type BoardCard, withSearchText } from "../../../rules/boards/boards.ts";
import { TRUCK_TYPES } from "../../../rules/fleet/truck-types.ts";
import { UNIT_STATUSES, type Department } from "../../../rules/fleet/unit-statuses.ts";
import {
  badge,
  badges,
  cardDate,
  cardUnit,
  facts,
  NO_NOTES,
  sortKeyOf,
  wholeDaysSince,
} from "../card-mapping.server.ts";

/** How many of the longest-waiting units each status card lists. */
export const OVERVIEW_OLDEST_UNITS = 5;

const MS_PER_DAY = 86_400_000;

/** Departments in the order a unit travels through them; statuses that left the fleet last. */
export const OVERVIEW_STAGES: readonly { department: Department | null; id: string; label: string }[] = [
  { department: "onboarding", id: "onboarding", label: "Onboarding" },
  { department: "transport", id: "transport", label: "Transport" },
  { department: "ar", id: "ar", label: "Accounts Receivable" },
  { department: "offboarding", id: "offboarding", label: "Offboarding" },
  { department: "recon", id: "recon", label: "Recon" },
  { department: "sales", id: "sales", label: "Sales" },
  { department: "titles", id: "titles", label: "Titles" },
  { department: null, id: "out-of-fleet", label: "Out of Fleet" },
];

interface CountRow {
  statusName: string;
  truckType: string;
  total: number;
  late: number;
  oldest: Date | null;
}

interface OldestRow {
  statusName: string;
  unitNumber: string;
  statusChangedAt: Date;
  overrideLate: boolean;
  truckType: string;
}

export async function loadCards(db: Db, now: Date): Promise<BoardCard[]> {
  // Late as isUnitLate: more than `lateAfterDays` whole days, i.e. changed at or before now − (days + 1).
  const thresholds = UNIT_STATUSES.filter((status) => status.lateAfterDays !== null);
  const names = thresholds.map((status) => status.name);
  const cutoffs = thresholds.map((status) => new Date(now.getTime() - (status.lateAfterDays! + 1) * MS_PER_DAY));
  const [counts, oldest] = await Promise.all([
    db.$queryRaw<CountRow[]>`
      WITH cut AS (SELECT * FROM unnest(${names}::text[], ${cutoffs}::timestamp[]) AS c(name, cutoff))
      SELECT s.name AS "statusName", u."truckType"::text AS "truckType", count(*)::int AS total,
             (count(*) FILTER (WHERE NOT u."overrideLate" AND u."statusChangedAt" <= cut.cutoff))::int AS late,
             min(u."statusChangedAt") AS oldest
        FROM "Unit" u
        JOIN "UnitStatus" s ON s.id = u."statusId"
        LEFT JOIN cut ON cut.name = s.name
       GROUP BY s.name, u."truckType"`,
    db.$queryRaw<OldestRow[]>`
      SELECT "statusName", "unitNumber", "statusChangedAt", "overrideLate", "truckType"
        FROM (SELECT s.name AS "statusName", u."unitNumber", u."statusChangedAt", u."overrideLate",
                     u."truckType"::text AS "truckType",
                     row_number() OVER (PARTITION BY u."statusId" ORDER BY u."statusChangedAt", u."unitNumber") AS rn
                FROM "Unit" u JOIN "UnitStatus" s ON s.id = u."statusId") ranked
       WHERE rn <= ${OVERVIEW_OLDEST_UNITS}
       ORDER BY "statusName", "statusChangedAt"`,
  ]);

  return UNIT_STATUSES.map((status, index) => {
    const rows = counts.filter((row) => row.statusName === status.name);
    const total = rows.reduce((sum, row) => sum + row.total, 0);
    const late = rows.reduce((sum, row) => sum + row.late, 0);
    const oldestChange = rows.reduce<Date | null>(
      (min, row) => (row.oldest && (!min || row.oldest < min) ? row.oldest : min),
      null,
    );
    const stageIndex = OVERVIEW_STAGES.findIndex((stage) => stage.department === status.department);
    const stage = OVERVIEW_STAGES[stageIndex]!;
    const units = oldest
      .filter((row) => row.statusName === status.name)
      .map((row) =>
        cardUnit(
          {
            unitNumber: row.unitNumber,
            statusName: status.name,
            statusChangedAt: row.statusChangedAt,
            overrideLate: row.overrideLate,
          },
          null,
          now,
        ),
      );
    const card: BoardCard = withSearchText(
      {
        key: `status-${status.id}`,
        list: "overview",
        stage: { id: stage.id, label: stage.label, order: stageIndex },
        title: status.name,
        subtitle: status.lateAfterDays === null ? "Never late" : `Late after ${status.lateAfterDays} days`,
        formHistoryId: null,
        unitNumber: null,
        badges: badges(late > 0 && badge(`${late} late`, "red")),
        facts: facts(
          ["Units", total],
          ...TRUCK_TYPES.map(
            (type) => [type.label, rows.find((row) => row.truckType === type.type)?.total ?? 0] as const,
          ),
          ["Late", late],
          ["Waiting since", cardDate(oldestChange)],
        ),
        units,
        daysInStage: wholeDaysSince(oldestChange, now),
        late: late > 0,
        priority: null,
        notes: NO_NOTES,
        actions: [],
        // Catalogue order within a department.
        sortKey: sortKeyOf(index),
      },
      [stage.label],
    );
    return card;
  });
}

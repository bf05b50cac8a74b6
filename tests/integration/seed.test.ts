// The demo data (scripts/seed): a believable company in every stage of its work, the demo accounts
// with exactly their department's permissions, reproducible from `now`, and never written over data.
import { randomBytes } from "node:crypto";
import { verify } from "@node-rs/argon2";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { isAtCustomerUnitStatus, RETURNING_UNIT_STATUS } from "~/rules/orders/order-stages.ts";
import { TRUCK_TYPE_VALUES } from "~/rules/fleet/truck-types";
import { UNIT_STATUS_ID, UNIT_STATUSES } from "~/rules/fleet/unit-statuses";
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  isDatabaseEmpty,
  seedDemoData,
  type SeedSummary,
} from "../../scripts/seed/index.ts";
import { demoListingPhotos } from "../../scripts/seed/listing-photos.ts";
import { LOW_READING_EVERY } from "../../scripts/seed/odometer-readings.ts";
import { LOTS } from "../../scripts/seed/reference-data.ts";
import { testDatabaseUrl } from "../support/database.ts";

const NOW = new Date("2026-03-16T12:00:00.000Z");
const DEMO_COMPANIES = 60;
const DEMO_UNITS = 1_500;

let db: pg.Client;
let emptyBeforeSeed: boolean;
let summary: SeedSummary;

async function rows<T extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<T[]> {
  return (await db.query<T>(sql, values)).rows;
}

async function count(sql: string, values: unknown[] = []): Promise<number> {
  const [row] = await rows<{ n: number }>(sql, values);
  return Number(row?.n);
}

beforeAll(async () => {
  emptyBeforeSeed = await isDatabaseEmpty(testDatabaseUrl());
  summary = await seedDemoData(testDatabaseUrl(), { scale: "demo", now: NOW });
  db = new pg.Client({ connectionString: testDatabaseUrl() });
  await db.connect();
});

afterAll(async () => {
  await db?.end();
});

describe("demo seed: the company", () => {
  it("writes exactly 60 customer companies with 5-digit codes and 1,500 units", async () => {
    expect(emptyBeforeSeed).toBe(true);
    expect(
      await count(`SELECT count(*)::int AS n FROM "Company" WHERE code ~ '^[0-9]{5}$' AND state IS NOT NULL`),
    ).toBe(DEMO_COMPANIES);
    expect(await count(`SELECT count(*)::int AS n FROM "Unit"`)).toBe(DEMO_UNITS);
    expect(summary.tables.Company).toBe(DEMO_COMPANIES);
    expect(summary.tables.Unit).toBe(DEMO_UNITS);
    expect(summary.totalRows).toBe(Object.values(summary.tables).reduce((a, b) => a + (b ?? 0), 0));
  });

  it("has units in every one of the 16 statuses and of every truck type, with unique VINs", async () => {
    const statuses = await rows<{ name: string }>(
      `SELECT DISTINCT s.name FROM "Unit" u JOIN "UnitStatus" s ON s.id = u."statusId"`,
    );
    expect(statuses.map((s) => s.name).sort()).toEqual(UNIT_STATUSES.map((s) => s.name).sort());
    const types = await rows<{ truckType: string }>(`SELECT DISTINCT "truckType" FROM "Unit"`);
    expect(types.map((t) => t.truckType).sort()).toEqual([...TRUCK_TYPE_VALUES].sort());
    expect(await count(`SELECT count(DISTINCT vin)::int AS n FROM "Unit" WHERE length(vin) = 17`)).toBe(DEMO_UNITS);
  });

  it("loads the permission and unit status catalogues", async () => {
    expect(await count(`SELECT count(*)::int AS n FROM "Permission"`)).toBe(55);
    const catalogue = await rows<{ id: number; name: string; lateAfterDays: number | null; sortOrder: number }>(
      `SELECT id, name, "lateAfterDays", "sortOrder" FROM "UnitStatus" ORDER BY "sortOrder"`,
    );
    expect(catalogue.map(({ id, name, lateAfterDays }) => ({ id, name, lateAfterDays }))).toEqual(
      UNIT_STATUSES.map(({ id, name, lateAfterDays }) => ({ id, name, lateAfterDays })),
    );
  });

  it("shows late units, overridden late units with a reason, and rental use on NEW and RE-RENT units", async () => {
    const late = await count(
      `SELECT count(*)::int AS n FROM "Unit" u JOIN "UnitStatus" s ON s.id = u."statusId"
        WHERE NOT u."overrideLate" AND s."lateAfterDays" IS NOT NULL
          AND date_part('day', $1::timestamp - u."statusChangedAt") > s."lateAfterDays"`,
      [NOW.toISOString()],
    );
    expect(late).toBeGreaterThan(20);
    expect(
      await count(`SELECT count(*)::int AS n FROM "Unit" WHERE "overrideLate" AND "overrideReason" <> ''`),
    ).toBeGreaterThan(5);
    const rentalUse = await rows<{ name: string }>(
      `SELECT DISTINCT s.name FROM "Unit" u JOIN "UnitStatus" s ON s.id = u."statusId" WHERE u."rentalUse" IS NOT NULL ORDER BY 1`,
    );
    expect(rentalUse.map((r) => r.name)).toEqual(["NEW", "RE-RENT"]);
  });

  it("ends every unit's history at its current status (at its last change) and sub-status", async () => {
    expect(await count(`SELECT count(DISTINCT "unitId")::int AS n FROM "UnitHistory"`)).toBe(DEMO_UNITS);
    expect(await count(`SELECT count(*)::int AS n FROM "UnitHistory"`)).toBeGreaterThan(DEMO_UNITS * 5);
    const mismatches = await count(
      `WITH last_status AS (
         SELECT DISTINCT ON ("unitId") "unitId", "newVal", "changedOn" FROM "UnitHistory"
          WHERE "statType" = 'Status' ORDER BY "unitId", "changedOn" DESC, id DESC),
       last_sub AS (
         SELECT DISTINCT ON ("unitId") "unitId", "newVal" FROM "UnitHistory"
          WHERE "statType" = 'Sub-Status' ORDER BY "unitId", "changedOn" DESC, id DESC)
       SELECT count(*)::int AS n FROM "Unit" u
         JOIN "UnitStatus" s ON s.id = u."statusId"
         LEFT JOIN last_status ls ON ls."unitId" = u.id
         LEFT JOIN last_sub sub ON sub."unitId" = u.id
        WHERE ls."newVal" IS DISTINCT FROM s.name OR ls."changedOn" IS DISTINCT FROM u."statusChangedAt"
           OR sub."newVal" IS DISTINCT FROM u."subStatus"`,
    );
    expect(mismatches).toBe(0);
    expect(
      await count(`SELECT count(*)::int AS n FROM "UnitHistory" WHERE "changedOn" > $1::timestamp`, [
        NOW.toISOString(),
      ]),
    ).toBe(0);
  });
});

describe("demo seed: orders, off-rents and trades", () => {
  it("has on-rent orders in every onboarding stage, with counts that add up", async () => {
    const stages = await rows<{ stage: number }>(
      `SELECT DISTINCT "onboardingStatus" AS stage FROM "OrderForm" ORDER BY 1`,
    );
    expect(stages.map((s) => s.stage)).toEqual([0, 1, 2, 3]);
    // TrucksRemaining = requested − deliveries that have a carrier; requested = the four counts (checked by the schema).
    expect(
      await count(
        `SELECT count(*)::int AS n FROM "OrderForm" o
          WHERE o."trucksRemaining" <> o."trucksRequested" - (SELECT count(*) FROM "TransportJob" j
            WHERE j."formHistoryId" = o."formHistoryId" AND j.kind = 'DELIVERY' AND j."vendorId" IS NOT NULL)`,
      ),
    ).toBe(0);
    expect(
      await count(`SELECT count(*)::int AS n FROM "OrderForm" WHERE "onboardingStatus" = 3 AND "trucksRemaining" <> 0`),
    ).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM "Reservation" WHERE "orderFormId" IS NOT NULL`)).toBeGreaterThan(
      10,
    );
  });

  it("marks some orders priority (with the spec's reasons, some with a deadline), prepaid or cancelled", async () => {
    const reasons = await rows<{ priorityReason: string; deadline: boolean }>(
      `SELECT "priorityReason", "priorityDeadline" IS NOT NULL AS deadline FROM "FormHistory" WHERE "priorityReason" IS NOT NULL`,
    );
    expect(reasons.length).toBeGreaterThan(5);
    expect(reasons.some((r) => r.deadline)).toBe(true);
    expect(reasons.every((r) => r.priorityReason.length <= 64)).toBe(true);
    expect(await count(`SELECT count(*)::int AS n FROM "FormHistory" WHERE "confirmedPrepay"`)).toBeGreaterThan(0);
    expect(await count(`SELECT count(*)::int AS n FROM "FormHistory" WHERE "cancelledAt" IS NOT NULL`)).toBeGreaterThan(
      0,
    );
  });

  it("has off-rents in every offboarding stage, returning units really on rent to that customer until picked up", async () => {
    const stages = await rows<{ stage: number }>(
      `SELECT DISTINCT "offboardingStatus" AS stage FROM "OffRentForm" WHERE "tradeFormId" IS NULL ORDER BY 1`,
    );
    expect(stages.map((s) => s.stage)).toEqual([0, 1, 2, 3]);
    const lines = await rows<{ statusId: number; unitStatus: string | null; sameCompany: boolean }>(
      `SELECT DISTINCT r."statusId", s.name AS "unitStatus", u."companyId" = f."companyId" AS "sameCompany"
         FROM "ReturningUnit" r JOIN "FormHistory" f ON f.id = r."formHistoryId"
         LEFT JOIN "Unit" u ON u.id = r."unitId" LEFT JOIN "UnitStatus" s ON s.id = u."statusId"
        WHERE r."unitId" IS NOT NULL`,
    );
    expect(new Set(lines.map((l) => l.statusId))).toEqual(new Set(Object.values(RETURNING_UNIT_STATUS)));
    for (const line of lines.filter((l) => isAtCustomerUnitStatus(l.statusId))) {
      expect(line).toEqual({ statusId: line.statusId, unitStatus: "ON RENT", sameCompany: true });
    }
    expect(lines.filter((l) => l.statusId === RETURNING_UNIT_STATUS.pickedUp).map((l) => l.unitStatus)).toEqual([
      "IN TRANSIT",
    ]);
    expect(
      lines.filter((l) => l.statusId === RETURNING_UNIT_STATUS.received).every((l) => l.unitStatus !== "ON RENT"),
    ).toBe(true);
  });

  it("has trades in every stage with both halves on one FormHistory, and split trades sharing a link", async () => {
    const trades = await rows<{ stage: number; kind: string; returnHalf: number | null; sameStage: boolean }>(
      `SELECT t."onboardingStatus" AS stage, f.kind, o.id AS "returnHalf", o."offboardingStatus" = t."onboardingStatus" AS "sameStage"
         FROM "TradeForm" t JOIN "FormHistory" f ON f.id = t."formHistoryId"
         LEFT JOIN "OffRentForm" o ON o."tradeFormId" = t.id AND o."formHistoryId" = t."formHistoryId"`,
    );
    expect(trades.length).toBeGreaterThanOrEqual(24);
    expect(new Set(trades.map((t) => t.stage))).toEqual(new Set([0, 1, 2, 3]));
    expect(trades.every((t) => t.kind === "TRADE" && t.returnHalf !== null && t.sameStage)).toBe(true);
    const splits = await rows<{ tradeLink: string; parts: number; numbers: number[]; roots: number }>(
      `SELECT t."tradeLink", count(*)::int AS parts, array_agg(f."splitNumber" ORDER BY f."splitNumber") AS numbers,
              count(*) FILTER (WHERE f."splitFromId" IS NULL)::int AS roots
         FROM "TradeForm" t JOIN "FormHistory" f ON f.id = t."formHistoryId"
        WHERE t."tradeLink" IS NOT NULL GROUP BY t."tradeLink"`,
    );
    expect(splits.length).toBeGreaterThanOrEqual(2);
    for (const split of splits) {
      expect(split.parts).toBeGreaterThanOrEqual(2);
      expect(split.numbers).toEqual(Array.from({ length: split.parts }, (_, i) => i + 1));
      expect(split.roots).toBe(1);
    }
  });

  it("has transport jobs with and without a carrier, some completed, carriers being transporters", async () => {
    const jobs = await rows<{ kind: string; assigned: boolean; completed: boolean }>(
      `SELECT DISTINCT kind, "vendorId" IS NOT NULL AS assigned, "completedAt" IS NOT NULL AS completed FROM "TransportJob"`,
    );
    for (const kind of ["DELIVERY", "PICKUP"]) {
      expect(jobs).toContainEqual({ kind, assigned: true, completed: true });
      expect(jobs).toContainEqual({ kind, assigned: true, completed: false });
      expect(jobs).toContainEqual({ kind, assigned: false, completed: false });
    }
    expect(
      await count(
        `SELECT count(*)::int AS n FROM "TransportJob" j JOIN "Vendor" v ON v.id = j."vendorId" WHERE v."vendorType" <> 'TRANSPORTER'`,
      ),
    ).toBe(0);
    expect(
      await count(`SELECT count(*)::int AS n FROM "TransportJob" WHERE "scheduledDate" > $1::date`, [
        NOW.toISOString(),
      ]),
    ).toBeGreaterThan(0);
  });
});

describe("demo seed: accounts receivable and the rest", () => {
  it("bills every unit on rent on an open contract, with open, paid and void invoices", async () => {
    expect(
      await count(
        `SELECT count(*)::int AS n FROM "Unit" u WHERE u."statusId" = ${UNIT_STATUS_ID["ON RENT"]}
           AND NOT EXISTS (SELECT 1 FROM "OpenContract" c WHERE c."unitId" = u.id AND c.status = 'OPEN' AND c."companyId" = u."companyId")`,
      ),
    ).toBe(0);
    const statuses = await rows<{ status: string }>(`SELECT DISTINCT status FROM "ArInvoice" ORDER BY 1`);
    expect(statuses.map((s) => s.status)).toEqual(["OPEN", "PAID", "VOID"]);
  });

  it("never applies more credit than a memo's lines hold", async () => {
    expect(new Set((await rows<{ status: string }>(`SELECT status FROM "CreditMemo"`)).map((r) => r.status))).toEqual(
      new Set(["PENDING", "APPROVED", "VOID"]),
    );
    expect(await count(`SELECT count(*)::int AS n FROM "CreditMemoApplication"`)).toBeGreaterThan(0);
    expect(
      await count(
        `SELECT count(*)::int AS n FROM "CreditMemo" m
          WHERE (SELECT coalesce(sum("appliedAmount"), 0) FROM "CreditMemoApplication" a WHERE a."creditMemoId" = m.id)
              > (SELECT sum(amount) FROM "CreditMemoLine" l WHERE l."creditMemoId" = m.id)`,
      ),
    ).toBe(0);
  });

  it("lists every unit at auction with 2 to 4 stored demo photos, and comparables from other sellers", async () => {
    const listings = await rows<{ images: number; stored: boolean }>(
      `SELECT count(i.id)::int AS images,
              bool_and(i."smallUrl" ~ '^listings/[0-9a-f]{64}-small[.]jpg$' AND i."largeUrl" ~ '^listings/[0-9a-f]{64}-large[.]jpg$') AS stored
         FROM "Unit" u JOIN "AuctionListing" l ON l."unitId" = u.id AND l."endedAt" IS NULL
         JOIN "AuctionListingImage" i ON i."listingId" = l.id
        WHERE u."statusId" = ${UNIT_STATUS_ID["At Auction"]} GROUP BY l.id`,
    );
    expect(listings).toHaveLength(
      await count(`SELECT count(*)::int AS n FROM "Unit" WHERE "statusId" = ${UNIT_STATUS_ID["At Auction"]}`),
    );
    expect(listings.every((l) => l.images >= 2 && l.images <= 4 && l.stored)).toBe(true);
    // Every photo the listings point at is one of the few generated demo photos.
    const keys = await rows<{ key: string }>(
      `SELECT DISTINCT "smallUrl" AS key FROM "AuctionListingImage" UNION SELECT DISTINCT "largeUrl" FROM "AuctionListingImage"`,
    );
    const demo = (await demoListingPhotos(null)).flatMap((photo) => [photo.smallUrl, photo.largeUrl]);
    expect(keys.map(({ key }) => key).toSorted()).toEqual(demo.toSorted());
    expect(await count(`SELECT count(*)::int AS n FROM "AuctionListing" WHERE "unitId" IS NULL`)).toBeGreaterThan(0);
  });

  it("writes notes (some cancelled), audit entries in the label: old!label: new form, claims and damage reports", async () => {
    expect(await count(`SELECT count(*)::int AS n FROM "Note" WHERE cancelled`)).toBeGreaterThan(0);
    expect(await count(`SELECT count(*)::int AS n FROM "Note" WHERE "unitNumber" IS NOT NULL`)).toBeGreaterThan(0);
    const [entry] = await rows<{ changedData: Record<string, string> }>(
      `SELECT "changedData" FROM "AuditLog" WHERE action = 'edit' ORDER BY id LIMIT 1`,
    );
    const [label, text] = Object.entries(entry!.changedData)[0]!;
    expect(text).toMatch(new RegExp(`^${label}: .*!${label}: .+$`));
    expect(await count(`SELECT count(*)::int AS n FROM "Claim"`)).toBeGreaterThan(0);
    expect(await count(`SELECT count(*)::int AS n FROM "DamageReport"`)).toBe(24);
    expect(await count(`SELECT count(*)::int AS n FROM "PageVisit"`)).toBeGreaterThan(0);
    expect(await count(`SELECT count(*)::int AS n FROM "Feedback"`)).toBeGreaterThan(0);
  });
});

describe("demo seed: the facts the fleet reports read", () => {
  const LAST_DAY = "2026-03-15";

  it("keeps two years of daily fleet snapshots, up to the day before its now, the fleet growing", async () => {
    const [span] = await rows<{ days: number; first: string; last: string }>(
      `SELECT count(DISTINCT day)::int AS days, min(day)::text AS first, max(day)::text AS last FROM "FleetSnapshot"`,
    );
    expect(span).toEqual({ days: 730, first: "2024-03-16", last: LAST_DAY });
    const totals = await rows<{ day: string; units: number }>(
      `SELECT day::text, sum(units)::int AS units FROM "FleetSnapshot" WHERE day IN ('2024-03-16', $1) GROUP BY day ORDER BY day`,
      [LAST_DAY],
    );
    expect(totals[0]!.units).toBeGreaterThan(DEMO_UNITS / 2);
    expect(totals[1]!.units).toBeGreaterThan(totals[0]!.units);
  });

  it("counts on its last day the fleet worked out from the units and their last status change", async () => {
    // Each unit's status at the end of the day, read here by its own query: the last change before midnight,
    // else the first change's previous value, else its status now; SOLD units and units not yet in left out.
    const fleet = await rows<{ key: string; units: number }>(
      `WITH at_end AS (
         SELECT u.id, u."truckType", u."locationState", u."rentalUse", u."inFleetDate",
                coalesce(
                  (SELECT h."newVal" FROM "UnitHistory" h WHERE h."unitId" = u.id AND h."statType" = 'Status'
                      AND h."changedOn" < $1::date + 1 ORDER BY h."changedOn" DESC, h.id DESC LIMIT 1),
                  (SELECT coalesce(h."prevVal", s.name) FROM "UnitHistory" h WHERE h."unitId" = u.id
                      AND h."statType" = 'Status' ORDER BY h."changedOn", h.id LIMIT 1),
                  s.name) AS status
           FROM "Unit" u JOIN "UnitStatus" s ON s.id = u."statusId")
       SELECT concat_ws('|', st.id, e."truckType", coalesce(e."locationState", ''), coalesce(e."rentalUse"::text, '')) AS key,
              count(*)::int AS units
         FROM at_end e JOIN "UnitStatus" st ON st.name = e.status
        WHERE e.status <> 'SOLD' AND e."inFleetDate" <= $1::date
        GROUP BY 1 ORDER BY 1`,
      [LAST_DAY],
    );
    const snapshot = await rows<{ key: string; units: number }>(
      `SELECT concat_ws('|', "statusId", "truckType", state, "rentalUse") AS key, units
         FROM "FleetSnapshot" WHERE day = $1 ORDER BY 1`,
      [LAST_DAY],
    );
    expect(snapshot).toEqual(fleet);
    expect(snapshot.reduce((sum, row) => sum + row.units, 0)).toBeGreaterThan(DEMO_UNITS * 0.8);
  });

  it("reads odometers at deliveries, returns, inspections and auctions over two years, rising at a rental truck's pace", async () => {
    const sources = await rows<{ source: string }>(`SELECT DISTINCT source::text FROM "OdometerReading" ORDER BY 1`);
    expect(sources.map((row) => row.source)).toEqual(["AUCTION", "DELIVERY", "INSPECTION", "RETURN"]);
    expect(
      await count(
        `SELECT count(*)::int AS n FROM "OdometerReading" WHERE "readAt" < $1::timestamptz - interval '730 days' OR "readAt" > $1::timestamptz`,
        [NOW.toISOString()],
      ),
    ).toBe(0);
    // No reading above the unit's odometer now, and each request's reading names its request.
    expect(
      await count(
        `SELECT count(*)::int AS n FROM "OdometerReading" r JOIN "Unit" u ON u.id = r."unitId" WHERE r.reading > u.odometer`,
      ),
    ).toBe(0);
    expect(
      await count(`SELECT count(*)::int AS n FROM "OdometerReading" WHERE "formHistoryId" IS NOT NULL`),
    ).toBeGreaterThan(10);
    const [pace] = await rows<{ median: number }>(
      `WITH r AS (SELECT source, reading, "readAt",
                         lag(reading) OVER w AS before, lag("readAt") OVER w AS "beforeAt", lag(source) OVER w AS "beforeSource"
                    FROM "OdometerReading" WINDOW w AS (PARTITION BY "unitId" ORDER BY "readAt", id))
       SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY (reading - before) / (extract(epoch FROM "readAt" - "beforeAt") / 86400 / 30.44)) AS median
         FROM r WHERE source = 'RETURN' AND "beforeSource" = 'DELIVERY' AND reading > before AND "readAt" - "beforeAt" > interval '30 days'`,
    );
    expect(pace!.median).toBeGreaterThan(1_500);
    expect(pace!.median).toBeLessThan(3_500);
  });

  it("has readings that rise, but for a few deliberately misread low once, and a few deliveries nobody read", async () => {
    const drops = await rows<{ unitId: number; drops: number; recovered: boolean }>(
      `WITH r AS (SELECT "unitId", reading, lag(reading) OVER w AS before, lead(reading) OVER w AS after
                    FROM "OdometerReading" WINDOW w AS (PARTITION BY "unitId" ORDER BY "readAt", id))
       SELECT "unitId", count(*)::int AS drops, bool_and(after IS NULL OR after >= before) AS recovered
         FROM r WHERE reading < before GROUP BY "unitId"`,
    );
    const readings = await count(`SELECT count(*)::int AS n FROM "OdometerReading"`);
    expect(drops.length).toBeGreaterThan(0);
    expect(drops.length).toBeLessThanOrEqual(Math.ceil(readings / LOW_READING_EVERY));
    // One misread reading per unit, and the reading after it is right again.
    expect(drops.every((drop) => drop.drops === 1 && drop.recovered)).toBe(true);
    const unread = await count(
      `SELECT count(*)::int AS n FROM "UnitHistory" h
        WHERE h."statType" = 'Status' AND h."newVal" = 'ON RENT' AND h."changedOn" >= $1::timestamp - interval '729 days'
          AND NOT EXISTS (SELECT 1 FROM "OdometerReading" r WHERE r."unitId" = h."unitId" AND r.source = 'DELIVERY'
                             AND r."readAt" = h."changedOn" AT TIME ZONE 'UTC')`,
      [NOW.toISOString()],
    );
    expect(unread).toBeGreaterThan(0);
    expect(unread).toBeLessThan(20);
  });

  it("puts every unit at auction at its listing's auction, units in the body shop at a body shop, none on rent anywhere", async () => {
    const placed = await rows<{ status: string; kind: string | null; units: number }>(
      `SELECT s.name AS status, l.kind::text AS kind, count(*)::int AS units
         FROM "Unit" u JOIN "UnitStatus" s ON s.id = u."statusId" LEFT JOIN "Location" l ON l.id = u."locationId"
        GROUP BY 1, 2`,
    );
    const kindsOf = (status: string) => placed.filter((row) => row.status === status).map((row) => row.kind);
    expect(kindsOf("At Auction")).toEqual(["AUCTION"]);
    expect(kindsOf("BODY SHOP")).toEqual(["BODY_SHOP"]);
    expect(kindsOf("ON RENT")).toEqual([null]);
    expect(kindsOf("SOLD")).toEqual([null]);
    expect(kindsOf("ON LOT")).toEqual(["LOT"]);
    expect(kindsOf("NEW").toSorted()).toEqual(["LOT", "UPFITTER"]);
    expect(
      await count(
        `SELECT count(*)::int AS n FROM "Unit" u JOIN "Location" l ON l.id = u."locationId"
           JOIN "AuctionListing" a ON a."unitId" = u.id AND a."endedAt" IS NULL
          WHERE u."statusId" = ${UNIT_STATUS_ID["At Auction"]} AND a."facilitatingAuction" <> l.name`,
      ),
    ).toBe(0);
    // A unit standing at a location is in its state.
    expect(
      await count(
        `SELECT count(*)::int AS n FROM "Unit" u JOIN "Location" l ON l.id = u."locationId"
          WHERE u."locationState" <> l.state AND u."statusId" NOT IN (${UNIT_STATUS_ID["IN TRANSIT"]}, ${UNIT_STATUS_ID["IN TRANSIT (SELLER)"]})`,
      ),
    ).toBe(0);
    const kinds = await rows<{ kind: string; n: number }>(
      `SELECT kind::text, count(*)::int AS n FROM "Location" GROUP BY 1 ORDER BY 1`,
    );
    expect(kinds).toEqual([
      { kind: "AUCTION", n: expect.any(Number) },
      { kind: "BODY_SHOP", n: expect.any(Number) },
      { kind: "LOT", n: LOTS.length },
      { kind: "UPFITTER", n: expect.any(Number) },
    ]);
  });

  it("registers every unit, mostly in the fleet's home states, some expiring within 60 days and a few expired", async () => {
    const [registration] = await rows<{ missing: number; home: number; expired: number; soon: number }>(
      `SELECT count(*) FILTER (WHERE "registrationState" IS NULL OR "registrationExpiry" IS NULL)::int AS missing,
              count(*) FILTER (WHERE "registrationState" = ANY($2::text[]))::int AS home,
              count(*) FILTER (WHERE "registrationExpiry" < $1::date)::int AS expired,
              count(*) FILTER (WHERE "registrationExpiry" >= $1::date AND "registrationExpiry" <= $1::date + 60)::int AS soon
         FROM "Unit"`,
      [NOW.toISOString().slice(0, 10), [...new Set(LOTS.map((lot) => lot.state))]],
    );
    expect(registration!.missing).toBe(0);
    expect(registration!.home).toBeGreaterThan(DEMO_UNITS * 0.8);
    expect(registration!.expired).toBeGreaterThan(0);
    expect(registration!.expired).toBeLessThan(DEMO_UNITS * 0.1);
    expect(registration!.soon).toBeGreaterThan(DEMO_UNITS * 0.05);
  });

  it("links every company to an industry of the list, which holds industries no customer is in yet", async () => {
    expect(await count(`SELECT count(*)::int AS n FROM "Company" WHERE "industryId" IS NULL`)).toBe(0);
    expect(
      await count(
        `SELECT count(*)::int AS n FROM "Industry" i WHERE NOT EXISTS (SELECT 1 FROM "Company" c WHERE c."industryId" = i.id)`,
      ),
    ).toBeGreaterThan(0);
  });
});

describe("demo seed: accounts", () => {
  it("gives each demo account exactly its permission ids through its department, and the demo password", async () => {
    for (const account of DEMO_ACCOUNTS) {
      const [user] = await rows<{ id: number; passwordHash: string; department: string | null; direct: number }>(
        `SELECT u.id, u."passwordHash", d.name AS department,
                (SELECT count(*)::int FROM "UserPermission" up WHERE up."userId" = u.id) AS direct
           FROM "User" u LEFT JOIN "Department" d ON d.id = u."departmentId" WHERE u.email = $1`,
        [account.email],
      );
      expect(user, account.email).toBeDefined();
      expect(user!.department).toBe(account.department);
      expect(user!.direct).toBe(0);
      const permissions = await rows<{ permissionId: number }>(
        `SELECT dp."permissionId" FROM "User" u JOIN "DepartmentPermission" dp ON dp."departmentId" = u."departmentId"
          WHERE u.id = $1 ORDER BY 1`,
        [user!.id],
      );
      expect(
        permissions.map((p) => p.permissionId),
        account.email,
      ).toEqual([...account.permissionIds].sort((a, b) => a - b));
      expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verify(user!.passwordHash, DEMO_PASSWORD)).toBe(true);
    }
    expect(DEMO_ACCOUNTS.find((a) => a.email === "nobody@fleetops.test")?.permissionIds).toEqual([]);
    expect(await count(`SELECT count(*)::int AS n FROM "User"`)).toBeGreaterThanOrEqual(DEMO_ACCOUNTS.length + 25);
  });

  it("gives a few ordinary employees direct grants and has one who left, each change audited (ADR 037)", async () => {
    const demo = DEMO_ACCOUNTS.map((account) => account.email);
    const granted = await rows<{ email: string; direct: number }>(
      `SELECT u.email, count(*)::int AS direct FROM "UserPermission" up JOIN "User" u ON u.id = up."userId"
        GROUP BY u.email ORDER BY u.email`,
    );
    expect(granted.length).toBe(4);
    expect(granted.filter((row) => demo.includes(row.email))).toEqual([]);
    // One grant the department gives too: the page shows its source as both.
    expect(
      await count(
        `SELECT count(*)::int AS n FROM "UserPermission" up JOIN "User" u ON u.id = up."userId"
           JOIN "DepartmentPermission" dp ON dp."departmentId" = u."departmentId" AND dp."permissionId" = up."permissionId"`,
      ),
    ).toBe(1);
    const inactive = await rows<{ email: string; revoked: boolean }>(
      `SELECT email, "tokensValidAfter" > "createdAt" AS revoked FROM "User" WHERE NOT active`,
    );
    expect(inactive).toEqual([{ email: expect.any(String), revoked: true }]);
    expect(demo).not.toContain(inactive[0]!.email);
    const audited = await rows<{ action: string; n: number }>(
      `SELECT action, count(*)::int AS n FROM "AuditLog" WHERE "entityType" = 'User' GROUP BY action ORDER BY action`,
    );
    expect(audited).toEqual([
      { action: "access-change", n: 4 },
      { action: "deactivate", n: 1 },
    ]);
  });

  it("gives every department a history that ends in the permissions it holds, and one department nobody is in yet", async () => {
    const departments = await rows<{ id: number; name: string; members: number; held: string }>(
      `SELECT d.id, d.name,
              (SELECT count(*)::int FROM "User" u WHERE u."departmentId" = d.id) AS members,
              coalesce((SELECT string_agg(p.name, ', ' ORDER BY p.id) FROM "DepartmentPermission" dp
                          JOIN "Permission" p ON p.id = dp."permissionId" WHERE dp."departmentId" = d.id), '') AS held
         FROM "Department" d ORDER BY d.id`,
    );
    expect(departments).toHaveLength(12);
    for (const department of departments) {
      const history = await rows<{ action: string; changedData: Record<string, string> }>(
        `SELECT action, "changedData" FROM "AuditLog" WHERE "entityType" = 'Department' AND "entityId" = $1
          ORDER BY "changedAt", id`,
        [department.id],
      );
      expect(history[0]?.action, department.name).toBe("create");
      const last = history.at(-1)!.changedData.Permissions!;
      expect(last.slice(last.indexOf("!Permissions: ") + "!Permissions: ".length), department.name).toBe(
        department.held,
      );
    }
    expect(departments.filter((department) => department.members === 0).map((department) => department.name)).toEqual([
      "Yard Crew",
    ]);
    expect(
      await count(`SELECT count(*)::int AS n FROM "AuditLog" WHERE "entityType" = 'Department' AND action = 'edit'`),
    ).toBe(3);
  });

  it("stores the three software variables, naming the exec, admin and sales users", async () => {
    const variables = await rows<{ name: string; value: string }>(
      `SELECT name, value FROM "SoftwareVariable" WHERE "group" = 'Software' ORDER BY name`,
    );
    expect(variables.map((v) => v.name)).toEqual([
      "Employee Management Permissions",
      "Owners Stats Permissions",
      "Rental Use Override Permissions",
    ]);
    const idOf = async (email: string) => String(await count(`SELECT id AS n FROM "User" WHERE email = $1`, [email]));
    const listed = (name: string) => variables.find((v) => v.name === name)!.value.split(",");
    expect(listed("Owners Stats Permissions")).toEqual(
      expect.arrayContaining([await idOf("exec@fleetops.test"), await idOf("admin@fleetops.test")]),
    );
    expect(listed("Rental Use Override Permissions")).toContain(await idOf("sales@fleetops.test"));
  });
});

describe("demo seed: reproducible and careful", () => {
  const KEY_TABLES = [
    "User",
    "Department",
    "DepartmentPermission",
    "Industry",
    "Company",
    "Vendor",
    "Location",
    "Unit",
    "UnitHistory",
    "FleetSnapshot",
    "OdometerReading",
    "FormHistory",
    "OrderForm",
    "OffRentForm",
    "TradeForm",
    "ReturningUnit",
    "Reservation",
    "TransportJob",
    "ArInvoice",
    "CreditMemo",
    "CreditMemoApplication",
    "Note",
    "AuditLog",
    "AuctionListingImage",
  ];

  async function digest(client: pg.Client): Promise<Record<string, string>> {
    const result: Record<string, string> = {};
    for (const table of KEY_TABLES) {
      const {
        rows: [row],
      } = await client.query<{ md5: string }>(
        `SELECT md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS md5 FROM "${table}" t`,
      );
      result[table] = row!.md5;
    }
    return result;
  }

  it("writes identical data into a second database seeded with the same now", async () => {
    const { adminUrl, template } = inject("testDatabase");
    // Named like a worker database (same slot, stamp and random part), so the harness's own checks and
    // its sweep of abandoned databases recognise it.
    const slot = process.env.VITEST_POOL_ID ?? process.env.VITEST_WORKER_ID ?? "0";
    const name = `fleetops_test_${slot}_${Math.floor(Date.now() / 1000).toString(36)}${randomBytes(3).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)} TEMPLATE ${admin.escapeIdentifier(template)}`);
      const url = new URL(testDatabaseUrl());
      url.pathname = `/${name}`;
      await seedDemoData(url.href, { scale: "demo", now: NOW });
      const other = new pg.Client({ connectionString: url.href });
      await other.connect();
      try {
        expect(await digest(other)).toEqual(await digest(db));
      } finally {
        await other.end();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(name)} WITH (FORCE)`);
      await admin.end();
    }
  });

  it("refuses to seed a database that already holds data, and leaves it untouched", async () => {
    expect(await isDatabaseEmpty(testDatabaseUrl())).toBe(false);
    const before = await count(`SELECT count(*)::int AS n FROM "Unit"`);
    await expect(seedDemoData(testDatabaseUrl(), { scale: "demo", now: NOW })).rejects.toThrow(
      /^Refusing to seed: the database already holds data \(User: \d+ rows, Unit: 1500 rows, .*\)\. Seed only an empty, freshly migrated database\.$/,
    );
    expect(await count(`SELECT count(*)::int AS n FROM "Unit"`)).toBe(before);
    expect(await count(`SELECT count(*)::int AS n FROM "Company"`)).toBe(DEMO_COMPANIES);
  });
});

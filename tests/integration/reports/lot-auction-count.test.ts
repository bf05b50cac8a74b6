// /lot-auction-count against the run's demo database (read-only), its numbers computed here by SQL of the
// test's own: each location's counts are a count of its units, lateness follows each status's threshold
// (overridden units never late), the NEW and RE-RENT by rental use view answers only holders of
// new-trade-counts (51) and the NEW-only view only holders of new-only-counts (52), and bad values answer 400.
import { describe, expect, it } from "vitest";
import { lotAuctionCountReport } from "~/modules/reports/fleet/lot-auction-count.server.ts";
import { reportDownload, reportView } from "~/modules/reports/report-run.server.ts";
import { REPORT_MESSAGES } from "~/rules/reports/report-kit.ts";
import { seededPrisma } from "../../support/database.ts";

const { db, now } = seededPrisma();
const LOT_AND_AUCTION = [8];
const view = (query: string, permissionIds: number[] = LOT_AND_AUCTION) =>
  reportView(db, lotAuctionCountReport, "/lot-auction-count", new URLSearchParams(query), now, { permissionIds });
const count = async (where: string) =>
  (
    await db.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM "Unit" u JOIN "UnitStatus" s ON s.id = u."statusId"
       LEFT JOIN "Location" l ON l.id = u."locationId" LEFT JOIN "Reservation" r ON r."unitId" = u.id
       WHERE s.name <> 'SOLD' AND ${where}`,
    )
  )[0]!.n;
const number = (text: string | undefined) => Number((text ?? "").replace(/,/g, ""));
const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`;

describe("/lot-auction-count", () => {
  it("counts each location's units by status and truck type, the late ones by the status's threshold", async () => {
    const { status, view: page } = await view("rows=all");
    expect(status).toBe(200);
    expect(page.columns.map((column) => column.label)).toEqual([
      "Location",
      "Kind",
      "Status",
      "Truck type",
      "Units",
      "Late",
    ]);
    expect(number(page.totals?.[4]?.text)).toBe(await count("true"));
    const perLocation = new Map<string, number>();
    for (const row of page.rows)
      perLocation.set(row.cells[0]!.text, (perLocation.get(row.cells[0]!.text) ?? 0) + number(row.cells[4]!.text));
    for (const [location, units] of perLocation)
      expect(units, location).toBe(
        await count(location === "No location" ? `l.id IS NULL` : `l.name = ${quoted(location)}`),
      );
    const lateWhere = `NOT u."overrideLate" AND s."lateAfterDays" IS NOT NULL
      AND u."statusChangedAt" <= '${now.toISOString()}'::timestamptz - (s."lateAfterDays" + 1) * interval '1 day'`;
    expect(number(page.totals?.[5]?.text)).toBe(await count(lateWhere));
    const busiest = page.rows
      .filter((row) => row.cells[0]!.text !== "No location")
      .sort((a, b) => number(b.cells[4]!.text) - number(a.cells[4]!.text))[0]!;
    const [location, , statusName] = busiest.cells.map((cell) => cell.text);
    const slice = `l.name = ${quoted(location!)} AND s.name = ${quoted(statusName!)} AND u."truckType" = '${busiest.key.split("|")[2]}'`;
    expect(number(busiest.cells[4]!.text)).toBe(await count(slice));
    expect(number(busiest.cells[5]!.text)).toBe(await count(`${slice} AND ${lateWhere}`));
    const link = new URL(busiest.cells[4]!.href!, "http://x");
    expect(link.pathname).toBe("/statuscount");
    expect(link.searchParams.get("status")).toBe(statusName);
    expect(link.searchParams.get("item")).toBe(busiest.key.split("|")[2]);
  });

  it("shows NEW and RE-RENT by rental use, reserved against available, to holders of new-trade-counts only", async () => {
    const others = await view("");
    expect(
      others.view.filters.find((filter) => filter.name === "view")?.options?.map((option) => option.value),
    ).toEqual(["locations"]);
    const refused = await view("view=new-trade");
    expect(refused.status).toBe(400);
    expect(refused.view.error?.message).toBe(REPORT_MESSAGES.choice("View", "new-trade"));
    const file = await reportDownload(
      db,
      lotAuctionCountReport,
      new URLSearchParams("view=new-trade&format=csv"),
      now,
      {
        permissionIds: LOT_AND_AUCTION,
      },
    );
    expect(file.status).toBe(400);

    const { status, view: page } = await view("view=new-trade&rows=all", [51]);
    expect(status).toBe(200);
    expect(page.filters.find((filter) => filter.name === "view")?.options?.map((option) => option.value)).toEqual([
      "locations",
      "new-trade",
    ]);
    expect(page.columns.map((column) => column.label)).toEqual([
      "Status",
      "Rental use",
      "Units",
      "Reserved",
      "Available",
    ]);
    for (const row of page.rows) {
      const [statusName, use] = row.cells.map((cell) => cell.text);
      const where = `s.name = ${quoted(statusName!)} AND ${use === "Not set" ? `u."rentalUse" IS NULL` : `u."rentalUse" = ${quoted(use!)}`}`;
      expect(number(row.cells[2]!.text), row.key).toBe(await count(where));
      expect(number(row.cells[3]!.text), row.key).toBe(await count(`${where} AND r.id IS NOT NULL`));
      expect(number(row.cells[4]!.text), row.key).toBe(await count(`${where} AND r.id IS NULL`));
      expect(new URL(row.cells[3]!.href!, "http://x").searchParams.get("availability")).toBe("reserved");
      expect(new URL(row.cells[4]!.href!, "http://x").searchParams.get("availability")).toBe("available");
    }
    expect(number(page.totals?.[2]?.text)).toBe(await count(`s.name IN ('NEW', 'RE-RENT')`));
    expect((await view("view=new-only", [51])).status).toBe(400);
  });

  it("shows the NEW units by type and location to holders of new-only-counts only", async () => {
    expect((await view("view=new-only")).status).toBe(400);
    const { status, view: page } = await view("view=new-only&rows=all", [52]);
    expect(status).toBe(200);
    expect(page.filters.find((filter) => filter.name === "view")?.options?.map((option) => option.value)).toEqual([
      "locations",
      "new-only",
    ]);
    expect(page.columns.map((column) => column.label)).toEqual([
      "Location",
      "Kind",
      "Truck type",
      "Units",
      "Late",
      "Reserved",
      "Available",
    ]);
    expect(number(page.totals?.[3]?.text)).toBe(await count(`s.name = 'NEW'`));
    for (const row of page.rows.slice(0, 5)) {
      const location = row.cells[0]!.text;
      const where = `s.name = 'NEW' AND u."truckType" = '${row.key.split("|")[2]}' AND ${location === "No location" ? "l.id IS NULL" : `l.name = ${quoted(location)}`}`;
      expect(number(row.cells[3]!.text), row.key).toBe(await count(where));
      expect(new URL(row.cells[3]!.href!, "http://x").searchParams.get("status")).toBe("NEW");
    }
    // Everything (id 1) offers both sections.
    expect((await view("view=new-trade", [1])).status).toBe(200);
  });

  it("answers 400 for a location kind it does not know, and narrows to one it does", async () => {
    expect((await view("kind=GARAGE")).status).toBe(400);
    const { view: page } = await view("kind=AUCTION&rows=all");
    expect(number(page.totals?.[4]?.text)).toBe(await count(`l.kind = 'AUCTION'`));
  });
});

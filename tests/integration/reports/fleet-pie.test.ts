// /fleetpie against the run's demo database (read-only), its numbers computed here by SQL of the test's own:
// the pie's total is the fleet (every unit not sold), each slice is its units, shares add up to one, the
// narrowing filters hold, a value the report does not allow answers 400, and both files hold the page's rows.
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { fleetPieReport } from "~/modules/reports/fleet/fleet-pie.server.ts";
import { reportDownload, reportView } from "~/modules/reports/report-run.server.ts";
import { REPORT_MESSAGES } from "~/rules/reports/report-kit.ts";
import { seededPrisma } from "../../support/database.ts";

const { db, now } = seededPrisma();
const view = (query: string) => reportView(db, fleetPieReport, "/fleetpie", new URLSearchParams(query), now);
const count = async (where: string) =>
  (
    await db.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM "Unit" u JOIN "UnitStatus" s ON s.id = u."statusId" WHERE ${where}`,
    )
  )[0]!.n;

describe("/fleetpie", () => {
  it("totals the fleet (every unit not sold) and gives each status its units and share", async () => {
    const fleet = await count(`s.name <> 'SOLD'`);
    expect(fleet).toBeGreaterThan(1000);
    const { status, view: page } = await view("by=status&rows=all");
    expect(status).toBe(200);
    expect(page.rowCount).toBe(15);
    expect(page.totals?.map((cell) => cell.text)).toEqual(["Totals", fleet.toLocaleString("en-US"), "100.0%"]);
    for (const row of page.rows) {
      const units = await count(`s.name = '${row.key.replace(/'/g, "''")}'`);
      expect(row.cells[1]!.text, row.key).toBe(units.toLocaleString("en-US"));
      expect(new URL(row.cells[1]!.href!, "http://x").searchParams.get("status"), row.key).toBe(row.key);
    }
    const chart = page.charts[0]!;
    expect(chart.svg.startsWith("<svg")).toBe(true);
    expect(chart.svg).not.toContain("<script");
    expect(chart.table.series[0]!.values).toEqual(page.rows.map((row) => row.cells[1]!.text));
  });

  it("groups statuses into the stages, and narrows to a truck type and a group", async () => {
    const { view: groups } = await view("");
    expect(groups.rows.map((row) => row.key)).toEqual([
      "Ready to rent",
      "On rent",
      "Returning",
      "In recon",
      "For sale",
      "Sold, not delivered",
      "Claims",
    ]);
    expect(groups.rows[0]!.cells[1]!.text).toBe((await count(`s.name IN ('NEW', 'RE-RENT')`)).toLocaleString("en-US"));
    const { view: narrowed } = await view("by=truckType&truckType=HALF_TON&group=On+rent");
    expect(narrowed.rows.map((row) => [row.key, row.cells[1]!.text])).toEqual([
      ["HALF_TON", (await count(`s.name = 'ON RENT' AND u."truckType" = 'HALF_TON'`)).toLocaleString("en-US")],
    ]);
  });

  it("answers 400 with the message for a value it does not allow, showing no rows", async () => {
    const { status, view: page } = await view("by=color");
    expect(status).toBe(400);
    expect(page.error).toEqual({ field: "by", message: REPORT_MESSAGES.choice("Slice by", "color") });
    expect(page.rows).toEqual([]);
    const file = await reportDownload(db, fleetPieReport, new URLSearchParams("format=csv&sort=nothing"), now);
    expect(file.status).toBe(400);
    expect(await file.text()).toBe(REPORT_MESSAGES.sort("nothing"));
  });

  it("downloads the same rows, sorted as asked, as CSV and as an Excel sheet with its header frozen", async () => {
    const { view: page } = await view("by=status&sort=-units&rows=all");
    const shown = page.rows.map((row) => [row.cells[0]!.text, Number(row.cells[1]!.text.replace(/,/g, ""))]);
    const csv = await reportDownload(db, fleetPieReport, new URLSearchParams("by=status&sort=-units&format=csv"), now);
    expect(csv.headers.get("content-disposition")).toContain('filename="Fleet Pie 11-16-2026.csv"');
    const lines = (await csv.text())
      .replace(/^\ufeff/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Slice,Units,Share of fleet");
    expect(lines.slice(1, -1).map((line) => line.split(",").slice(0, 2))).toEqual(
      shown.map(([label, units]) => [String(label), String(units)]),
    );
    const xlsx = await reportDownload(db, fleetPieReport, new URLSearchParams("by=status&sort=-units"), now);
    expect(xlsx.headers.get("content-disposition")).toContain('filename="Fleet Pie 11-16-2026.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    const rows: [string, number][] = [];
    sheet.eachRow((row, index) => {
      if (index > 1 && index < sheet.rowCount) rows.push([String(row.getCell(1).value), Number(row.getCell(2).value)]);
    });
    expect(rows).toEqual(shown);
    expect(typeof sheet.getRow(2).getCell(2).value).toBe("number");
  });

  it("reads the demo database and never writes it", async () => {
    await expect(db.$executeRawUnsafe(`UPDATE "Unit" SET odometer = odometer`)).rejects.toThrow(/read-only/);
  });
});

// /statuscount (with its status details dialog, the status list's `?format=xlsx|csv` download and the counts
// table's own, `?format=xlsx|csv&list=counts`) and /stored-variables behind the page guard, through the real
// server: no cookie goes to the root, a garbage or revoked token gets the sign-in dialog (401), a session
// without the page's permission goes to /not-found, on the path as written, percent-encoded and as `.data`;
// none of them sees a unit or a variable or gets a file. A permitted session sees its page and downloads the
// files: the status list's units, and the counts the page shows.
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { statusCounts } from "~/modules/fleet/status-details.server.ts";
import { SESSION_COOKIE } from "~/modules/identity/session-cookie.server.ts";
import type { PermissionName } from "~/rules/access/permissions.ts";
import { STATUS_DETAILS_MESSAGES, type StatusSlice } from "~/rules/fleet/status-details.ts";
import { createTestPrisma } from "../../support/database.ts";
import { ensureStatuses } from "../../support/factories/units.ts";
import { unique } from "../../support/factories/unique.ts";
import { readCsv, readWorkbook } from "../../support/report-files.ts";
import { startTestServer, type RunningServer } from "../../support/test-server.ts";
import { statusUnit } from "../fleet/status-fleet.ts";
import { sessionWith, pathSpellings } from "./page-guard-support.ts";

const EXPIRED_TITLE = "Session Expired - Please Sign In Again";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const db = createTestPrisma();
let server: RunningServer;
const model = unique("Guard");
let secretUnit = "";
const secretVariable = `${unique("Guarded")} Permissions`;

const PAGES = [
  {
    path: "/statuscount",
    encoded: "/%73tatuscount",
    permitted: ["monthsinfleet"],
    title: "Status Count",
    // The dialog on the unit's slice shows the unit.
    query: () => `?modal=statusDetailsModal&size=xl&status=NEW&model=${encodeURIComponent(model)}`,
    secret: () => secretUnit,
    files: () => [
      `?format=xlsx&status=NEW&model=${encodeURIComponent(model)}`,
      `?format=csv&status=NEW&model=${encodeURIComponent(model)}`,
      `?format=xlsx&list=counts&model=${encodeURIComponent(model)}`,
      `?format=csv&list=counts&model=${encodeURIComponent(model)}`,
    ],
  },
  {
    path: "/stored-variables",
    encoded: "/stored-%76ariables",
    permitted: ["stored-variables"],
    title: "Variables List",
    query: () => "",
    secret: () => secretVariable,
    files: () => [],
  },
] as const satisfies readonly {
  path: string;
  encoded: string;
  permitted: readonly PermissionName[];
  title: string;
  query: () => string;
  secret: () => string;
  files: () => string[];
}[];

const spellings = pathSpellings;

const tokenFor = (permissions: PermissionName[], issuedAt?: Date) => sessionWith(db, server, permissions, issuedAt);

const tokens = { permitted: "", unpermitted: "", revoked: "" };

beforeAll(async () => {
  server = await startTestServer({ JWT_SECRET: "s".repeat(32) });
  await ensureStatuses(db);
  secretUnit = (await statusUnit(db, model, "NEW", { daysAgo: 20 })).unitNumber;
  await statusUnit(db, model, "NEW", { daysAgo: 3 });
  await db.softwareVariable.create({ data: { group: "Software", name: secretVariable, value: "" } });
  tokens.permitted = (await tokenFor(["monthsinfleet", "stored-variables"])).token;
  tokens.unpermitted = (await tokenFor(["onboarding", "accounts-receivable"])).token;
  const revoked = await tokenFor(["monthsinfleet", "stored-variables"], new Date(Date.now() - 30_000));
  await db.user.update({ where: { id: revoked.user.id }, data: { tokensValidAfter: new Date() } });
  tokens.revoked = revoked.token;
});

afterAll(async () => {
  await server?.close();
});

async function request(path: string, token?: string) {
  const response = await fetch(`${server.url}${path}`, {
    redirect: "manual",
    headers: token ? { Cookie: `${SESSION_COOKIE}=${encodeURIComponent(token)}` } : {},
  });
  const body = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    location: response.headers.get("location"),
    type: response.headers.get("content-type") ?? "",
    disposition: response.headers.get("content-disposition"),
    body: body.toString("utf8"),
    bytes: body,
  };
}

describe.each(PAGES)("$path", (page) => {
  const queries = () => [page.query(), ...page.files()];
  const refusedEverywhere = async (token: string | undefined) => {
    for (const path of spellings(page)) {
      for (const query of queries()) {
        const answer = await request(`${path}${query}`, token);
        expect(answer.status, `${path}${query}`).not.toBe(200);
        expect(answer.body, path).not.toContain(page.secret());
        expect(answer.type, path).not.toContain(XLSX);
        expect(answer.type, path).not.toContain("text/csv");
      }
    }
  };

  /** The page and each file on the path as written and percent-encoded. */
  const addresses = () => [page.path, page.encoded].flatMap((path) => ["", ...page.files()].map((q) => path + q));

  it("sends a request without a cookie to the root, on every spelling, showing nothing", async () => {
    for (const address of addresses()) {
      expect(await request(address), address).toMatchObject({ status: 302, location: "/" });
    }
    await refusedEverywhere(undefined);
  });

  it("answers a garbage or revoked token with the sign-in dialog (401), on every spelling", async () => {
    for (const token of ["garbage", tokens.revoked]) {
      for (const address of addresses()) {
        const answer = await request(address, token);
        expect(answer.status, address).toBe(401);
        expect(answer.body, address).toContain(EXPIRED_TITLE);
      }
      await refusedEverywhere(token);
    }
  });

  it("sends a session without the page's permission to /not-found, on every spelling", async () => {
    for (const address of addresses()) {
      expect(await request(address, tokens.unpermitted), address).toMatchObject({
        status: 302,
        location: "/not-found",
      });
    }
    await refusedEverywhere(tokens.unpermitted);
  });

  it("shows the page to a permitted session on the path as written and percent-encoded", async () => {
    for (const path of [page.path, page.encoded, page.path.toUpperCase()]) {
      const answer = await request(`${path}${page.query()}`, tokens.permitted);
      expect(answer.status, path).toBe(200);
      expect(answer.body, path).toContain(`>${page.title}</h1>`);
      expect(answer.body, path).toContain(page.secret());
    }
  });
});

describe("the status list's downloads", () => {
  const slice = () => `status=NEW&model=${encodeURIComponent(model)}`;

  it("streams the slice as '{status} Status {MM-dd-yyyy}.xlsx' with every row", async () => {
    const answer = await request(`/statuscount?format=xlsx&${slice()}`, tokens.permitted);
    expect(answer.status).toBe(200);
    expect(answer.type).toBe(XLSX);
    expect(answer.disposition).toMatch(/^attachment; filename="NEW Status \d{2}-\d{2}-\d{4}\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe("NEW");
    expect(sheet.getRow(1).getCell(1).value).toBe("UnitNumber");
    expect(sheet.rowCount).toBe(3);
    // Oldest change first: the late unit.
    expect(sheet.getRow(2).getCell(1).value).toBe(secretUnit);
    // Dates are dates to Excel (sortable, filterable), and the header stays in view with a filter on it.
    expect(sheet.getRow(2).getCell(6).value).toBeInstanceOf(Date);
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
  });

  it("and as CSV", async () => {
    const answer = await request(`/statuscount?format=csv&${slice()}`, tokens.permitted);
    expect(answer.status).toBe(200);
    expect(answer.type).toContain("text/csv");
    expect(answer.disposition).toMatch(/^attachment; filename="NEW Status \d{2}-\d{2}-\d{4}\.csv"/);
    const lines = answer.body.trim().split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[1]!.startsWith(`${secretUnit},1/2 Ton,NEW,`)).toBe(true);
    expect(lines[1]!.endsWith(",Yes")).toBe(true);
  });

  it("answers a bad format or slice 400 and an unknown status 404, never a file", async () => {
    expect((await request(`/statuscount?format=pdf&${slice()}`, tokens.permitted)).status).toBe(400);
    expect((await request(`/statuscount?format=xlsx&status=NEW&perPage=7`, tokens.permitted)).status).toBe(400);
    expect((await request(`/statuscount?format=xlsx&status=PARKED`, tokens.permitted)).status).toBe(404);
  });
});

describe("the counts table's downloads", () => {
  /** A model of these tests alone: two statuses, sub-statuses (one named like a formula), two truck types. */
  const counted = unique("Counted");
  beforeAll(async () => {
    await statusUnit(db, counted, "NEW", { daysAgo: 20 });
    await statusUnit(db, counted, "NEW", { daysAgo: 2, subStatus: "Detail shop" });
    await statusUnit(db, counted, "NEW", { daysAgo: 30, subStatus: "-Hold", truckType: "THREE_QUARTER_TON" });
    await statusUnit(db, counted, "IN TRANSIT", { daysAgo: 9, truckType: "THREE_QUARTER_TON" });
    await statusUnit(db, counted, "IN TRANSIT", { daysAgo: 9, overrideLate: true });
  });

  /** The page's table for its filters, read as the page reads it: each status, then its sub-statuses. */
  async function table(filters: Pick<StatusSlice, "item" | "availability" | "model">) {
    const counts = await statusCounts(db, filters, new Date());
    const defused = (text: string) => (/^[=+\-@]/.test(text) ? `'${text}` : text);
    return {
      lines: counts.statuses.flatMap((status) => [
        [status.status, "All", status.count, status.late],
        ...status.subStatuses.map((line) => [status.status, defused(line.subStatus ?? ""), line.count, line.late]),
      ]),
      totals: ["All statuses", null, counts.total, counts.late],
    };
  }

  it.each([
    ["every truck type", "all"],
    ["3/4 ton", "THREE_QUARTER_TON"],
  ] as const)("gives the table's lines and totals as Excel and CSV: %s", async (_, item) => {
    const { lines, totals } = await table({ item, availability: "all", model: counted });
    expect(totals[2]).toBe(item === "all" ? 5 : 2);
    const view = `${item === "all" ? "" : `item=${item}&`}model=${encodeURIComponent(counted)}`;
    const xlsx = await request(`/statuscount?format=xlsx&list=counts&${view}`, tokens.permitted);
    expect(xlsx.status).toBe(200);
    expect(xlsx.type).toBe(XLSX);
    expect(xlsx.disposition).toMatch(/^attachment; filename="Status Count \d{2}-\d{2}-\d{4}\.xlsx"/);
    const sheet = await readWorkbook(xlsx.bytes.buffer as ArrayBuffer);
    expect(sheet).toMatchObject({ name: "Status Count", headerFrozen: true, filtered: true });
    expect(sheet.rows).toEqual([["Status", "Sub-status", "Units", "Late"], ...lines, totals]);

    const csv = await request(`/statuscount?format=csv&list=counts&${view}`, tokens.permitted);
    expect(csv.status).toBe(200);
    expect(csv.type).toContain("text/csv");
    expect(csv.disposition).toMatch(/^attachment; filename="Status Count \d{2}-\d{2}-\d{4}\.csv"/);
    const text = (row: (string | number | null)[]) => row.map((cell) => (cell === null ? "" : String(cell)));
    expect(readCsv(csv.body)).toEqual([["Status", "Sub-status", "Units", "Late"], ...lines.map(text), text(totals)]);
  });

  it("links both files beside the page's filters, with its filters", async () => {
    const answer = await request(`/statuscount?item=HALF_TON&model=${encodeURIComponent(counted)}`, tokens.permitted);
    for (const format of ["xlsx", "csv"]) {
      expect(answer.body).toContain(
        `href="/statuscount?item=HALF_TON&amp;model=${encodeURIComponent(counted)}&amp;list=counts&amp;format=${format}"`,
      );
    }
  });

  it("is the counts table whenever `list` is named, a status list's file never", async () => {
    const answer = await request(
      `/statuscount?format=csv&list=counts&status=NEW&subStatus=-Hold&model=${encodeURIComponent(counted)}`,
      tokens.permitted,
    );
    expect(answer.disposition).toMatch(/filename="Status Count /);
    expect(readCsv(answer.body).at(-1)).toEqual(["All statuses", "", "5", "3"]);
  });

  it("answers a bad format, list or filter 400 with the message, never a file", async () => {
    const refused = {
      "format=pdf&list=counts": STATUS_DETAILS_MESSAGES.badFormat,
      "format=xlsx&list=units": STATUS_DETAILS_MESSAGES.badList,
      "format=csv&list=": STATUS_DETAILS_MESSAGES.badList,
      "format=csv&list=counts&item=TRAILER": STATUS_DETAILS_MESSAGES.badItem,
      "format=xlsx&list=counts&availability=sold": STATUS_DETAILS_MESSAGES.badAvailability,
      [`format=xlsx&list=counts&model=${"M".repeat(61)}`]: STATUS_DETAILS_MESSAGES.badModel,
    };
    for (const [query, message] of Object.entries(refused)) {
      const answer = await request(`/statuscount?${query}`, tokens.permitted);
      expect([answer.status, answer.body], query).toEqual([400, message]);
      expect(answer.type, query).toContain("text/plain");
    }
  });
});

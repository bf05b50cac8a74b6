// The credit memo detail reports (ADR 042) against the worker's database: /cm-open-detail and /cm-all-detail
// loaders with their company, date and status filters, pages, totals exact to the cent, the refusal for a
// reader without the reports' permission, and the `?format=xlsx` export read back with exceljs.
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import type { PermissionName } from "~/rules/access/permissions.ts";
import { REPORT_ROWS_PER_PAGE } from "~/rules/credit-memos/credit-memo-reports.ts";
import { loader, middleware } from "~/routes/credit-memo-report.tsx";
import { createCreditMemosRouter } from "../../../server/api/credit-memos.ts";
import { apiHarness } from "../../support/api-harness.ts";
import { pageRouteArgs } from "../../support/board-route.ts";
import { createTestPrisma } from "../../support/database.ts";
import { company } from "../../support/factories/companies.ts";
import { creditMemo } from "../../support/factories/credit-memos.ts";
import { actorWith } from "../../support/factories/users.ts";

const db = createTestPrisma();
const api = apiHarness(createCreditMemosRouter);

type ReportData = Awaited<ReturnType<typeof loader>>;
const report = async (path: string, permissions: PermissionName[] = ["cm-open-detail"]) =>
  (await loader(pageRouteArgs(api.services, await actorWith(db, permissions), path) as never)) as ReportData;

/** The route's middleware, as the router runs it after the root's guard; `next` stands for the page. */
async function download(path: string, permissions: PermissionName[] = ["cm-open-detail"]): Promise<Response> {
  const args = pageRouteArgs(api.services, await actorWith(db, permissions), path);
  const page = new Response("the page");
  return (await middleware[0]!(args as never, async () => page)) as Response;
}

async function workbookOf(response: Response) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
  return workbook;
}

let code: string;
let ids: { pending: number; partly: number; spent: number; voided: number; october: number };

beforeAll(async () => {
  const customer = await company(db);
  code = customer.code;
  const pending = await creditMemo(db, { companyId: customer.id, lines: [1_001] });
  const partly = await creditMemo(db, { companyId: customer.id, status: "APPROVED", lines: [10_001, 2] });
  const spent = await creditMemo(db, { companyId: customer.id, status: "APPROVED", lines: [700] });
  const voided = await creditMemo(db, { companyId: customer.id, status: "VOID", lines: [500] });
  const october = await creditMemo(db, { companyId: customer.id, status: "APPROVED", lines: [33] });
  await db.creditMemo.update({ where: { id: october.id }, data: { memoDate: new Date("2026-10-05T00:00:00Z") } });
  const apply = (creditMemoId: number, amount: string) =>
    db.creditMemoApplication.create({
      data: {
        creditMemoId,
        invoiceNumber: "INV-7",
        appliedDate: new Date("2026-11-21T00:00:00Z"),
        appliedAmount: amount,
        appliedNote: "Applied",
      },
    });
  await apply(partly.id, "33.33");
  await apply(spent.id, "7.00");
  ids = { pending: pending.id, partly: partly.id, spent: spent.id, voided: voided.id, october: october.id };
});

describe("/cm-open-detail", () => {
  it("lists approved memos with credit left, with totals exact to the cent", async () => {
    const open = await report(`/cm-open-detail?company=${code}`);
    expect(open.report).toBe("cm-open-detail");
    expect(open.rows.map((row) => row.id)).toEqual([ids.october, ids.partly]);
    expect(open.totals).toEqual({ count: 2, totalCents: 10_036, appliedCents: 3_333, availableCents: 6_703 });
  });

  it("filters by memo date range", async () => {
    const november = await report(`/cm-open-detail?company=${code}&from=2026-11-01&to=2026-11-30`);
    expect(november.rows.map((row) => row.id)).toEqual([ids.partly]);
    const october = await report(`/cm-open-detail?company=${code}&to=2026-10-31`);
    expect(october.rows.map((row) => row.id)).toEqual([ids.october]);
    expect(october.totals.availableCents).toBe(33);
  });

  it("sends a reader without the reports' permission to the not-found page, also for the export", async () => {
    const refused = await report("/cm-open-detail", ["credit-memos"]).catch((thrown: unknown) => thrown);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).headers.get("Location")).toBe("/not-found");
    const file = await download("/cm-open-detail?format=xlsx", ["credit-memos"]).catch((thrown: unknown) => thrown);
    expect(file).toBeInstanceOf(Response);
    expect((file as Response).headers.get("Location")).toBe("/not-found");
  });
});

describe("/cm-all-detail", () => {
  it("lists every memo of the company, by status when asked", async () => {
    const all = await report(`/cm-all-detail?company=${code}`);
    expect(new Set(all.rows.map((row) => row.id))).toEqual(new Set(Object.values(ids)));
    expect(all.totals).toEqual({ count: 5, totalCents: 12_237, appliedCents: 4_033, availableCents: 6_703 });
    const voided = await report(`/cm-all-detail?company=${code}&status=VOID`);
    expect(voided.rows.map((row) => row.id)).toEqual([ids.voided]);
    expect(voided.totals).toMatchObject({ totalCents: 500, availableCents: 0 });
  });

  it("pages the rows while the totals cover them all", async () => {
    const busy = await company(db);
    for (let n = 0; n < REPORT_ROWS_PER_PAGE + 1; n++) await creditMemo(db, { companyId: busy.id, lines: [1] });
    const first = await report(`/cm-all-detail?company=${busy.code}`);
    expect(first).toMatchObject({ page: 1, pageCount: 2 });
    expect(first.rows).toHaveLength(REPORT_ROWS_PER_PAGE);
    expect(first.totals).toMatchObject({ count: REPORT_ROWS_PER_PAGE + 1, totalCents: REPORT_ROWS_PER_PAGE + 1 });
    const last = await report(`/cm-all-detail?company=${busy.code}&page=7`);
    expect(last.page).toBe(2);
    expect(last.rows).toHaveLength(1);
  });
});

describe("the Excel export (?format=xlsx)", () => {
  it("passes the page's own requests through", async () => {
    expect(await (await download(`/cm-open-detail?company=${code}`)).text()).toBe("the page");
  });

  it("streams the open report as a workbook named after the report and the day", async () => {
    const response = await download(`/cm-open-detail?company=${code}&format=xlsx`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers.get("Content-Disposition")).toContain(`filename="Open Credit Memo Detail ${today}.xlsx"`);
    const workbook = await workbookOf(response);
    const sheet = workbook.getWorksheet("Open Credit Memo Detail")!;
    expect(sheet).toBeDefined();
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      "Company Code",
      "Company",
      "Invoice / Claim",
      "Memo Date",
      "Type",
      "Source",
      "Description",
      "Status",
      "Total",
      "Applied",
      "Available",
    ]);
    expect(sheet.rowCount).toBe(4);
    const partly = sheet.getRow(3).values as unknown[];
    expect(partly.slice(1, 4)).toEqual([code, expect.any(String), expect.stringMatching(/^CLM/)]);
    expect(partly[4]).toEqual(new Date("2026-11-20T00:00:00Z"));
    expect(partly.slice(8)).toEqual(["APPROVED", 100.03, 33.33, 66.7]);
    const totals = sheet.getRow(4).values as unknown[];
    expect(totals[1]).toBe("Totals (2 memos)");
    expect(totals.slice(9)).toEqual([100.36, 33.33, 67.03]);
  });

  it("exports every row of the all report with its filters", async () => {
    const workbook = await workbookOf(await download(`/cm-all-detail?company=${code}&status=APPROVED&format=xlsx`));
    const sheet = workbook.getWorksheet("All Credit Memo Detail")!;
    // Header, three approved memos, totals.
    expect(sheet.rowCount).toBe(5);
    expect((sheet.getRow(5).values as unknown[]).slice(9)).toEqual([107.36, 40.33, 67.03]);
  });
});

// The /credit-memos page (ADR 042) against the worker's database: its loader's search, status and company
// filters, sorting and pages, each memo's sums in exact cents, the refusal for a reader without the page's
// permission, and the memo dialogs it hosts, used the way a browser without JavaScript uses them.
import { beforeAll, describe, expect, it } from "vitest";
import type { PermissionName } from "~/rules/access/permissions.ts";
import { CREDIT_MEMOS_PER_PAGE } from "~/modules/credit-memos/credit-memo-directory.server.ts";
import { action, loader } from "~/routes/credit-memos.tsx";
import { createCreditMemosRouter } from "../../../server/api/credit-memos.ts";
import { apiHarness } from "../../support/api-harness.ts";
import { pageRouteArgs, postPageForm } from "../../support/board-route.ts";
import { createTestPrisma } from "../../support/database.ts";
import { company } from "../../support/factories/companies.ts";
import { creditMemo } from "../../support/factories/credit-memos.ts";
import { actorWith } from "../../support/factories/users.ts";

const db = createTestPrisma();
const api = apiHarness(createCreditMemosRouter);

type PageData = Awaited<ReturnType<typeof loader>>;
const page = async (path: string, permissions: PermissionName[] = ["credit-memos"]) =>
  (await loader(pageRouteArgs(api.services, await actorWith(db, permissions), path) as never)) as PageData;

let companyCode: string;
let otherCode: string;
let ids: { pending: number; approved: number; voided: number; other: number };

beforeAll(async () => {
  const customer = await company(db);
  const other = await company(db);
  companyCode = customer.code;
  otherCode = other.code;
  const pending = await creditMemo(db, { companyId: customer.id, lines: [1_050, 2_000] });
  const approved = await creditMemo(db, { companyId: customer.id, status: "APPROVED", lines: [10_001, 2] });
  await db.creditMemoApplication.create({
    data: {
      creditMemoId: approved.id,
      invoiceNumber: "INV-9",
      appliedDate: new Date("2026-11-21T00:00:00Z"),
      appliedAmount: "33.33",
      appliedNote: "Part",
    },
  });
  const voided = await creditMemo(db, { companyId: customer.id, status: "VOID", lines: [500] });
  const others = await creditMemo(db, { companyId: other.id, status: "APPROVED", lines: [700] });
  ids = { pending: pending.id, approved: approved.id, voided: voided.id, other: others.id };
});

describe("the /credit-memos loader", () => {
  it("lists a company's memos with their total, applied and available credit to the cent", async () => {
    const listed = await page(`/credit-memos?company=${companyCode}&sort=invoice&dir=asc`);
    expect(listed.total).toBe(3);
    expect(listed.companies).toContainEqual(expect.objectContaining({ code: companyCode }));
    const byId = new Map(listed.memos.map((memo) => [memo.id, memo]));
    expect(byId.get(ids.pending)).toMatchObject({
      status: "PENDING",
      totalCents: 3_050,
      appliedCents: 0,
      availableCents: 0,
    });
    expect(byId.get(ids.approved)).toMatchObject({
      status: "APPROVED",
      totalCents: 10_003,
      appliedCents: 3_333,
      availableCents: 6_670,
    });
    expect(byId.get(ids.voided)).toMatchObject({ status: "VOID", totalCents: 500, availableCents: 0 });
    const invoices = listed.memos.map((memo) => memo.invoiceClaim);
    expect(invoices).toEqual([...invoices].sort());
    const descending = await page(`/credit-memos?company=${companyCode}&sort=invoice&dir=desc`);
    expect(descending.memos.map((memo) => memo.invoiceClaim)).toEqual([...invoices].reverse());
  });

  it("filters by status, searches invoice/claim and company, and ignores junk parameters", async () => {
    const approved = await page(`/credit-memos?company=${companyCode}&status=APPROVED`);
    expect(approved.memos.map((memo) => memo.id)).toEqual([ids.approved]);
    const invoice = (await db.creditMemo.findUniqueOrThrow({ where: { id: ids.voided } })).invoiceClaim;
    const searched = await page(`/credit-memos?search=${encodeURIComponent(invoice.toLowerCase())}`);
    expect(searched.memos.map((memo) => memo.id)).toEqual([ids.voided]);
    const name = (await db.company.findUniqueOrThrow({ where: { code: otherCode } })).name;
    const byCompany = await page(`/credit-memos?search=${encodeURIComponent(name)}`);
    expect(byCompany.memos.map((memo) => memo.id)).toEqual([ids.other]);
    const junk = await page(`/credit-memos?company=${companyCode}&status=nope&sort=x&dir=up&page=-3`);
    expect(junk.query).toMatchObject({ status: "all", sort: "date", dir: "desc", page: 1 });
    expect(junk.total).toBe(3);
  });

  it("pages on the server, clamping a page past the end", async () => {
    const busy = await company(db);
    for (let n = 0; n < CREDIT_MEMOS_PER_PAGE + 2; n++) await creditMemo(db, { companyId: busy.id });
    const first = await page(`/credit-memos?company=${busy.code}`);
    expect(first).toMatchObject({ total: CREDIT_MEMOS_PER_PAGE + 2, page: 1, pageCount: 2 });
    expect(first.memos).toHaveLength(CREDIT_MEMOS_PER_PAGE);
    const last = await page(`/credit-memos?company=${busy.code}&page=9`);
    expect(last).toMatchObject({ page: 2 });
    expect(last.memos).toHaveLength(2);
    expect(new Set([...first.memos, ...last.memos].map((memo) => memo.id)).size).toBe(CREDIT_MEMOS_PER_PAGE + 2);
  });

  it("sends a reader without the page's permission to the not-found page, as the guard does (ADR 025)", async () => {
    const refused = await page("/credit-memos", ["accounts-receivable"]).catch((thrown: unknown) => thrown);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).headers.get("Location")).toBe("/not-found");
  });

  it("offers Create to the page's readers", async () => {
    const reader = await page("/credit-memos");
    expect(reader).toMatchObject({ mayCreate: true, dialog: null });
  });
});

describe("the memo dialogs on /credit-memos (no JavaScript)", () => {
  it("opens a memo's dialog over the list and approves it, back to the same view", async () => {
    const memo = await creditMemo(db, { lines: [1_000] });
    const path = `/credit-memos?search=CLM&status=PENDING&modal=creditMemoEdit&creditMemoId=${memo.id}`;
    const permissions: PermissionName[] = ["credit-memos", "accounts-receivable", "credit-memo-approve"];
    const opened = await page(path, permissions);
    expect(opened.dialog).toMatchObject({
      name: "creditMemoEdit",
      error: null,
      data: { mayApprove: true, memo: { id: memo.id, total: "$10.00" } },
    });
    expect(opened.closeDialogHref).toBe("/credit-memos?search=CLM&status=PENDING");
    const approved = await postPageForm(action, api.services, await actorWith(db, permissions), path, {
      intent: "credit-memo-approve",
    });
    expect(approved).toEqual({ status: 303, location: "/credit-memos?search=CLM&status=PENDING", data: null });
    expect((await db.creditMemo.findUniqueOrThrow({ where: { id: memo.id } })).status).toBe("APPROVED");
  });

  it("opens the create dialog for those who may create", async () => {
    const opened = await page("/credit-memos?modal=creditMemoCreate", ["credit-memos", "accounts-receivable"]);
    expect(opened.dialog).toMatchObject({ name: "creditMemoCreate", error: null });
  });
});

// Editing credit memos (ADR 048) against the worker's database: PUT
// /api/credit-memo/edit-memo and /edit-applied-memo and their reads over HTTP (success exact to the cent,
// each rule, 400 with nothing written, 401/403/404, 409 on a stale version with the changes since, 412 with a
// stale If-Match), and the memo dialog creditMemoEdit with action Create or Apply on /credit-memos without
// JavaScript (titles, save, the memo opening again saying so).
import { beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/modules/identity/session-cookie.server.ts";
import { CREDIT_MEMO_APPLY_MESSAGES as A } from "~/rules/credit-memos/credit-memo-apply.ts";
import { CREDIT_MEMO_CREATE_MESSAGES as C } from "~/rules/credit-memos/credit-memo-create.ts";
import { CREDIT_MEMO_EDIT_MESSAGES as M } from "~/rules/credit-memos/credit-memo-edit.ts";
import { createCreditMemosRouter } from "../../../server/api/credit-memos.ts";
import { apiHarness } from "../../support/api-harness.ts";
import { action, loader } from "~/routes/credit-memos.tsx";
import { pageRouteArgs, postPageForm, type PageActor } from "../../support/board-route.ts";
import { createTestPrisma } from "../../support/database.ts";
import { company } from "../../support/factories/companies.ts";
import { arInvoice, creditMemo } from "../../support/factories/credit-memos.ts";
import { actorWith } from "../../support/factories/users.ts";
import { databaseFingerprint } from "../../support/property.ts";

const db = createTestPrisma();
type PageData = Awaited<ReturnType<typeof loader>>;
const loadPage = async (_services: unknown, actor: PageActor, path: string) =>
  (await loader(pageRouteArgs(api.services, actor, path) as never)) as PageData;
const postPage = (_services: unknown, actor: PageActor, path: string, form: URLSearchParams) =>
  postPageForm(action, api.services, actor, path, form);
const api = apiHarness(createCreditMemosRouter);
let editor: string;
let editorName: string;
let clerk: string;
let revoked: string;

beforeAll(async () => {
  const editing = await actorWith(db, ["credit-memo-edit-void"]);
  editor = api.tokenFor(editing);
  editorName = `${editing.user.firstName} ${editing.user.lastName}`;
  clerk = api.tokenFor(await actorWith(db, ["accounts-receivable"]));
  const gone = await actorWith(db, ["credit-memo-edit-void"]);
  revoked = api.tokenFor(gone);
  await db.user.update({ where: { id: gone.user.id }, data: { tokensValidAfter: new Date(Date.now() + 60_000) } });
});

const today = () => new Date().toISOString().slice(0, 10);
const available = async (id: number) =>
  (await db.$queryRaw<{ a: string }[]>`SELECT credit_memo_available(${id})::text AS a`)[0]!.a;

async function refusedWithoutWriting<T>(run: () => Promise<T>): Promise<T> {
  const before = await databaseFingerprint();
  const result = await run();
  expect(await databaseFingerprint()).toBe(before);
  return result;
}

/** The body the read answers (what the edit takes). */
async function readMemo(id: number, token = editor) {
  const read = await api.exchange("GET", `/api/credit-memo/${id}`, { token });
  expect(read.status).toBe(200);
  return { body: read.body, etag: read.headers.get("etag") };
}

const editMemo = (body: unknown, token: string | null = editor, headers?: Record<string, string>) =>
  api.call("PUT", "/api/credit-memo/edit-memo", {
    body,
    ...(token === null ? {} : { token }),
    ...(headers ? { headers } : {}),
  });
const editApplied = (body: unknown, token: string | null = editor, headers?: Record<string, string>) =>
  api.call("PUT", "/api/credit-memo/edit-applied-memo", {
    body,
    ...(token === null ? {} : { token }),
    ...(headers ? { headers } : {}),
  });

/** An approved memo of 100.00 with 30.00 applied to an open invoice of its company (balance 470.00 after). */
async function appliedMemo() {
  const owner = await company(db);
  const memo = await creditMemo(db, { companyId: owner.id, status: "APPROVED", lines: [10_000] });
  const invoice = await arInvoice(db, owner.id, { balance: 50_000 });
  await db.creditMemoApplication.create({
    data: {
      creditMemoId: memo.id,
      invoiceNumber: invoice.invoiceNumber,
      invoiceId: invoice.id,
      appliedDate: new Date("2026-08-01T00:00:00Z"),
      appliedAmount: "30.00",
      // What the invoice took: the database lowers its balance to 470.00 (ADR 054).
      invoiceAmount: "30.00",
      appliedNote: "First offset",
    },
  });
  return { owner, memo, invoice };
}

describe("PUT /api/credit-memo/edit-memo (action Create)", () => {
  it("replaces the fields and lines, bumps the version, records who changed what, and names the saver", async () => {
    const memo = await creditMemo(db, { lines: [10_000, 500] });
    const { body, etag } = await readMemo(memo.id);
    expect(body).toMatchObject({
      creditMemoID: memo.id,
      version: 1,
      lines: [{ amount: "100.00" }, { amount: "5.00" }],
    });
    expect(etag).toBe('"1"');
    api.savers.length = 0;
    const answer = await editMemo({
      ...body,
      creditMemoDescription: "Billed twice in October",
      lines: [{ relatedInvoice: "INV-9", unitNumber: "t9", amount: "1,234.56", po: null, note: "One line now" }],
    });
    expect(answer).toEqual({ status: 200, body: { ok: true, CreditMemoID: memo.id, message: M.edited } });
    expect(api.savers.at(-1)).toMatchObject({ Name: editorName });
    const after = await db.creditMemo.findUniqueOrThrow({ where: { id: memo.id }, include: { lines: true } });
    expect(after).toMatchObject({ version: 2, description: "Billed twice in October" });
    expect(after.lines.map((line) => [line.unitNumber, line.amount.toFixed(2)])).toEqual([["T9", "1234.56"]]);
    const audit = await db.auditLog.findFirstOrThrow({
      where: { entityType: "CreditMemo", entityId: memo.id, action: "edit" },
    });
    expect(audit.version).toBe(2);
    expect(audit.changedData).toMatchObject({ Total: "Total: 105.00!Total: 1234.56" });
  });

  it("answers 400 with the required-fields error (or its VIN variant) and writes nothing", async () => {
    const memo = await creditMemo(db);
    const { body } = await readMemo(memo.id);
    await refusedWithoutWriting(async () => {
      expect(await editMemo({ ...body, creditMemoSource: "" })).toMatchObject({
        status: 400,
        body: { error: C.required },
      });
      expect(await editMemo({ ...body, lines: [] })).toMatchObject({ status: 400, body: { error: C.requiredVin } });
      expect(await editMemo({ ...body, version: undefined })).toMatchObject({
        status: 400,
        body: { errors: { version: [M.version] } },
      });
      expect(await editMemo("not an object")).toMatchObject({ status: 400 });
    });
  });

  it("answers 409 with the changes since for a stale version, and 412 for a stale If-Match", async () => {
    const memo = await creditMemo(db);
    const { body } = await readMemo(memo.id);
    expect((await editMemo({ ...body, creditMemoNotes: "first" })).status).toBe(200);
    const stale = await refusedWithoutWriting(() => editMemo({ ...body, creditMemoNotes: "second" }));
    expect(stale).toMatchObject({
      status: 409,
      body: { error: M.stale, conflict: { currentVersion: 2, since: [{ by: editorName }] } },
    });
    const { version: _, ...withoutVersion } = body;
    const header = await editMemo(withoutVersion, editor, { "If-Match": '"1"' });
    expect(header).toMatchObject({ status: 412, body: { error: M.stale } });
    expect((await editMemo(withoutVersion, editor, { "If-Match": '"2"' })).status).toBe(200);
  });

  it("keeps the money whole: not below the credit applied, not above an approved total; a void memo is not edited", async () => {
    const { memo } = await appliedMemo();
    const { body } = await readMemo(memo.id);
    const withTotal = (amount: string) => ({
      ...body,
      lines: [{ relatedInvoice: "INV-1", unitNumber: "T1", amount, po: null, note: "Line" }],
    });
    await refusedWithoutWriting(async () => {
      expect(await editMemo(withTotal("29.99"))).toMatchObject({ status: 409, body: { error: M.belowApplied(3_000) } });
      expect(await editMemo(withTotal("100.01"))).toMatchObject({
        status: 409,
        body: { error: M.aboveApproved(10_000) },
      });
    });
    expect((await editMemo(withTotal("30.00"))).status).toBe(200);
    expect(await available(memo.id)).toBe("0.00");
    const voided = await creditMemo(db, { status: "VOID" });
    const voidBody = (await readMemo(voided.id)).body;
    expect(await editMemo(voidBody)).toMatchObject({ status: 409, body: { error: M.isVoid } });
  });

  it("refuses an invoice/claim number another memo uses (409, the error catalogue's message, the duplicate on the field)", async () => {
    const [first, second] = [await creditMemo(db), await creditMemo(db)];
    const { body } = await readMemo(second.id);
    const refused = await refusedWithoutWriting(() => editMemo({ ...body, invoiceClaim: first.invoiceClaim }));
    expect(refused).toEqual({ status: 409, body: { error: M.required, errors: { invoiceClaim: [C.duplicate] } } });
  });

  it("answers 401 without, with a garbage or a revoked token, 403 without credit-memo-edit-void, 404 for no memo", async () => {
    const memo = await creditMemo(db);
    const { body } = await readMemo(memo.id);
    await refusedWithoutWriting(async () => {
      expect((await editMemo(body, null)).status).toBe(401);
      expect((await editMemo(body, "garbage")).status).toBe(401);
      expect((await editMemo(body, revoked)).status).toBe(401);
      expect(
        await api.status("PUT", "/api/credit-memo/edit-memo", {
          body,
          headers: { Cookie: `${SESSION_COOKIE}=garbage` },
        }),
      ).toBe(401);
      expect(await editMemo(body, clerk)).toEqual({ status: 403, body: { error: M.forbidden } });
      expect(await editMemo({ ...body, creditMemoID: 2_000_000_000 })).toMatchObject({ status: 404 });
      expect(await api.status("PUT", "/api/credit%2Dmemo/edit-memo", { body, token: editor })).toBe(404);
      expect(await api.status("PUT", "/API/CREDIT-MEMO/EDIT-MEMO", { body, token: clerk })).toBe(403);
    });
    expect((await api.call("GET", `/api/credit-memo/${memo.id}`)).status).toBe(401);
    expect((await api.call("GET", "/api/credit-memo/0x10", { token: editor })).status).toBe(404);
  });
});

describe("PUT /api/credit-memo/edit-applied-memo (action Apply)", () => {
  const read = async (id: number) => {
    const answer = await api.exchange("GET", `/api/credit-memo/${id}/applied`, { token: editor });
    expect(answer.status).toBe(200);
    return answer.body as { lines: Record<string, unknown>[]; version: number } & Record<string, unknown>;
  };

  it("changes an application within the original sum plus the credit, to the cent, and the invoice follows", async () => {
    const { memo, invoice } = await appliedMemo();
    const body = await read(memo.id);
    expect(body.lines).toEqual([
      {
        originalInvoice: invoice.invoiceNumber,
        Invoice: invoice.invoiceNumber,
        AppliedDate: "2026-08-01",
        AppliedAmount: "30.00",
        AppliedNote: "First offset",
        InvoiceOverride: 0,
      },
    ]);
    // 30.00 applied + 70.00 available: 100.01 is a cent too many, 100.00 fits (the old date stays allowed).
    const over = await refusedWithoutWriting(() =>
      editApplied({ ...body, lines: [{ ...body.lines[0], AppliedAmount: "100.01" }] }),
    );
    expect(over).toMatchObject({ status: 409, body: { error: M.overOriginal(10_000) } });
    const done = await editApplied({ ...body, lines: [{ ...body.lines[0], AppliedAmount: "100.00" }] });
    expect(done).toEqual({ status: 200, body: { ok: true, CreditMemoID: memo.id, message: M.edited } });
    expect(await available(memo.id)).toBe("0.00");
    const after = await db.arInvoice.findUniqueOrThrow({ where: { id: invoice.id } });
    expect(after.balance.toFixed(2)).toBe("400.00");
  });

  it("removes an application: its credit comes back and its invoice owes it again", async () => {
    const { memo, invoice } = await appliedMemo();
    const body = await read(memo.id);
    const done = await editApplied({ ...body, lines: [], removedInvoices: [invoice.invoiceNumber] });
    expect(done.status).toBe(200);
    expect(await available(memo.id)).toBe("100.00");
    expect((await db.arInvoice.findUniqueOrThrow({ where: { id: invoice.id } })).balance.toFixed(2)).toBe("500.00");
    expect(await db.creditMemoApplication.count({ where: { creditMemoId: memo.id } })).toBe(0);
  });

  it("answers 400 with the error catalogue's 'no duplicates' message, a changed date older than 45 days, an unknown invoice", async () => {
    const { memo } = await appliedMemo();
    const body = await read(memo.id);
    const line = body.lines[0]!;
    await refusedWithoutWriting(async () => {
      expect(await editApplied({ ...body, lines: [line, line] })).toMatchObject({
        status: 400,
        body: { error: M.requiredApplied },
      });
      expect(await editApplied({ ...body, lines: [{ ...line, AppliedNote: "" }] })).toMatchObject({
        status: 400,
        body: { error: M.requiredApplied },
      });
      expect(await editApplied({ ...body, lines: [{ ...line, AppliedDate: "2026-08-02" }] })).toMatchObject({
        status: 400,
        body: { errors: { "lines.0.AppliedDate": [A.appliedDateOld] } },
      });
      expect(
        await editApplied({ ...body, lines: [{ ...line, originalInvoice: "NOPE", AppliedDate: today() }] }),
      ).toMatchObject({
        status: 400,
        body: { error: M.unknownInvoice("NOPE") },
      });
    });
  });

  it("checks a changed invoice as the apply does: 404 unknown, 406 paid, both applied with InvoiceOverride 1", async () => {
    const { owner, memo } = await appliedMemo();
    const paid = await arInvoice(db, owner.id, { balance: 0, status: "PAID" });
    const body = await read(memo.id);
    const line = body.lines[0]!;
    await refusedWithoutWriting(async () => {
      expect(await editApplied({ ...body, lines: [{ ...line, Invoice: "NOT-AN-INVOICE" }] })).toMatchObject({
        status: 404,
        body: { error: A.invoiceNotFound("NOT-AN-INVOICE") },
      });
      expect(await editApplied({ ...body, lines: [{ ...line, Invoice: paid.invoiceNumber }] })).toMatchObject({
        status: 406,
        body: { error: A.invoicePaid(paid.invoiceNumber) },
      });
    });
    const anyway = await editApplied({
      ...body,
      lines: [{ ...line, Invoice: paid.invoiceNumber, InvoiceOverride: 1 }],
    });
    expect(anyway.status).toBe(200);
    const rows = await db.creditMemoApplication.findMany({ where: { creditMemoId: memo.id } });
    expect(rows.map((row) => [row.invoiceNumber, row.invoiceOverride])).toEqual([[paid.invoiceNumber, true]]);
  });

  it("answers 409 for a stale version and for a memo without applied credit; 401 and 403 as the edit does", async () => {
    const { memo } = await appliedMemo();
    const body = await read(memo.id);
    expect((await editApplied({ ...body, lines: [{ ...body.lines[0], AppliedNote: "Changed" }] })).status).toBe(200);
    const pending = await creditMemo(db);
    await refusedWithoutWriting(async () => {
      expect(await editApplied(body)).toMatchObject({
        status: 409,
        body: { error: M.stale, conflict: { currentVersion: 2 } },
      });
      expect(
        await editApplied({ creditMemoID: pending.id, version: 1, lines: [], removedInvoices: ["X"] }),
      ).toMatchObject({ status: 409, body: { error: M.notApproved } });
      expect((await editApplied(body, null)).status).toBe(401);
      expect((await editApplied(body, revoked)).status).toBe(401);
      expect(await editApplied(body, clerk)).toEqual({ status: 403, body: { error: M.forbidden } });
    });
  });
});

describe("the memo dialog with an action on /credit-memos (no JavaScript)", () => {
  const path = (id: number, action: string) => `/credit-memos?modal=creditMemoEdit&creditMemoId=${id}&action=${action}`;

  it("is titled by its action when the reader may edit, and read-only otherwise", async () => {
    const { memo } = await appliedMemo();
    const mayEdit = await actorWith(db, ["credit-memos", "credit-memo-edit-void"]);
    const reader = await actorWith(db, ["credit-memos"]);
    expect((await loadPage(api.services, mayEdit, path(memo.id, "Create"))).dialog).toMatchObject({
      title: "Edit Credit Memo",
      data: { edit: { action: "Create" }, editRefused: null },
    });
    expect((await loadPage(api.services, mayEdit, path(memo.id, "Apply"))).dialog).toMatchObject({
      title: "Edit Applied Credit Memo",
      data: { edit: { action: "Apply", values: { applied: [{ amount: "30.00" }], available: "70.00" } } },
    });
    expect((await loadPage(api.services, reader, path(memo.id, "Create"))).dialog).toMatchObject({
      title: "Credit Memo - Don't Edit",
      data: { edit: null, editRefused: M.forbidden },
    });
    expect((await loadPage(api.services, mayEdit, path(memo.id, "Other"))).dialog).toMatchObject({
      title: "Credit Memo - Don't Edit",
      data: { edit: null },
    });
  });

  it("saves an edit and opens the memo again saying 'Credit Memo edited successfully!'", async () => {
    const memo = await creditMemo(db, { lines: [1_000] });
    const actor = await actorWith(db, ["credit-memos", "credit-memo-edit-void"]);
    const form = new URLSearchParams({
      intent: "credit-memo-edit",
      creditMemoID: String(memo.id),
      version: "1",
      companyCode: memo.company.code,
      invoiceClaim: memo.invoiceClaim,
      creditMemoDate: "2026-11-21",
      creditMemoType: "CR",
      creditMemoSource: "Goodwill",
      creditMemoDescription: "Edited without scripts",
      creditMemoNotes: "",
    });
    for (const [relatedInvoice, amount] of [
      ["INV-1", "10.00"],
      ["INV-2", "2.50"],
      ["", ""],
    ]) {
      form.append("line.relatedInvoice", relatedInvoice!);
      form.append("line.unitNumber", relatedInvoice ? "T1" : "");
      form.append("line.amount", amount!);
      form.append("line.po", "");
      form.append("line.note", relatedInvoice ? "n" : "");
    }
    form.append("dropLine", "0");
    const saved = await postPage(api.services, actor, path(memo.id, "Create"), form);
    expect(saved).toMatchObject({ status: 303 });
    const location = new URL(saved.location!, "http://x");
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      modal: "creditMemoEdit",
      creditMemoId: String(memo.id),
      notice: "edited",
    });
    expect(location.searchParams.get("action")).toBeNull();
    const shown = await loadPage(api.services, actor, `${location.pathname}${location.search}`);
    expect(shown.dialog).toMatchObject({ title: "Credit Memo - Don't Edit", data: { notice: M.edited } });
    const lines = await db.creditMemoLine.findMany({ where: { creditMemoId: memo.id } });
    expect(lines.map((line) => line.amount.toFixed(2))).toEqual(["2.50"]);
    const stale = await refusedWithoutWriting(() => postPage(api.services, actor, path(memo.id, "Create"), form));
    expect(stale).toMatchObject({ status: 409, data: { message: M.stale, conflict: { currentVersion: 2 } } });
  });
});

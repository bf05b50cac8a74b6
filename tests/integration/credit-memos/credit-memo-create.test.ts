// Creating credit memos (ADR 040) against the worker's database: POST /api/credit-memo/create-new and
// GET /api/credit-memo/check-invoice-claim/{invoiceClaim} over HTTP (success, each message, 401/403, 400 with
// nothing written, the duplicate refused, also under two simultaneous creates, encoded spellings of the
// path), and the creditMemoCreate dialog on the AR board the way a browser without JavaScript uses it.
import { beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/modules/identity/session-cookie.server.ts";
import type { PermissionName } from "~/rules/access/permissions.ts";
import { CREDIT_MEMO_CREATE_MESSAGES as M, INVOICE_CLAIM_FREE } from "~/rules/credit-memos/credit-memo-create.ts";
import { createCreditMemosRouter } from "../../../server/api/credit-memos.ts";
import { apiHarness } from "../../support/api-harness.ts";
import { loadBoard, postBoardForm } from "../../support/board-route.ts";
import { createTestPrisma } from "../../support/database.ts";
import { company } from "../../support/factories/companies.ts";
import { creditMemoBody } from "../../support/factories/credit-memos.ts";
import { unique } from "../../support/factories/unique.ts";
import { actorWith } from "../../support/factories/users.ts";
import { databaseFingerprint } from "../../support/property.ts";

const db = createTestPrisma();
const api = apiHarness(createCreditMemosRouter);

let clerk: string;
let readOnly: string;
let revoked: string;
let companyCode: string;

beforeAll(async () => {
  clerk = api.tokenFor(await actorWith(db, ["accounts-receivable"]));
  readOnly = api.tokenFor(await actorWith(db, ["ar-read-only"]));
  const revokedActor = await actorWith(db, ["accounts-receivable"]);
  revoked = api.tokenFor(revokedActor);
  await db.user.update({
    where: { id: revokedActor.user.id },
    data: { tokensValidAfter: new Date(Date.now() + 60_000) },
  });
  companyCode = (await company(db)).code;
});

const create = (body: unknown, token: string | null = clerk) =>
  api.call("POST", "/api/credit-memo/create-new", { body, ...(token === null ? {} : { token }) });
const check = (claim: string, token: string | null = clerk) =>
  api.call<unknown>("GET", `/api/credit-memo/check-invoice-claim/${claim}`, token === null ? {} : { token });

async function refusedWithoutWriting<T>(run: () => Promise<T>): Promise<T> {
  const before = await databaseFingerprint();
  const result = await run();
  expect(await databaseFingerprint()).toBe(before);
  return result;
}

describe("POST /api/credit-memo/create-new", () => {
  it("creates a pending memo with its lines, exact to the cent, audits it and refreshes the memo cards", async () => {
    const body = creditMemoBody(companyCode.replace(/^0+/, ""));
    api.reported.length = 0;
    const response = await create(body);
    expect(response).toEqual({ status: 200, body: { ok: true, CreditMemoID: expect.any(Number), message: M.created } });
    const id = response.body.CreditMemoID as number;
    const memo = await db.creditMemo.findUniqueOrThrow({
      where: { id },
      include: { lines: { orderBy: { id: "asc" } }, company: true },
    });
    expect(memo).toMatchObject({ invoiceClaim: body.invoiceClaim, memoType: "OP", status: "PENDING", notes: null });
    expect(memo.company.code).toBe(companyCode);
    expect(memo.lines.map((line) => [line.unitNumber, line.amount.toFixed(2), line.po])).toEqual([
      ["T4421", "1250.10", "PO-88120"],
      ["T4422", "0.20", null],
    ]);
    const audit = await db.auditLog.findFirstOrThrow({ where: { entityType: "CreditMemo", entityId: id } });
    expect(audit.action).toBe("create");
    expect(audit.changedData).toMatchObject({ Total: "Total: !Total: 1250.30" });
    expect(api.reported).toEqual([["credit-memos"]]);
    // Pending: no credit yet.
    const rows = await db.$queryRaw<{ a: string }[]>`SELECT credit_memo_available(${id})::text AS a`;
    expect(rows[0]!.a).toBe("0.00");
  });

  it("answers the required-fields message, the VIN variant and field messages with 400, writing nothing", async () => {
    await refusedWithoutWriting(async () => {
      expect(await create(creditMemoBody(companyCode, { creditMemoSource: "", invoiceClaim: " " }))).toEqual({
        status: 400,
        body: {
          error: M.required,
          errors: { invoiceClaim: ["Invoice/Claim # is required."], creditMemoSource: ["Source is required."] },
        },
      });
      expect(await create(creditMemoBody(companyCode, { lines: [] }))).toMatchObject({
        status: 400,
        body: { error: M.requiredVin, errors: { lines: [M.requiredVin] } },
      });
      const blankUnit = creditMemoBody(companyCode);
      blankUnit.lines[1] = { ...blankUnit.lines[1]!, unitNumber: "" };
      expect(await create(blankUnit)).toMatchObject({
        status: 400,
        body: { error: M.requiredVin, errors: { "lines.1.unitNumber": ["Unit Number is required."] } },
      });
      const badAmount = creditMemoBody(companyCode);
      badAmount.lines[0] = { ...badAmount.lines[0]!, amount: "12.345" };
      expect(await create(badAmount)).toMatchObject({ status: 400, body: { error: M.amount } });
      expect(await create(creditMemoBody("123456"))).toMatchObject({ status: 400, body: { error: M.companyCode } });
      expect(await create(creditMemoBody("99999"))).toMatchObject({
        status: 400,
        body: { error: M.companyUnknown, errors: { companyCode: [M.companyUnknown] } },
      });
      expect(await create([1])).toMatchObject({ status: 400, body: { error: M.required } });
    });
  });

  it("refuses a number already used (409, the create's failure message), and one of two simultaneous creates", async () => {
    const body = creditMemoBody(companyCode);
    expect((await create(body)).status).toBe(200);
    const refused = await refusedWithoutWriting(() => create({ ...body, invoiceClaim: ` ${body.invoiceClaim} ` }));
    expect(refused).toEqual({ status: 409, body: { error: M.failed, errors: { invoiceClaim: [M.duplicate] } } });
    const twin = creditMemoBody(companyCode);
    const answers = await Promise.all([create(twin), create(twin), create(twin)]);
    expect(answers.map((answer) => answer.status).toSorted()).toEqual([200, 409, 409]);
    for (const answer of answers.filter((each) => each.status === 409)) expect(answer.body.error).toBe(M.failed);
    expect(await db.creditMemo.count({ where: { invoiceClaim: twin.invoiceClaim } })).toBe(1);
  });

  it("answers 401 without, with a garbage and with a revoked token, and 403 to AR's read-only readers", async () => {
    await refusedWithoutWriting(async () => {
      expect(await create(creditMemoBody(companyCode), null)).toEqual({
        status: 401,
        body: { error: "Sign in required." },
      });
      expect((await create(creditMemoBody(companyCode), "garbage")).status).toBe(401);
      expect((await create(creditMemoBody(companyCode), revoked)).status).toBe(401);
      expect(
        (
          await api.call("POST", "/api/credit-memo/create-new", {
            body: creditMemoBody(companyCode),
            headers: { Cookie: `${SESSION_COOKIE}=garbage` },
          })
        ).status,
      ).toBe(401);
      expect(await create(creditMemoBody(companyCode), readOnly)).toEqual({
        status: 403,
        body: { error: M.forbidden },
      });
      // Express matches paths case-blind and with a trailing slash: the same endpoint, the same refusals.
      for (const spelling of ["/API/CREDIT-MEMO/CREATE-NEW", "/api/credit-memo/create-new/"]) {
        expect(await api.status("POST", spelling, { body: creditMemoBody(companyCode) }), spelling).toBe(401);
        expect(
          await api.status("POST", spelling, { body: creditMemoBody(companyCode), token: readOnly }),
          spelling,
        ).toBe(403);
      }
      // An encoded letter is another path altogether: nothing answers it.
      expect(
        await api.status("POST", "/api/credit%2Dmemo/create-new", { body: creditMemoBody(companyCode), token: clerk }),
      ).toBe(404);
    });
  });
});

describe("GET /api/credit-memo/check-invoice-claim/{invoiceClaim}", () => {
  it("answers the memos filed under the number (empty when free), encoded or not", async () => {
    const claim = unique("CLM/7 A");
    expect(await check(encodeURIComponent(claim))).toEqual({ status: 200, body: [] });
    const id = (await create(creditMemoBody(companyCode, { invoiceClaim: claim }))).body.CreditMemoID as number;
    const found = [{ CreditMemoID: id, InvoiceClaim: claim, CompanyCode: companyCode, Status: "PENDING" }];
    expect(await check(encodeURIComponent(claim))).toEqual({ status: 200, body: found });
    const encodedAll = [...claim].map((char) => `%${char.charCodeAt(0).toString(16).padStart(2, "0")}`).join("");
    expect(await check(encodedAll)).toEqual({ status: 200, body: found });
    expect(await check(encodeURIComponent(`${claim}x`))).toEqual({ status: 200, body: [] });
    expect((await check("x".repeat(41))).status).toBe(400);
  });

  it("answers 401 and 403 as the create does, on every spelling of the path", async () => {
    for (const spelling of ["CLM-1", "%43LM-1"]) {
      expect((await check(spelling, null)).status).toBe(401);
      expect((await check(spelling, "garbage")).status).toBe(401);
      expect((await check(spelling, revoked)).status).toBe(401);
      expect(await check(spelling, readOnly)).toEqual({ status: 403, body: { error: M.forbidden } });
    }
    expect((await api.call("GET", "/API/CREDIT-MEMO/CHECK-INVOICE-CLAIM/CLM-1")).status).toBe(401);
  });
});

describe("the creditMemoCreate dialog on the AR board (no JavaScript)", () => {
  let clerkActor: Awaited<ReturnType<typeof actorWith>>;
  beforeAll(async () => {
    clerkActor = await actorWith(db, ["accounts-receivable"]);
  });
  const formOf = (body: ReturnType<typeof creditMemoBody>, extra: Record<string, string> = {}) => {
    const form = new URLSearchParams({ intent: "credit-memo-create" });
    for (const [name, value] of Object.entries(body)) if (name !== "lines") form.set(name, String(value ?? ""));
    for (const line of body.lines)
      for (const [name, value] of Object.entries(line)) form.append(`line.${name}`, String(value ?? ""));
    for (const [name, value] of Object.entries(extra)) form.set(name, value);
    return form;
  };
  const board = (permissions: PermissionName[], path: string) =>
    actorWith(db, permissions).then((actor) => loadBoard(api.services, actor, path));

  it("is offered as a tool to AR's staff, opens as 'Create Credit Memo', and not on another board", async () => {
    const ar = await board(["accounts-receivable"], "/accounts-receivable?modal=creditMemoCreate");
    expect(ar.tools).toEqual([{ label: "Create Credit Memo", modal: "creditMemoCreate" }]);
    expect(ar.dialog).toMatchObject({
      name: "creditMemoCreate",
      title: "Create Credit Memo",
      error: null,
      data: { mayCreate: true },
    });
    const reader = await board(["ar-read-only"], "/accounts-receivable?modal=creditMemoCreate");
    expect(reader.tools).toEqual([]);
    expect(reader.dialog).toMatchObject({ data: { mayCreate: false } });
    expect((await board(["sales"], "/sales?modal=creditMemoCreate")).dialog).toBeNull();
  });

  it("creates the memo and opens it in its memo dialog, which says so", async () => {
    const body = creditMemoBody(companyCode);
    const saved = await postBoardForm(
      api.services,
      clerkActor,
      "/accounts-receivable?filter=x&modal=creditMemoCreate",
      formOf(body),
    );
    const memo = await db.creditMemo.findUniqueOrThrow({ where: { invoiceClaim: body.invoiceClaim } });
    expect(saved).toEqual({
      status: 303,
      location: `/accounts-receivable?filter=x&modal=creditMemoEdit&creditMemoId=${memo.id}&notice=created`,
      data: null,
    });
    const opened = await loadBoard(api.services, clerkActor, saved.location!);
    expect(opened.dialog).toMatchObject({
      title: "Credit Memo - Don't Edit",
      data: { notice: M.created, memo: { id: memo.id, status: "PENDING", total: "$1,250.30", available: "$0.00" } },
    });
  });

  it("checks the number, adds and removes lines without saving, and refuses with the values kept", async () => {
    const taken = creditMemoBody(companyCode);
    await create(taken);
    const path = "/accounts-receivable?modal=creditMemoCreate";
    const readerActor = await actorWith(db, ["ar-read-only"]);
    await refusedWithoutWriting(async () => {
      const checked = await postBoardForm(
        api.services,
        clerkActor,
        path,
        formOf(taken, { intent: "credit-memo-check-claim" }),
      );
      expect(checked).toMatchObject({
        status: 200,
        data: { ok: true, message: M.duplicate, fieldNotes: { invoiceClaim: [M.duplicate] } },
      });
      const free = await postBoardForm(
        api.services,
        clerkActor,
        path,
        formOf(creditMemoBody(companyCode), { intent: "credit-memo-check-claim" }),
      );
      expect(free).toMatchObject({
        status: 200,
        data: { message: INVOICE_CLAIM_FREE, fieldNotes: { invoiceClaim: [] } },
      });
      const added = await postBoardForm(
        api.services,
        clerkActor,
        path,
        formOf(taken, { intent: "credit-memo-add-line" }),
      );
      expect(added).toMatchObject({
        status: 200,
        data: { ok: true, message: "Line added.", values: { "line.note": ["Duplicate", "Second unit"] } },
      });
      const removed = await postBoardForm(api.services, clerkActor, path, formOf(taken, { removeLine: "0" }));
      expect(removed).toMatchObject({
        status: 200,
        data: { ok: true, message: "Line removed.", values: { removeLine: "0" } },
      });
      const refused = await postBoardForm(api.services, clerkActor, path, formOf(taken));
      expect(refused).toMatchObject({
        status: 409,
        data: {
          ok: false,
          message: M.failed,
          fieldErrors: { invoiceClaim: [M.duplicate] },
          values: { invoiceClaim: taken.invoiceClaim },
        },
      });
      const blank = await postBoardForm(
        api.services,
        clerkActor,
        path,
        formOf(creditMemoBody(companyCode, { creditMemoDescription: "" })),
      );
      expect(blank).toMatchObject({ status: 400, data: { message: M.required } });
      expect((await postBoardForm(api.services, readerActor, path, formOf(creditMemoBody(companyCode)))).status).toBe(
        403,
      );
    });
  });
});

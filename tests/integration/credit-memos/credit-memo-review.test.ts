// Approving and voiding credit memos (ADR 040) against the worker's database: POST
// /api/credit-memo/{creditMemoId}/approve and /void over HTTP (success, each message, 401/403 per
// permission, 404, 409, nothing written when refused, encoded spellings of the path, an approval under
// impersonation audited with the administrator), only approved memos giving credit, a void and an
// application never interleaving, and the memo dialog on the AR board the way a browser without JavaScript
// uses it.
import { beforeAll, describe, expect, it } from "vitest";
import { approveCreditMemo } from "~/modules/credit-memos/credit-memo-review.server.ts";
import type { PermissionName } from "~/rules/access/permissions.ts";
import { CREDIT_MEMO_REVIEW_MESSAGES as M } from "~/rules/credit-memos/credit-memo-review.ts";
import { createCreditMemosRouter } from "../../../server/api/credit-memos.ts";
import { apiHarness } from "../../support/api-harness.ts";
import { loadBoard, postBoardForm } from "../../support/board-route.ts";
import { createTestPrisma } from "../../support/database.ts";
import { creditMemo } from "../../support/factories/credit-memos.ts";
import { actorWith } from "../../support/factories/users.ts";
import { databaseFingerprint } from "../../support/property.ts";

const db = createTestPrisma();
const api = apiHarness(createCreditMemosRouter);

let approver: string;
let voider: string;
let clerk: string;
let revoked: string;

beforeAll(async () => {
  approver = api.tokenFor(await actorWith(db, ["credit-memo-approve"]));
  voider = api.tokenFor(await actorWith(db, ["credit-memo-edit-void"]));
  clerk = api.tokenFor(await actorWith(db, ["accounts-receivable", "credit-memos"]));
  const revokedActor = await actorWith(db, ["restricted"]);
  revoked = api.tokenFor(revokedActor);
  await db.user.update({
    where: { id: revokedActor.user.id },
    data: { tokensValidAfter: new Date(Date.now() + 60_000) },
  });
});

const approve = (id: number | string, token: string | null = approver) =>
  api.call("POST", `/api/credit-memo/${id}/approve`, { body: {}, ...(token === null ? {} : { token }) });
const voidMemo = (id: number | string, body: unknown = { reason: "Wrong customer" }, token: string | null = voider) =>
  api.call("POST", `/api/credit-memo/${id}/void`, { body, ...(token === null ? {} : { token }) });
const available = async (id: number) =>
  (await db.$queryRaw<{ a: string }[]>`SELECT credit_memo_available(${id})::text AS a`)[0]!.a;

async function refusedWithoutWriting<T>(run: () => Promise<T>): Promise<T> {
  const before = await databaseFingerprint();
  const result = await run();
  expect(await databaseFingerprint()).toBe(before);
  return result;
}

describe("POST /api/credit-memo/{creditMemoId}/approve", () => {
  it("approves a pending memo: its lines become available credit, audited, the memo cards refreshed", async () => {
    const memo = await creditMemo(db, { lines: [12_345, 5] });
    expect(await available(memo.id)).toBe("0.00");
    api.reported.length = 0;
    expect(await approve(memo.id)).toEqual({
      status: 200,
      body: { ok: true, CreditMemoID: memo.id, message: M.approved },
    });
    expect(await available(memo.id)).toBe("123.50");
    expect(await db.creditMemo.findUniqueOrThrow({ where: { id: memo.id } })).toMatchObject({
      status: "APPROVED",
      version: 2,
      approvedById: expect.any(Number),
      approvedAt: expect.any(Date),
    });
    expect(
      await db.auditLog.findFirstOrThrow({ where: { entityType: "CreditMemo", entityId: memo.id } }),
    ).toMatchObject({
      action: "approve",
      version: 2,
      changedData: { Status: "Status: PENDING!Status: APPROVED" },
    });
    expect(api.reported).toEqual([["credit-memos"]]);
  });

  it("refuses a memo that is not pending (409), an unknown one (404), writing nothing; one of two approvals wins", async () => {
    const approved = await creditMemo(db, { status: "APPROVED" });
    const voided = await creditMemo(db, { status: "VOID" });
    await refusedWithoutWriting(async () => {
      expect(await approve(approved.id)).toEqual({ status: 409, body: { error: M.notPending } });
      expect(await approve(voided.id)).toEqual({ status: 409, body: { error: M.notPending } });
      for (const id of ["999999", "0x10", "1e3", "-1", "abc"]) {
        expect(await approve(id), id).toEqual({ status: 404, body: { error: M.notFound } });
      }
    });
    const pending = await creditMemo(db);
    const answers = await Promise.all([approve(pending.id), approve(pending.id)]);
    expect(answers.map((answer) => answer.status).toSorted()).toEqual([200, 409]);
    expect(await db.auditLog.count({ where: { entityType: "CreditMemo", entityId: pending.id } })).toBe(1);
  });

  it("answers 401 and 403 per permission, also on other spellings of the path", async () => {
    const memo = await creditMemo(db);
    const digits = [...String(memo.id)].map((digit) => `%3${digit}`).join("");
    await refusedWithoutWriting(async () => {
      for (const path of [
        `/api/credit-memo/${memo.id}/approve`,
        `/api/credit-memo/${digits}/approve`,
        `/API/CREDIT-MEMO/${memo.id}/APPROVE`,
        `/api/credit-memo/${memo.id}/approve/`,
      ]) {
        expect(await api.call("POST", path, { body: {} }), path).toEqual({
          status: 401,
          body: { error: "Sign in required." },
        });
        expect(await api.status("POST", path, { body: {}, token: "garbage" }), path).toBe(401);
        expect(await api.status("POST", path, { body: {}, token: revoked }), path).toBe(401);
        expect(await api.call("POST", path, { body: {}, token: voider }), path).toEqual({
          status: 403,
          body: { error: M.approveForbidden },
        });
        expect(await api.status("POST", path, { body: {}, token: clerk }), path).toBe(403);
      }
    });
    // The digits spelled with escapes name the same memo.
    expect((await api.call("POST", `/api/credit-memo/${digits}/approve`, { body: {}, token: approver })).status).toBe(
      200,
    );
  });

  it("records the administrator behind an impersonated approval", async () => {
    const memo = await creditMemo(db);
    const admin = await actorWith(db, ["restricted"]);
    const clerkActor = await actorWith(db, ["credit-memo-approve"]);
    const result = await approveCreditMemo(
      db,
      { ...clerkActor, impersonator: { id: admin.user.id } as never },
      { creditMemoId: String(memo.id), body: {} },
    );
    expect(result.ok).toBe(true);
    expect(
      await db.auditLog.findFirstOrThrow({ where: { entityType: "CreditMemo", entityId: memo.id } }),
    ).toMatchObject({
      userId: clerkActor.user.id,
      impersonatorId: admin.user.id,
    });
  });
});

describe("POST /api/credit-memo/{creditMemoId}/void", () => {
  it("voids a memo without applications, with the reason in its history; its credit is gone", async () => {
    const memo = await creditMemo(db, { status: "APPROVED", lines: [2_000] });
    expect(await available(memo.id)).toBe("20.00");
    expect(await voidMemo(memo.id, { reason: "  Entered twice " })).toEqual({
      status: 200,
      body: { ok: true, CreditMemoID: memo.id, message: M.voided },
    });
    expect(await available(memo.id)).toBe("0.00");
    expect(
      await db.auditLog.findFirstOrThrow({ where: { entityType: "CreditMemo", entityId: memo.id } }),
    ).toMatchObject({
      action: "void",
      changedData: { Status: "Status: APPROVED!Status: VOID", Reason: "Reason: !Reason: Entered twice" },
    });
    await expect(
      db.creditMemoApplication.create({
        data: {
          creditMemoId: memo.id,
          invoiceNumber: "I",
          appliedDate: new Date(),
          appliedAmount: "1.00",
          appliedNote: "x",
        },
      }),
    ).rejects.toThrow(/not approved/);
  });

  it("refuses without a reason (400), with applications or already void (409), unknown (404), writing nothing", async () => {
    const applied = await creditMemo(db, { status: "APPROVED", lines: [2_000] });
    await db.creditMemoApplication.create({
      data: {
        creditMemoId: applied.id,
        invoiceNumber: "I",
        appliedDate: new Date(),
        appliedAmount: "1.00",
        appliedNote: "x",
      },
    });
    const voided = await creditMemo(db, { status: "VOID" });
    const pending = await creditMemo(db);
    await refusedWithoutWriting(async () => {
      expect(await voidMemo(pending.id, { reason: " " })).toEqual({
        status: 400,
        body: { error: M.voidReason, errors: { reason: [M.voidReason] } },
      });
      expect(await voidMemo(pending.id, {})).toMatchObject({ status: 400, body: { error: M.voidReason } });
      expect(await voidMemo(pending.id, { reason: "x".repeat(501) })).toMatchObject({
        status: 400,
        body: { error: M.voidReasonTooLong },
      });
      expect(await voidMemo(applied.id)).toEqual({ status: 409, body: { error: M.hasApplications } });
      expect(await voidMemo(voided.id)).toEqual({ status: 409, body: { error: M.alreadyVoid } });
      expect(await voidMemo(999_999)).toEqual({ status: 404, body: { error: M.notFound } });
      expect(await voidMemo(pending.id, undefined, approver)).toEqual({
        status: 403,
        body: { error: M.voidForbidden },
      });
      expect((await voidMemo(pending.id, undefined, null)).status).toBe(401);
      expect((await voidMemo(pending.id, undefined, revoked)).status).toBe(401);
    });
  });

  it("never lets a void and an application both through", async () => {
    for (let round = 0; round < 10; round++) {
      const memo = await creditMemo(db, { status: "APPROVED", lines: [1_000] });
      const [voided, applied] = await Promise.allSettled([
        voidMemo(memo.id),
        db.creditMemoApplication.create({
          data: {
            creditMemoId: memo.id,
            invoiceNumber: "I",
            appliedDate: new Date(),
            appliedAmount: "1.00",
            appliedNote: "x",
          },
        }),
      ]);
      const voidDone = voided.status === "fulfilled" && voided.value.status === 200;
      const applyDone = applied.status === "fulfilled";
      expect(voidDone !== applyDone, `round ${round}`).toBe(true);
      const row = await db.creditMemo.findUniqueOrThrow({ where: { id: memo.id }, include: { applications: true } });
      expect(row.status === "VOID" ? row.applications.length : 1).toBe(row.status === "VOID" ? 0 : 1);
    }
  });
});

describe("the memo dialog on the AR board (no JavaScript)", () => {
  const actor = (permissions: PermissionName[]) => actorWith(db, permissions);
  const path = (id: number) => `/accounts-receivable?modal=creditMemoEdit&creditMemoId=${id}`;

  it("shows the memo read-only with its sums, and what the reader may do", async () => {
    const memo = await creditMemo(db, { lines: [1_050, 2_000] });
    const both = await loadBoard(
      api.services,
      await actor(["accounts-receivable", "credit-memo-approve", "credit-memo-edit-void"]),
      path(memo.id),
    );
    expect(both.dialog).toMatchObject({
      name: "creditMemoEdit",
      title: "Credit Memo - Don't Edit",
      error: null,
      data: {
        notice: null,
        mayApprove: true,
        mayVoid: true,
        approveBlock: null,
        voidBlock: null,
        memo: {
          id: memo.id,
          status: "PENDING",
          total: "$30.50",
          applied: "$0.00",
          available: "$0.00",
          lines: [{ amount: "$10.50" }, { amount: "$20.00" }],
        },
      },
    });
    const plain = await loadBoard(api.services, await actor(["accounts-receivable"]), path(memo.id));
    expect(plain.dialog).toMatchObject({ data: { mayApprove: false, mayVoid: false } });
    // The edit is offered (and titled so) to credit-memo-edit-void only (ADR 048); others see it read-only.
    expect(
      (await loadBoard(api.services, await actor(["accounts-receivable"]), `${path(memo.id)}&action=Create`)).dialog,
    ).toMatchObject({ title: "Credit Memo - Don't Edit" });
    expect(
      (
        await loadBoard(
          api.services,
          await actor(["accounts-receivable", "credit-memo-edit-void"]),
          `${path(memo.id)}&action=Create`,
        )
      ).dialog,
    ).toMatchObject({ title: "Edit Credit Memo" });
    expect((await loadBoard(api.services, await actor(["accounts-receivable"]), path(999_999))).dialog).toMatchObject({
      status: 404,
      error: M.notFound,
    });
    expect(
      (
        await loadBoard(
          api.services,
          await actor(["accounts-receivable"]),
          "/accounts-receivable?modal=creditMemoEdit&creditMemoId=x",
        )
      ).dialog,
    ).toMatchObject({ status: 400, error: M.chooseMemo });
  });

  it("approves and voids through the board, closing the dialog; refusals come back with their messages", async () => {
    const memo = await creditMemo(db, { lines: [1_000] });
    const approverActor = await actor(["accounts-receivable", "credit-memo-approve"]);
    const approved = await postBoardForm(api.services, approverActor, `${path(memo.id)}&filter=CLM`, {
      intent: "credit-memo-approve",
    });
    expect(approved).toEqual({ status: 303, location: "/accounts-receivable?filter=CLM", data: null });
    expect(await available(memo.id)).toBe("10.00");
    const again = await postBoardForm(api.services, approverActor, path(memo.id), { intent: "credit-memo-approve" });
    expect(again).toMatchObject({ status: 409, data: { message: M.notPending } });
    const voiderActor = await actor(["accounts-receivable", "credit-memo-edit-void"]);
    const noReason = await postBoardForm(api.services, voiderActor, path(memo.id), {
      intent: "credit-memo-void",
      reason: "",
    });
    expect(noReason).toMatchObject({
      status: 400,
      data: { message: M.voidReason, fieldErrors: { reason: [M.voidReason] } },
    });
    const notAllowed = await postBoardForm(api.services, approverActor, path(memo.id), {
      intent: "credit-memo-void",
      reason: "x",
    });
    expect(notAllowed).toMatchObject({ status: 403, data: { message: M.voidForbidden } });
    const voided = await postBoardForm(api.services, voiderActor, path(memo.id), {
      intent: "credit-memo-void",
      reason: "Duplicate",
    });
    expect(voided).toMatchObject({ status: 303, location: "/accounts-receivable" });
    expect((await db.creditMemo.findUniqueOrThrow({ where: { id: memo.id } })).status).toBe("VOID");
    // The board's memo cards no longer show it.
    const board = await loadBoard(api.services, voiderActor, "/accounts-receivable");
    expect(JSON.stringify(board)).not.toContain(`credit-memo-${memo.id}"`);
  });
});

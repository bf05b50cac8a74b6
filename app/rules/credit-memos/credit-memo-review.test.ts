import { describe, expect, it } from "vitest";
import { permissionIdsNamed } from "../access/permissions.ts";
import { modalTitle } from "../dialogs/modals.ts";
import {
  approvalBlock,
  CREDIT_MEMO_REVIEW_MESSAGES as M,
  mayApproveCreditMemos,
  mayVoidCreditMemos,
  readVoidReason,
  voidBlock,
} from "./credit-memo-review.ts";

describe("approving and voiding credit memos (ADR 040)", () => {
  const approver = { userId: 7, impersonatorId: null };
  it("approves pending memos only", () => {
    expect(approvalBlock("PENDING", 3, approver)).toBeNull();
    expect(approvalBlock("APPROVED", 3, approver)).toBe(M.notPending);
    expect(approvalBlock("VOID", 3, approver)).toBe(M.notPending);
  });

  it("needs four eyes: never the creator, nor an administrator impersonating someone to approve their own (ADR 054)", () => {
    expect(approvalBlock("PENDING", 7, approver)).toBe(M.ownMemo);
    expect(approvalBlock("PENDING", 1, { userId: 7, impersonatorId: 1 })).toBe(M.ownMemo);
    expect(approvalBlock("PENDING", 7, { userId: 7, impersonatorId: 1 })).toBe(M.ownMemo);
    expect(approvalBlock("PENDING", 3, { userId: 7, impersonatorId: 1 })).toBeNull();
    // A memo whose creator's account is gone is approved by anyone who may.
    expect(approvalBlock("PENDING", null, approver)).toBeNull();
  });

  it("voids a memo without applications that is not void yet", () => {
    expect(voidBlock("PENDING", 0)).toBeNull();
    expect(voidBlock("APPROVED", 0)).toBeNull();
    expect(voidBlock("APPROVED", 1)).toBe(M.hasApplications);
    expect(voidBlock("VOID", 0)).toBe(M.alreadyVoid);
  });

  it("asks for a reason of at most 500 characters", () => {
    expect(readVoidReason("  wrong customer ")).toEqual({ ok: true, reason: "wrong customer" });
    expect(readVoidReason(" ")).toEqual({ ok: false, message: M.voidReason });
    expect(readVoidReason(5)).toEqual({ ok: false, message: M.voidReason });
    expect(readVoidReason("x".repeat(501))).toEqual({ ok: false, message: M.voidReasonTooLong });
  });

  it("gives approving to credit-memo-approve and voiding to credit-memo-edit-void (all access both)", () => {
    expect(mayApproveCreditMemos(permissionIdsNamed(["credit-memo-approve"]))).toBe(true);
    expect(mayApproveCreditMemos(permissionIdsNamed(["credit-memo-edit-void", "accounts-receivable"]))).toBe(false);
    expect(mayVoidCreditMemos(permissionIdsNamed(["credit-memo-edit-void"]))).toBe(true);
    expect(mayVoidCreditMemos(permissionIdsNamed(["credit-memo-approve"]))).toBe(false);
    expect(mayApproveCreditMemos(permissionIdsNamed(["restricted"]))).toBe(true);
    expect(mayVoidCreditMemos(permissionIdsNamed(["restricted"]))).toBe(true);
  });

  it("titles the memo dialog by its action", () => {
    expect(modalTitle("creditMemoEdit", { memoAction: "Create" })).toBe("Edit Credit Memo");
    expect(modalTitle("creditMemoEdit", { memoAction: "Apply" })).toBe("Edit Applied Credit Memo");
    expect(modalTitle("creditMemoEdit")).toBe("Credit Memo - Don't Edit");
    expect(modalTitle("creditMemoCreate")).toBe("Create Credit Memo");
  });
});

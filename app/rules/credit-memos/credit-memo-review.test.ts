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
  it("approves pending memos only", () => {
    expect(approvalBlock("PENDING")).toBeNull();
    expect(approvalBlock("APPROVED")).toBe(M.notPending);
    expect(approvalBlock("VOID")).toBe(M.notPending);
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

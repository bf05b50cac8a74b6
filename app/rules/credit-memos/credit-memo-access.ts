// Who may work on credit memos (ADR 040), in a module of its own so the board page can offer Create Credit
// Memo without loading the memo dialogs' rules (ADR 028).
import { hasFeature, holdsAllAccess, holdsPermission, unlocksRoute } from "../access/permissions.ts";

/**
 * Creating memos and checking an invoice/claim number: accounts receivable's staff (not its read-only
 * readers), the credit memos page's readers, those who approve or void memos, and all access.
 */
export function mayCreateCreditMemos(permissionIds: readonly number[]): boolean {
  return (
    holdsAllAccess(permissionIds) ||
    holdsPermission(permissionIds, "accounts-receivable") ||
    unlocksRoute(permissionIds, "credit-memos") ||
    holdsPermission(permissionIds, "credit-memo-approve") ||
    holdsPermission(permissionIds, "credit-memo-edit-void")
  );
}

/** Approving needs credit-memo-approve; voiding credit-memo-edit-void (all access passes both). */
export const mayApproveCreditMemos = (permissionIds: readonly number[]) =>
  hasFeature(permissionIds, "credit-memo-approve");
export const mayVoidCreditMemos = (permissionIds: readonly number[]) =>
  hasFeature(permissionIds, "credit-memo-edit-void");

/**
 * Editing a memo, its lines or its applications (ADR 048): credit-memo-edit-void (33), the permission named
 * for editing and voiding; all access passes.
 */
export const mayEditCreditMemos = (permissionIds: readonly number[]) =>
  hasFeature(permissionIds, "credit-memo-edit-void");

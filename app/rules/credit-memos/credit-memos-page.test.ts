import { describe, expect, it } from "vitest";
import {
  creditMemoDialogHref,
  creditMemosPageHref,
  creditMemosSortHref,
  creditMemosViewHref,
} from "./credit-memos-page.ts";

describe("the credit memos page's links", () => {
  const search = "search=ACME&status=APPROVED&sort=date&dir=desc&page=2&modal=creditMemoEdit&creditMemoId=4";

  it("keeps the view and drops the dialog's parameters when a dialog closes", () => {
    expect(creditMemosViewHref("/credit-memos", search)).toBe(
      "/credit-memos?search=ACME&status=APPROVED&sort=date&dir=desc&page=2",
    );
    expect(creditMemosViewHref("/credit-memos", "status=all&page=1")).toBe("/credit-memos");
  });

  it("opens a memo's dialog, or the create dialog, over the same view", () => {
    expect(creditMemoDialogHref("/credit-memos", "search=ACME", 7)).toBe(
      "/credit-memos?search=ACME&modal=creditMemoEdit&creditMemoId=7",
    );
    expect(creditMemoDialogHref("/credit-memos", "")).toBe("/credit-memos?modal=creditMemoCreate");
  });

  it("sorts ascending first, then descending, back to the first page", () => {
    expect(creditMemosSortHref("/credit-memos", "page=3", { sort: "date", dir: "desc" }, "company")).toBe(
      "/credit-memos?sort=company&dir=asc",
    );
    expect(creditMemosSortHref("/credit-memos", "", { sort: "company", dir: "asc" }, "company")).toBe(
      "/credit-memos?sort=company&dir=desc",
    );
  });

  it("pages without a page parameter for the first page", () => {
    expect(creditMemosPageHref("/credit-memos", "search=x&page=2", 1)).toBe("/credit-memos?search=x");
    expect(creditMemosPageHref("/credit-memos", "search=x", 3)).toBe("/credit-memos?search=x&page=3");
  });
});

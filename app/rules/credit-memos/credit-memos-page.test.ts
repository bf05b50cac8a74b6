import { describe, expect, it } from "vitest";
import {
  creditMemoDialogHref,
  creditMemosPageHref,
  creditMemosSortHref,
  type CreditMemosView,
  creditMemosViewHref,
  creditMemosViewSearch,
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

describe("the credit memos page's view in its links", () => {
  const view: CreditMemosView = { search: "ACME", status: "APPROVED", company: "10001", sort: "invoice", dir: "asc" };

  it("carries the search, status, company, sort, direction and the page shown, in that order", () => {
    expect(creditMemosViewSearch(view, 2).toString()).toBe(
      "search=ACME&status=APPROVED&company=10001&sort=invoice&dir=asc&page=2",
    );
  });

  it("leaves out an empty search or company and the status filter at all", () => {
    expect(creditMemosViewSearch({ ...view, search: "", status: "all", company: "" }, 1).toString()).toBe(
      "sort=invoice&dir=asc&page=1",
    );
  });

  it("takes the page shown over the one the query asked for", () => {
    // The directory's query holds the page asked for (9); the page shown is the last one (3).
    const asked = { ...view, page: 9 };
    expect(creditMemosViewSearch(asked, 3).get("page")).toBe("3");
  });

  it("is what sorting, paging and the dialogs keep", () => {
    const search = creditMemosViewSearch(view, 2);
    expect(creditMemosSortHref("/credit-memos", search, view, "invoice")).toBe(
      "/credit-memos?search=ACME&status=APPROVED&company=10001&sort=invoice&dir=desc",
    );
    expect(creditMemoDialogHref("/credit-memos", search, 4)).toBe(
      "/credit-memos?search=ACME&status=APPROVED&company=10001&sort=invoice&dir=asc&page=2&modal=creditMemoEdit&creditMemoId=4",
    );
    expect(creditMemosPageHref("/credit-memos", creditMemosViewSearch(view, 2), 1)).toBe(
      "/credit-memos?search=ACME&status=APPROVED&company=10001&sort=invoice&dir=asc",
    );
  });
});

import { describe, expect, it } from "vitest";
import {
  vendorDialogHref,
  vendorsPageHref,
  vendorsSortHref,
  type VendorsView,
  vendorsViewSearch,
} from "./vendors-page.ts";

describe("the vendors page's view in its links", () => {
  const view: VendorsView = { search: "haul", type: "TRANSPORTER", sort: "city", dir: "desc" };

  it("carries the search, type, sort, direction and the page shown, in that order", () => {
    expect(vendorsViewSearch(view, 2).toString()).toBe("search=haul&type=TRANSPORTER&sort=city&dir=desc&page=2");
  });

  it("leaves out the type filter at all, and takes the page shown over the one asked for", () => {
    // The directory's query holds the page asked for (9); the page shown is the last one (3).
    const asked = { ...view, type: "all", page: 9 };
    expect(vendorsViewSearch(asked, 3).toString()).toBe("search=haul&sort=city&dir=desc&page=3");
  });

  it("keeps an empty search in the view; the links drop it", () => {
    const search = vendorsViewSearch({ search: "", type: "all", sort: "name", dir: "asc" }, 1);
    expect(search.toString()).toBe("search=&sort=name&dir=asc&page=1");
    expect(vendorDialogHref("/vendors", search)).toBe("/vendors?sort=name&dir=asc&page=1&modal=vendorModal");
    expect(vendorsPageHref("/vendors", search, 2)).toBe("/vendors?sort=name&dir=asc&page=2");
  });

  it("is what sorting, paging and the dialog keep", () => {
    const search = vendorsViewSearch(view, 2);
    expect(vendorsSortHref("/vendors", search, view, "city")).toBe(
      "/vendors?search=haul&type=TRANSPORTER&sort=city&dir=asc",
    );
    expect(vendorDialogHref("/vendors", search, 12)).toBe(
      "/vendors?search=haul&type=TRANSPORTER&sort=city&dir=desc&page=2&modal=vendorModal&vendorId=12",
    );
  });
});

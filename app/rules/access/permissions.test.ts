import { describe, expect, it } from "vitest";
import {
  ALL_ACCESS_PERMISSION_ID,
  FEATURE_NAMES,
  PERMISSION_GROUPS,
  PERMISSIONS,
  assignablePermissions,
  canAddNotes,
  canSeeRentalUse,
  canSetRentalUse,
  hasFeature,
  holdsAllAccess,
  holdsPermission,
  isPermissionId,
  isUserListed,
  parseUserIdList,
  permissionById,
  permissionId,
  permissionIdsNamed,
  permissionIdsUnlockingRoute,
  permissionNamesOf,
  permissionsByGroup,
  unlocksRoute,
  ungrantablePermissionIds,
  type FeatureName,
  type PermissionGroup,
  type PermissionName,
} from "./permissions.ts";
import { ROUTES, isRouteName, type RouteName } from "./routes.ts";

// The specification's permission table, row by row: [id, name, group, routes, features]. Names and groups
// are the choices of ADR 002; the administration pages the specification does not show (vendors,
// departments, employee) are the choices of ADR 035-037.
const CATALOGUE: [number, string, PermissionGroup, RouteName[], FeatureName[]][] = [
  [1, "restricted", "Management", ["restricted"], []],
  [2, "recon", "Standard", ["parts", "recon"], []],
  [3, "on-off-rents", "Reporting", ["trucks"], ["on-off-rents"]],
  [4, "fleetcard", "Executive", ["fleetcard"], []],
  [5, "profit-loss", "Executive", ["profit-loss"], []],
  [6, "industry", "Reporting", ["industry"], []],
  [7, "monthsinfleet", "Reporting", ["monthsinfleet", "statuscount", "daily-counts"], []],
  [8, "lot-and-auction", "Reporting", ["lot-auction-count"], ["lot-and-auction"]],
  [9, "fleetpie", "Reporting", ["fleetpie"], []],
  [10, "onboarding", "Standard", ["onboarding"], []],
  [11, "transport", "Standard", ["transport", "vendors"], []],
  [12, "client-relations", "Standard", ["client-relations"], []],
  [13, "accounts-receivable", "Standard", ["accounts-receivable"], []],
  [14, "offboarding", "Standard", ["offboarding"], []],
  [15, "sales", "Standard", ["sales"], []],
  [16, "titles", "Standard", ["titles"], []],
  [17, "transport-edit", "Job Specific", ["vendors"], ["transport-edit", "alt-vins"]],
  [18, "truck-details", "Executive", ["truck-details"], ["on-rent-optional-services"]],
  [19, "notification-status", "Job Specific", [], ["notification-status"]],
  [20, "employee-management", "Executive", ["employee-management", "register", "departments", "employee"], []],
  [21, "company-report", "Reporting", ["company-report", "client-info"], []],
  [22, "new-company", "Job Specific", ["new-company"], []],
  [23, "sales-tax-upload", "Job Specific", [], ["sales-tax-upload"]],
  [24, "auction-report", "Reporting", ["auction-report"], []],
  [25, "mileage-report", "Reporting", ["mileage-report"], []],
  [26, "credit-memo-approve", "Management", [], ["credit-memo-approve"]],
  [27, "cm-open-detail", "Reporting", ["cm-open-detail", "cm-all-detail"], []],
  [28, "onboarding-approve", "Management", [], ["onboarding-approve"]],
  [29, "offboarding-approve", "Management", [], ["offboarding-approve"]],
  [30, "invoice-report", "Reporting", ["invoice-report"], []],
  [31, "dnb-upload", "Job Specific", [], ["dnb-upload"]],
  [32, "custom-report", "Reporting", ["custom-report"], []],
  [33, "credit-memo-edit-void", "Management", [], ["credit-memo-edit-void"]],
  [34, "edit-ar", "Job Specific", [], ["edit-ar"]],
  [35, "bmr", "Reporting", ["bmr"], []],
  [36, "custom-report-advanced", "Reporting", [], ["custom-report-advanced"]],
  [37, "status-diff", "Reporting", ["status-diff", "unit-hub"], []],
  [
    38,
    "truck-count-by-state",
    "Reporting",
    ["truck-count-by-state", "truck-count-by-state-new"],
    ["truck-count-by-state"],
  ],
  [39, "on-rent-optional-services", "Reporting", ["on-rent-optional-services"], ["on-rent-optional-services"]],
  [40, "billing", "Reporting", ["billing"], ["billing"]],
  [41, "bmr-calculations", "Reporting", [], ["bmr-calculations"]],
  [42, "manheim-listings", "Executive", ["manheim-listings"], ["listings-import"]],
  [43, "days-in-status-report", "Reporting", ["days-in-status-report"], []],
  [44, "edit-delivery-date", "Job Specific", [], ["edit-delivery-date"]],
  [45, "recon-claims-report", "Reporting", [], ["recon-claims-report"]],
  [46, "set-rental-use", "Job Specific", [], ["set-rental-use"]],
  [47, "daily-claims-report", "Reporting", [], ["daily-claims-report"]],
  [48, "days-on-rent-report", "Reporting", ["days-on-rent-report"], []],
  [49, "activity-tracker", "Executive", ["activity-tracker"], []],
  [50, "page-analytics", "Executive", ["page-analytics"], []],
  [51, "new-trade-counts", "Reporting", ["lot-auction-count"], ["new-trade-counts"]],
  [52, "new-only-counts", "Reporting", ["lot-auction-count"], ["new-only-counts"]],
  [53, "stored-variables", "Reporting", ["stored-variables"], []],
  [54, "ar-read-only", "Standard", ["accounts-receivable"], ["ar-read-only"]],
  [55, "credit-memos", "Reporting", ["credit-memos"], []],
];

// Which ids carry each feature, read from the spec's rows (ids other than 1).
const FEATURE_HOLDERS: Record<FeatureName, number[]> = {
  "on-off-rents": [3],
  "lot-and-auction": [8],
  "transport-edit": [17],
  "alt-vins": [17],
  "on-rent-optional-services": [18, 39],
  "notification-status": [19],
  "sales-tax-upload": [23],
  "credit-memo-approve": [26],
  "onboarding-approve": [28],
  "offboarding-approve": [29],
  "dnb-upload": [31],
  "credit-memo-edit-void": [33],
  "edit-ar": [34],
  "custom-report-advanced": [36],
  "truck-count-by-state": [38],
  billing: [40],
  "bmr-calculations": [41],
  "edit-delivery-date": [44],
  "recon-claims-report": [45],
  "set-rental-use": [46],
  "daily-claims-report": [47],
  "new-trade-counts": [51],
  "new-only-counts": [52],
  // Not the spec's: importing listings belongs to Manheim Listings.
  "listings-import": [42],
  "ar-read-only": [54],
};

const ALL_IDS = Array.from({ length: 55 }, (_, index) => index + 1);

describe("the permission catalogue", () => {
  it("holds exactly the ids 1 to 55, in order", () => {
    expect(PERMISSIONS.map((permission) => permission.id)).toEqual(ALL_IDS);
  });

  it.each(CATALOGUE)("id %i is %s in group %s, unlocking routes %j, features %j", (...row) => {
    const [id, name, group, routes, features] = row;
    const permission = permissionById(id);
    expect(permission).toMatchObject({ id, name, group });
    expect(permission?.routes).toEqual(routes);
    expect(permission?.features).toEqual(features);
    expect(permission?.label.trim()).not.toBe("");
  });

  it("gives every permission a unique kebab-case name", () => {
    const names = PERMISSIONS.map((permission) => permission.name);
    expect(new Set(names).size).toBe(55);
    for (const name of names) expect(name).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it("gives every permission a unique label", () => {
    expect(new Set(PERMISSIONS.map((permission) => permission.label)).size).toBe(55);
  });

  it("lists only routes of the route table", () => {
    for (const permission of PERMISSIONS) {
      for (const route of permission.routes) expect(isRouteName(route), `${permission.id}: ${route}`).toBe(true);
    }
  });

  it("unlocks at least one route or feature with every id", () => {
    for (const permission of PERMISSIONS) {
      expect(permission.routes.length + permission.features.length, `id ${permission.id}`).toBeGreaterThan(0);
    }
  });

  it("uses every declared feature name in some row", () => {
    const used = new Set(PERMISSIONS.flatMap((permission) => permission.features));
    expect([...used].toSorted()).toEqual([...FEATURE_NAMES].toSorted());
  });

  it("never unlocks a public or signed-in route by permission", () => {
    const open = new Set(ROUTES.filter((route) => route.access !== "permission").map((route) => route.name));
    for (const permission of PERMISSIONS) {
      for (const route of permission.routes) expect(open.has(route), `${permission.id}: ${route}`).toBe(false);
    }
  });

  it("has no permission for an unknown id", () => {
    expect(permissionById(0)).toBeUndefined();
    expect(permissionById(56)).toBeUndefined();
    expect(permissionById(-1)).toBeUndefined();
    expect(permissionById(1.5)).toBeUndefined();
  });

  it("recognises permission ids", () => {
    for (const id of ALL_IDS) expect(isPermissionId(id)).toBe(true);
    expect(isPermissionId(0)).toBe(false);
    expect(isPermissionId(56)).toBe(false);
    expect(isPermissionId("1")).toBe(false);
    expect(isPermissionId(null)).toBe(false);
  });

  it("marks id 1 as the all-access permission", () => {
    expect(ALL_ACCESS_PERMISSION_ID).toBe(1);
    expect(holdsAllAccess([1])).toBe(true);
    expect(holdsAllAccess([10, 1, 14])).toBe(true);
    expect(holdsAllAccess(ALL_IDS.filter((id) => id !== 1))).toBe(false);
    expect(holdsAllAccess([])).toBe(false);
  });
});

describe("permission groups", () => {
  it("are the five headings of the department editor, in order", () => {
    expect(PERMISSION_GROUPS).toEqual(["Standard", "Job Specific", "Management", "Reporting", "Executive"]);
  });

  it("each hold at least one permission, and together all 55", () => {
    const grouped = permissionsByGroup();
    expect(grouped.map((entry) => entry.group)).toEqual([...PERMISSION_GROUPS]);
    for (const entry of grouped) expect(entry.permissions.length, entry.group).toBeGreaterThan(0);
    const groupedIds = grouped.flatMap((entry) => entry.permissions.map((permission) => permission.id));
    expect(groupedIds.toSorted((a, b) => a - b)).toEqual(ALL_IDS);
  });

  it("put the department boards under Standard", () => {
    const standard = permissionsByGroup().find((entry) => entry.group === "Standard");
    expect(standard?.permissions.map((permission) => permission.id)).toEqual([2, 10, 11, 12, 13, 14, 15, 16, 54]);
  });

  it("put the approvals and the all-access marker under Management", () => {
    const management = permissionsByGroup().find((entry) => entry.group === "Management");
    expect(management?.permissions.map((permission) => permission.id)).toEqual([1, 26, 28, 29, 33]);
  });

  it("put the pages of the Executive menu under Executive", () => {
    const executive = permissionsByGroup().find((entry) => entry.group === "Executive");
    expect(executive?.permissions.flatMap((permission) => permission.routes)).toEqual([
      "fleetcard",
      "profit-loss",
      "truck-details",
      "employee-management",
      "register",
      "departments",
      "employee",
      "manheim-listings",
      "activity-tracker",
      "page-analytics",
    ]);
  });

  it("group a given subset, keeping empty groups", () => {
    const grouped = permissionsByGroup(assignablePermissions([10, 28]));
    expect(grouped.map((entry) => [entry.group, entry.permissions.map((permission) => permission.id)])).toEqual([
      ["Standard", [10]],
      ["Job Specific", []],
      ["Management", [28]],
      ["Reporting", []],
      ["Executive", []],
    ]);
  });
});

describe("hasFeature", () => {
  it.each(FEATURE_NAMES.map((feature) => [feature]))("id 1 passes feature %s", (feature) => {
    expect(hasFeature([1], feature)).toBe(true);
  });

  it.each(Object.entries(FEATURE_HOLDERS))("feature %s is held by ids %j and no other id", (feature, holders) => {
    for (const id of ALL_IDS.filter((candidate) => candidate !== 1)) {
      expect(hasFeature([id], feature as FeatureName), `id ${id}`).toBe(holders.includes(id));
    }
  });

  it("passes when any of several held ids carries the feature", () => {
    expect(hasFeature([10, 14, 46], "set-rental-use")).toBe(true);
    expect(hasFeature([10, 14], "set-rental-use")).toBe(false);
  });

  it("is false with no permissions and ignores unknown ids", () => {
    expect(hasFeature([], "edit-ar")).toBe(false);
    expect(hasFeature([0, 99, -4], "edit-ar")).toBe(false);
  });

  it("gives on-rent-optional-services to 18 and 39, but only 39 opens its route", () => {
    expect(hasFeature([18], "on-rent-optional-services")).toBe(true);
    expect(hasFeature([39], "on-rent-optional-services")).toBe(true);
    expect(permissionIdsUnlockingRoute("on-rent-optional-services")).toEqual([39]);
  });
});

describe("permissionNamesOf", () => {
  it("names the held permissions in catalogue order", () => {
    expect(permissionNamesOf([14, 10, 54])).toEqual(["onboarding", "offboarding", "ar-read-only"]);
  });

  it("drops duplicates and unknown ids", () => {
    expect(permissionNamesOf([10, 10, 0, 99, 11])).toEqual(["onboarding", "transport"]);
  });

  it("names id 1 'restricted' without expanding it", () => {
    expect(permissionNamesOf([1])).toEqual(["restricted"]);
  });

  it("is empty for no permissions", () => {
    expect(permissionNamesOf([])).toEqual([]);
  });

  it.each(CATALOGUE.map(([id, name]) => [id, name] as const))("names id %i %s", (id, name) => {
    expect(permissionNamesOf([id])).toEqual([name]);
  });
});

describe("permissionId, permissionIdsNamed and holdsPermission (ADR 002, 'Ids in code')", () => {
  it.each(CATALOGUE.map(([id, name]) => [name, id] as const))("finds %s at id %i", (name, id) => {
    expect(permissionId(name as PermissionName)).toBe(id);
  });

  it("turns names into ids in the order given", () => {
    expect(permissionIdsNamed(["offboarding", "onboarding", "restricted"])).toEqual([14, 10, 1]);
    expect(permissionIdsNamed([])).toEqual([]);
  });

  it("holds a permission only when its own id is held: id 1 does not stand in for it", () => {
    expect(holdsPermission([13, 54], "accounts-receivable")).toBe(true);
    expect(holdsPermission([54], "accounts-receivable")).toBe(false);
    expect(holdsPermission([1], "accounts-receivable")).toBe(false);
    expect(holdsPermission([1], "restricted")).toBe(true);
  });
});

describe("permissionIdsUnlockingRoute", () => {
  it("lists every id whose row names the route", () => {
    expect(permissionIdsUnlockingRoute("lot-auction-count")).toEqual([8, 51, 52]);
    expect(permissionIdsUnlockingRoute("accounts-receivable")).toEqual([13, 54]);
    expect(permissionIdsUnlockingRoute("register")).toEqual([20]);
    expect(permissionIdsUnlockingRoute("restricted")).toEqual([1]);
  });

  it("is empty for routes no row names", () => {
    expect(permissionIdsUnlockingRoute("owners-stats")).toEqual([]);
    expect(permissionIdsUnlockingRoute("home")).toEqual([]);
  });
});

describe("unlocksRoute", () => {
  it.each(CATALOGUE.filter(([, , , routes]) => routes.length > 0))("id %i (%s) unlocks its own routes", (...row) => {
    const [id, , , routes] = row;
    for (const route of routes) expect(unlocksRoute([id], route), route).toBe(true);
  });

  it("lets id 1 unlock every route", () => {
    for (const route of ROUTES) expect(unlocksRoute([1], route.name), route.name).toBe(true);
  });

  it("unlocks nothing without permissions, or with unknown ids", () => {
    expect(unlocksRoute([], "onboarding")).toBe(false);
    expect(unlocksRoute([0, 56], "onboarding")).toBe(false);
  });

  it("does not unlock another department's board", () => {
    expect(unlocksRoute([10], "offboarding")).toBe(false);
    expect(unlocksRoute([54], "onboarding")).toBe(false);
  });
});

describe("assignablePermissions (department editor)", () => {
  it("lists only the permissions the editor holds", () => {
    expect(assignablePermissions([28, 10, 99]).map((permission) => permission.id)).toEqual([10, 28]);
  });

  it("lists every permission to an editor holding id 1", () => {
    expect(assignablePermissions([1]).map((permission) => permission.id)).toEqual(ALL_IDS);
  });

  it("lists nothing to an editor without permissions", () => {
    expect(assignablePermissions([])).toEqual([]);
  });
});

describe("ungrantablePermissionIds (department editor)", () => {
  it("names the ids asked for that the editor does not hold, once each, ascending", () => {
    expect(ungrantablePermissionIds([10, 14], [14, 20, 10, 4, 20])).toEqual([4, 20]);
  });

  it("names none when the editor holds every id asked for, or holds id 1", () => {
    expect(ungrantablePermissionIds([10, 14], [10, 14])).toEqual([]);
    expect(ungrantablePermissionIds([1], ALL_IDS)).toEqual([]);
    expect(ungrantablePermissionIds([], [])).toEqual([]);
  });

  it("names id 1 itself to an editor who does not hold it", () => {
    expect(
      ungrantablePermissionIds(
        ALL_IDS.filter((id) => id !== 1),
        [1, 10],
      ),
    ).toEqual([1]);
  });

  it("leaves ids outside the catalogue to the caller", () => {
    expect(ungrantablePermissionIds([10], [0, 56, -1, 10])).toEqual([]);
  });
});

describe("canAddNotes", () => {
  it("lets a user without ar-read-only add notes", () => {
    expect(canAddNotes([])).toBe(true);
    expect(canAddNotes([13])).toBe(true);
  });

  it("refuses a holder of ar-read-only without restricted", () => {
    expect(canAddNotes([54])).toBe(false);
    expect(canAddNotes([13, 54])).toBe(false);
  });

  it("lets a holder of ar-read-only who also holds restricted add notes", () => {
    expect(canAddNotes([54, 1])).toBe(true);
    expect(canAddNotes([1])).toBe(true);
  });
});

describe("Rental Use permissions", () => {
  it("shows the Rental Use column to holders of lot-and-auction or new-trade-counts", () => {
    expect(canSeeRentalUse([8])).toBe(true);
    expect(canSeeRentalUse([51])).toBe(true);
    expect(canSeeRentalUse([1])).toBe(true);
  });

  it("hides the Rental Use column from everyone else, including new-only-counts", () => {
    expect(canSeeRentalUse([52])).toBe(false);
    expect(canSeeRentalUse([46])).toBe(false);
    expect(canSeeRentalUse([])).toBe(false);
  });

  it("shows the Rental, Trade and Undo buttons to holders of set-rental-use listed in the variable", () => {
    expect(canSetRentalUse({ permissionIds: [46], userId: 7, rentalUseOverrideVariable: "3, 7,12" })).toBe(true);
  });

  it("hides the buttons from a holder of set-rental-use not listed in the variable", () => {
    expect(canSetRentalUse({ permissionIds: [46], userId: 8, rentalUseOverrideVariable: "3,7,12" })).toBe(false);
    expect(canSetRentalUse({ permissionIds: [46], userId: 8, rentalUseOverrideVariable: null })).toBe(false);
  });

  it("hides the buttons from a listed user without set-rental-use", () => {
    expect(canSetRentalUse({ permissionIds: [8, 51], userId: 7, rentalUseOverrideVariable: "7" })).toBe(false);
  });

  it("still requires the listing from a holder of id 1", () => {
    expect(canSetRentalUse({ permissionIds: [1], userId: 7, rentalUseOverrideVariable: "7" })).toBe(true);
    expect(canSetRentalUse({ permissionIds: [1], userId: 7, rentalUseOverrideVariable: "" })).toBe(false);
  });
});

describe("user id lists in software variables", () => {
  it("reads comma-separated ids, ignoring spaces, blanks and junk", () => {
    expect(parseUserIdList("4, 15 ,,abc,23,4.5, 8")).toEqual([4, 15, 23, 8]);
  });

  it("is empty for an empty or missing variable", () => {
    expect(parseUserIdList("")).toEqual([]);
    expect(parseUserIdList(null)).toEqual([]);
    expect(parseUserIdList(undefined)).toEqual([]);
  });

  it("finds a listed user and no one else", () => {
    expect(isUserListed(15, "4,15,23")).toBe(true);
    expect(isUserListed(1, "4,15,23")).toBe(false);
    expect(isUserListed(5, "15")).toBe(false);
  });
});

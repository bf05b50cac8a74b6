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
  type PermissionName,
} from "./permissions.ts";
import { ROUTES, isRouteName } from "./routes.ts";

const ALL_IDS = Array.from({ length: 55 }, (_, index) => index + 1);

describe("the permission catalogue", () => {
  it("holds exactly the ids 1 to 55, in order", () => {
    expect(PERMISSIONS.map((permission) => permission.id)).toEqual(ALL_IDS);
  });

  it("gives every permission a label", () => {
    for (const permission of PERMISSIONS) expect(permission.label.trim(), `id ${permission.id}`).not.toBe("");
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

  it("passes a feature to the ids whose row carries it and to no other id", () => {
    for (const feature of FEATURE_NAMES) {
      for (const permission of PERMISSIONS.filter((candidate) => candidate.id !== 1)) {
        expect(hasFeature([permission.id], feature), `${feature}, id ${permission.id}`).toBe(
          permission.features.includes(feature),
        );
      }
    }
  });

  it("gives the approvals to the approvers, not to the teams whose work they approve", () => {
    expect(hasFeature(permissionIdsNamed(["onboarding-approve"]), "onboarding-approve")).toBe(true);
    expect(hasFeature(permissionIdsNamed(["onboarding"]), "onboarding-approve")).toBe(false);
    expect(hasFeature(permissionIdsNamed(["offboarding"]), "offboarding-approve")).toBe(false);
    expect(hasFeature(permissionIdsNamed(["accounts-receivable"]), "credit-memo-approve")).toBe(false);
    expect(hasFeature(permissionIdsNamed(["credit-memo-approve"]), "credit-memo-approve")).toBe(true);
  });

  it("lets Manheim Listings import listings, and carriers be assigned only with transport-edit", () => {
    expect(hasFeature(permissionIdsNamed(["manheim-listings"]), "listings-import")).toBe(true);
    expect(hasFeature(permissionIdsNamed(["sales"]), "listings-import")).toBe(false);
    expect(hasFeature(permissionIdsNamed(["transport-edit"]), "transport-edit")).toBe(true);
    expect(hasFeature(permissionIdsNamed(["transport"]), "transport-edit")).toBe(false);
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

  it("names each id by its own row", () => {
    for (const permission of PERMISSIONS) expect(permissionNamesOf([permission.id])).toEqual([permission.name]);
  });
});

describe("permissionId, permissionIdsNamed and holdsPermission", () => {
  it("finds each name at its row's id", () => {
    for (const permission of PERMISSIONS) {
      expect(permissionId(permission.name as PermissionName), permission.name).toBe(permission.id);
    }
  });

  it("keeps the specification's ids for the ones every session carries", () => {
    expect(permissionIdsNamed(["restricted", "onboarding", "transport", "accounts-receivable"])).toEqual([
      1, 10, 11, 13,
    ]);
    expect(permissionIdsNamed(["offboarding", "employee-management", "ar-read-only", "credit-memos"])).toEqual([
      14, 20, 54, 55,
    ]);
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
  it("unlocks with each id the routes its row names", () => {
    for (const permission of PERMISSIONS) {
      for (const route of permission.routes)
        expect(unlocksRoute([permission.id], route), `${permission.id}: ${route}`).toBe(true);
    }
  });

  it("opens employee management's pages, and the vendors page, to the teams that run them", () => {
    for (const route of ["employee-management", "register", "departments", "employee"] as const) {
      expect(unlocksRoute(permissionIdsNamed(["employee-management"]), route), route).toBe(true);
      expect(unlocksRoute(permissionIdsNamed(["onboarding"]), route), route).toBe(false);
    }
    expect(unlocksRoute(permissionIdsNamed(["transport"]), "vendors")).toBe(true);
    expect(unlocksRoute(permissionIdsNamed(["transport-edit"]), "vendors")).toBe(true);
    expect(unlocksRoute(permissionIdsNamed(["transport-edit"]), "transport")).toBe(false);
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

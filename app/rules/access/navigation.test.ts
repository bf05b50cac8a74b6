import { describe, expect, it } from "vitest";
import {
  buildNavigation,
  initials,
  isCurrentItem,
  mayOpen,
  navigationColour,
  showsRentalMenu,
  smallScreenPages,
  type NavigationInput,
  type NavigationItem,
  type NavigationModel,
} from "./navigation.ts";
import { isPageBuilt } from "./page-modules.ts";
import { PERMISSIONS, permissionIdsNamed } from "./permissions.ts";
import { routeByName, type RouteName } from "./routes.ts";
import { decideRouteAccess } from "./access.ts";

interface Summary {
  top: string[];
  menus: Record<string, Record<string, string[]>>;
}

function summarize(model: NavigationModel): Summary {
  return {
    top: model.topLinks.map((item) => item.label),
    menus: Object.fromEntries(
      model.menus.map((menu) => [
        menu.id,
        Object.fromEntries(menu.groups.map((group) => [group.id, group.items.map((item) => item.label)])),
      ]),
    ),
  };
}

const FORMS = { forms: ["Order Form", "Trade Form", "Off Rent Form"] };
const PLAIN_USER = { user: ["Profile", "Change Password", "Sign Out"] };

const ALL_EXECUTIVE = [
  "Employee Management",
  "Vendors",
  "Fleet Card",
  "Owners Stats",
  "Manheim Listings",
  "Profit & Loss",
  "Truck Details",
  "Activity Tracker",
  "Page Analytics",
];
const ALL_REPORTING_AR = ["Billing", "Credit Memos", "Custom Report", "Days in Status", "Invoice Report"];
const ALL_REPORTING_OPERATIONS = [
  "Auction Report",
  "BMR",
  "Customer Overview",
  "Days on Rent",
  "Fleet Pie",
  "Industry",
  "Lot & Auction Count",
  "Mileage Report",
  "Months in Fleet",
  "On/Off Rent",
  "On Rent Optional Services",
  "Status Count",
  "Status Difference",
  "Truck Count by State",
  "Unit Hub",
  "Variables List",
];

const EXEC_IDS = permissionIdsNamed([
  "fleetcard",
  "profit-loss",
  "industry",
  "monthsinfleet",
  "fleetpie",
  "truck-details",
  "notification-status",
  "employee-management",
  "auction-report",
  "mileage-report",
  "custom-report",
  "bmr",
  "custom-report-advanced",
  "status-diff",
  "truck-count-by-state",
  "on-rent-optional-services",
  "bmr-calculations",
  "days-in-status-report",
  "days-on-rent-report",
  "activity-tracker",
  "page-analytics",
  "new-only-counts",
  "stored-variables",
]);

// The demo roles and exactly what each sees (no external links configured).
const ROLES: { role: string; ids: number[]; expected: Summary }[] = [
  {
    role: "admin",
    ids: permissionIdsNamed(["restricted"]),
    expected: {
      top: ["On Rent", "Off Rent", "Transport", "AR", "Recon", "Sales", "Titles"],
      menus: {
        rental: { rental: ["On Rent", "Off Rent"] },
        forms: FORMS,
        executive: { executive: ALL_EXECUTIVE },
        reporting: { "reporting-ar": ALL_REPORTING_AR, "reporting-operations": ALL_REPORTING_OPERATIONS },
        user: { user: ["Profile", "Release Notes", "Change Password", "Act as another user", "Sign Out"] },
      },
    },
  },
  {
    role: "on rent",
    ids: permissionIdsNamed(["on-off-rents", "onboarding", "onboarding-approve"]),
    expected: {
      top: ["On Rent"],
      menus: {
        rental: { rental: ["On Rent"] },
        forms: FORMS,
        reporting: { "reporting-operations": ["On/Off Rent"] },
        user: PLAIN_USER,
      },
    },
  },
  {
    role: "off rent",
    ids: permissionIdsNamed(["offboarding", "offboarding-approve"]),
    expected: { top: ["Off Rent"], menus: { rental: { rental: ["Off Rent"] }, forms: FORMS, user: PLAIN_USER } },
  },
  {
    role: "transport",
    ids: permissionIdsNamed(["transport", "transport-edit", "edit-delivery-date"]),
    expected: { top: ["Transport"], menus: { forms: FORMS, executive: { executive: ["Vendors"] }, user: PLAIN_USER } },
  },
  {
    role: "accounts receivable",
    ids: permissionIdsNamed([
      "accounts-receivable",
      "credit-memo-approve",
      "cm-open-detail",
      "invoice-report",
      "credit-memo-edit-void",
      "edit-ar",
      "billing",
      "credit-memos",
    ]),
    expected: {
      top: ["AR"],
      menus: {
        forms: FORMS,
        reporting: { "reporting-ar": ["Billing", "Credit Memos", "Invoice Report"] },
        user: PLAIN_USER,
      },
    },
  },
  {
    role: "AR read-only",
    ids: permissionIdsNamed(["ar-read-only"]),
    expected: { top: ["AR"], menus: { forms: FORMS, user: PLAIN_USER } },
  },
  {
    role: "recon",
    ids: permissionIdsNamed(["recon", "recon-claims-report", "daily-claims-report"]),
    expected: { top: ["Recon"], menus: { forms: FORMS, user: PLAIN_USER } },
  },
  {
    role: "sales",
    ids: permissionIdsNamed(["lot-and-auction", "sales", "manheim-listings", "set-rental-use", "new-trade-counts"]),
    expected: {
      top: ["Sales"],
      menus: {
        forms: FORMS,
        executive: { executive: ["Manheim Listings"] },
        reporting: { "reporting-operations": ["Lot & Auction Count"] },
        user: PLAIN_USER,
      },
    },
  },
  {
    role: "titles",
    ids: permissionIdsNamed(["titles"]),
    expected: { top: ["Titles"], menus: { forms: FORMS, user: PLAIN_USER } },
  },
  {
    role: "client relations",
    ids: permissionIdsNamed(["client-relations", "company-report", "new-company"]),
    expected: {
      top: [],
      menus: { forms: FORMS, reporting: { "reporting-operations": ["Customer Overview"] }, user: PLAIN_USER },
    },
  },
  {
    role: "executive",
    ids: EXEC_IDS,
    expected: {
      top: [],
      menus: {
        forms: FORMS,
        executive: {
          executive: [
            "Employee Management",
            "Fleet Card",
            "Profit & Loss",
            "Truck Details",
            "Activity Tracker",
            "Page Analytics",
          ],
        },
        reporting: {
          "reporting-ar": ["Custom Report", "Days in Status"],
          "reporting-operations": [
            "Auction Report",
            "BMR",
            "Days on Rent",
            "Fleet Pie",
            "Industry",
            "Lot & Auction Count",
            "Mileage Report",
            "Months in Fleet",
            "On Rent Optional Services",
            "Status Count",
            "Status Difference",
            "Truck Count by State",
            "Unit Hub",
            "Variables List",
          ],
        },
        user: PLAIN_USER,
      },
    },
  },
  {
    role: "no permissions []",
    ids: [],
    expected: { top: [], menus: { forms: FORMS, user: PLAIN_USER } },
  },
];

function allItems(model: NavigationModel): NavigationItem[] {
  return [...model.topLinks, ...model.menus.flatMap((menu) => menu.groups.flatMap((group) => group.items))];
}

describe("buildNavigation per demo role", () => {
  for (const { role, ids, expected } of ROLES) {
    it(`${role} sees exactly its links and menus`, () => {
      expect(summarize(buildNavigation({ permissionIds: ids }))).toEqual(expected);
    });
  }

  it("keeps the menu order Rental, Forms, Executive, Reporting, user", () => {
    expect(buildNavigation({ permissionIds: permissionIdsNamed(["restricted"]) }).menus.map((menu) => menu.id)).toEqual(
      ["rental", "forms", "executive", "reporting", "user"],
    );
  });

  it("labels the menus and the reporting groups", () => {
    const model = buildNavigation({ permissionIds: permissionIdsNamed(["restricted"]) });
    expect(model.menus.map((menu) => menu.label)).toEqual(["Rental", "Forms", "Executive", "Reporting", "User"]);
    const reporting = model.menus.find((menu) => menu.id === "reporting");
    expect(reporting?.groups.map((group) => [group.label, group.columns])).toEqual([
      ["AR", 1],
      ["Operations", 3],
    ]);
  });
});

describe("item addresses", () => {
  const model = buildNavigation({ permissionIds: permissionIdsNamed(["restricted"]) });
  const hrefs = Object.fromEntries(allItems(model).map((item) => [item.id, "href" in item ? item.href : null]));

  it("top links go to the department pages", () => {
    expect(model.topLinks.map((item) => "href" in item && item.href)).toEqual([
      "/onboarding",
      "/offboarding",
      "/transport",
      "/accounts-receivable",
      "/recon",
      "/sales",
      "/titles",
    ]);
  });

  it("menus use the paths of the route table", () => {
    expect(hrefs).toMatchObject({
      "forms-orderForm": "/order-form",
      "forms-tradeForm": "/trade-form",
      "forms-offRentForm": "/off-rent-form",
      "executive-owners-stats": "/owners-stats",
      "reporting-days-on-rent-report": "/days-on-rent",
      "reporting-client-info": "/client-info",
      "reporting-trucks": "/trucks",
      "reporting-truck-count-by-state-new": "/truck-count-by-state-new",
      "reporting-stored-variables": "/stored-variables",
      "user-profile": "/profile",
      "user-release-notes": "/release-notes",
    });
    const reporting = model.menus.find((menu) => menu.id === "reporting");
    expect(reporting?.groups.flatMap((group) => group.items.map((item) => ("href" in item ? item.href : "")))).toEqual([
      "/billing",
      "/credit-memos",
      "/custom-report",
      "/days-in-status-report",
      "/invoice-report",
      "/auction-report",
      "/bmr",
      "/client-info",
      "/days-on-rent",
      "/fleetpie",
      "/industry",
      "/lot-auction-count",
      "/mileage-report",
      "/monthsinfleet",
      "/trucks",
      "/on-rent-optional-services",
      "/statuscount",
      "/status-diff",
      "/truck-count-by-state-new",
      "/unit-hub",
      "/stored-variables",
    ]);
  });

  it("only the forms open in a new tab", () => {
    const newTab = allItems(model).filter((item) => item.kind === "route" && item.newTab);
    expect(newTab.map((item) => item.id)).toEqual(["forms-orderForm", "forms-tradeForm", "forms-offRentForm"]);
  });

  it("item ids are unique", () => {
    const ids = allItems(model).map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("owners stats", () => {
  it("shows for a user listed in 'Owners Stats Permissions' without any permission", () => {
    expect(summarize(buildNavigation({ permissionIds: [], ownersStatsUser: true })).menus.executive).toEqual({
      executive: ["Owners Stats"],
    });
  });

  it("is hidden for the executive role unless listed", () => {
    const labels = (input: NavigationInput) => summarize(buildNavigation(input)).menus.executive?.executive ?? [];
    expect(labels({ permissionIds: EXEC_IDS })).not.toContain("Owners Stats");
    expect(labels({ permissionIds: EXEC_IDS, ownersStatsUser: true })).toContain("Owners Stats");
  });
});

describe("Rental menu", () => {
  it("appears with onboarding or offboarding (or all access) only", () => {
    expect(showsRentalMenu(permissionIdsNamed(["onboarding"]))).toBe(true);
    expect(showsRentalMenu(permissionIdsNamed(["offboarding"]))).toBe(true);
    expect(showsRentalMenu(permissionIdsNamed(["restricted"]))).toBe(true);
    expect(showsRentalMenu(permissionIdsNamed(["onboarding-approve", "offboarding-approve", "on-off-rents"]))).toBe(
      false,
    );
    expect(showsRentalMenu([])).toBe(false);
  });
});

describe("user menu external links", () => {
  it("adds feedback, payroll and CRM when configured, before Sign Out", () => {
    const model = buildNavigation({
      permissionIds: [],
      externalLinks: {
        feedback: "https://feedback.example.com/",
        payroll: "https://payroll.example.com/login",
        crm: "https://crm.example.com",
      },
    });
    const user = model.menus.find((menu) => menu.id === "user");
    expect(user?.groups[0]?.items).toEqual([
      {
        kind: "route",
        id: "user-profile",
        routeName: "profile",
        label: "Profile",
        href: "/profile",
        newTab: false,
        comingSoon: false,
      },
      { kind: "dialog", id: "user-change-password", label: "Change Password", modal: "passwordReset" },
      { kind: "external", id: "user-feedback", label: "Employee Feedback", href: "https://feedback.example.com/" },
      { kind: "external", id: "user-payroll", label: "Payroll Login", href: "https://payroll.example.com/login" },
      { kind: "external", id: "user-crm", label: "CRM", href: "https://crm.example.com" },
      { kind: "sign-out", id: "sign-out", label: "Sign Out" },
    ]);
  });

  it("leaves out blank, malformed and non-http addresses", () => {
    const model = buildNavigation({
      permissionIds: [],
      externalLinks: { feedback: "", payroll: "javascript:alert(1)", crm: "not a url" },
    });
    expect(summarize(model).menus.user).toEqual(PLAIN_USER);
  });

  it("shows only the configured ones", () => {
    const model = buildNavigation({ permissionIds: [], externalLinks: { payroll: "http://payroll.local/" } });
    expect(summarize(model).menus.user).toEqual({ user: ["Profile", "Change Password", "Payroll Login", "Sign Out"] });
  });
});

describe("visibility follows the route guard", () => {
  const routeItemsOf = (ids: number[]) =>
    allItems(buildNavigation({ permissionIds: ids })).filter(
      (item): item is Extract<NavigationItem, { kind: "route" }> => item.kind === "route",
    );
  const NAV_ROUTES = new Set(routeItemsOf(permissionIdsNamed(["restricted"])).map((item) => item.routeName));

  for (const permission of PERMISSIONS) {
    it(`id ${permission.id} (${permission.name}) shows exactly the nav pages it may open`, () => {
      const shown = new Set(routeItemsOf([permission.id]).map((item) => item.routeName));
      for (const routeName of NAV_ROUTES) {
        const allowed =
          decideRouteAccess({ routeName, permissionIds: [permission.id], tokenExpired: false }).kind === "allow";
        expect(shown.has(routeName), routeName).toBe(allowed);
      }
    });
  }

  it("a single id never shows a page outside its row (besides forms and profile)", () => {
    for (const permission of PERMISSIONS.filter((entry) => entry.id !== 1)) {
      const unexpected = routeItemsOf([permission.id])
        .map((item) => item.routeName)
        .filter((name) => !(permission.routes as readonly string[]).includes(name))
        .filter((name) => !["orderForm", "tradeForm", "offRentForm", "profile"].includes(name));
      expect(unexpected, `id ${permission.id}`).toEqual([]);
    }
  });

  it("mayOpen answers like the guard with a valid token", () => {
    expect(mayOpen("fleetcard", { permissionIds: permissionIdsNamed(["fleetcard"]) })).toBe(true);
    expect(mayOpen("fleetcard", { permissionIds: permissionIdsNamed(["profit-loss"]) })).toBe(false);
    expect(mayOpen("orderForm", { permissionIds: [] })).toBe(true);
    expect(mayOpen("profile", { permissionIds: [] })).toBe(true);
    expect(mayOpen("owners-stats", { permissionIds: [], ownersStatsUser: true })).toBe(true);
  });

  it("unknown ids show nothing beyond the forms and the user menu", () => {
    expect(summarize(buildNavigation({ permissionIds: [0, 56, 999, -1] }))).toEqual({
      top: [],
      menus: { forms: FORMS, user: PLAIN_USER },
    });
  });
});

describe("navigationColour", () => {
  it.each([
    ["local", false, "green"],
    ["test", false, "orange"],
    ["production", false, "neutral"],
    ["local", true, "pink"],
    ["test", true, "pink"],
    ["production", true, "pink"],
  ] as const)("%s, impersonating %s → %s", (dataSource, impersonating, colour) => {
    expect(navigationColour({ dataSource, impersonating })).toBe(colour);
  });
});

describe("initials", () => {
  it("takes the first letters of first and last name", () => {
    expect(initials({ firstName: "Jane", lastName: "Doe" })).toBe("JD");
    expect(initials({ firstName: "  maría ", lastName: "ñúñez" })).toBe("MÑ");
  });

  it("says 'User' when the name is unknown", () => {
    expect(initials(null)).toBe("User");
    expect(initials(undefined)).toBe("User");
    expect(initials({ firstName: "", lastName: "  " })).toBe("User");
    expect(initials({ firstName: null, lastName: null })).toBe("User");
  });

  it("uses what is known when only one name is", () => {
    expect(initials({ firstName: "Jane", lastName: "" })).toBe("J");
    expect(initials({ firstName: "", lastName: "Doe" })).toBe("D");
  });

  it("keeps a letter outside the Basic Multilingual Plane whole", () => {
    expect(initials({ firstName: "𝒜da", lastName: "Lovelace" })).toBe("𝒜L");
  });
});

describe("smallScreenPages", () => {
  const names = (input: NavigationInput) => smallScreenPages(input).map((page) => page.label);

  it("lists every permitted page sorted by name", () => {
    expect(names({ permissionIds: permissionIdsNamed(["onboarding"]) })).toEqual([
      "Apps",
      "Documentation",
      "Home",
      "On Rent",
      "Overview",
      "Profile",
    ]);
    expect(
      smallScreenPages({ permissionIds: permissionIdsNamed(["onboarding"]) }).find(
        (page) => page.routeName === "onboarding",
      ),
    ).toEqual({
      routeName: "onboarding",
      label: "On Rent",
      href: "/onboarding",
      comingSoon: false,
    });
  });

  it("leaves out the pages of one record, which their lists link to", () => {
    const pages = smallScreenPages({ permissionIds: permissionIdsNamed(["employee-management"]) });
    expect(pages.map((page) => page.routeName)).toContain("employee-management");
    expect(pages.map((page) => page.routeName)).not.toContain("employee");
    expect(pages.filter((page) => page.href.includes(":"))).toEqual([]);
  });

  it("marks the pages that are not built yet, and only those (app/rules/access/page-modules.ts)", () => {
    const pages = smallScreenPages({ permissionIds: permissionIdsNamed(["restricted"]) });
    for (const page of pages) expect(page.comingSoon, page.routeName).toBe(!isPageBuilt(page.routeName));
    expect(pages.filter((page) => page.comingSoon).length).toBeGreaterThan(10);
    expect(pages.find((page) => page.routeName === "release-notes")?.comingSoon).toBe(true);
    const items = buildNavigation({ permissionIds: permissionIdsNamed(["restricted"]) }).menus.flatMap((menu) =>
      menu.groups.flatMap((group) => group.items),
    );
    for (const item of items)
      if (item.kind === "route") expect(item.comingSoon, item.routeName).toBe(!isPageBuilt(item.routeName));
  });

  it("is sorted for every role and matches the guard", () => {
    for (const { ids } of ROLES) {
      const labels = names({ permissionIds: ids });
      expect(labels).toEqual(labels.toSorted((left, right) => left.localeCompare(right, "en")));
      for (const page of smallScreenPages({ permissionIds: ids })) {
        expect(mayOpen(page.routeName, { permissionIds: ids }), page.routeName).toBe(true);
      }
    }
  });

  it("includes owners stats for a listed user", () => {
    expect(names({ permissionIds: [], ownersStatsUser: true })).toContain("Owners Stats");
    expect(names({ permissionIds: [] })).not.toContain("Owners Stats");
  });

  it("gives all access every non-public page", () => {
    const pages = smallScreenPages({ permissionIds: permissionIdsNamed(["restricted"]) });
    expect(pages.length).toBeGreaterThan(50);
    expect(pages.map((page) => page.routeName)).not.toContain("login" satisfies RouteName);
    expect(pages.map((page) => page.href)).toContain(routeByName("stored-variables").path);
  });
});

describe("isCurrentItem", () => {
  it("matches route items by route name only", () => {
    const model = buildNavigation({
      permissionIds: permissionIdsNamed(["restricted"]),
      externalLinks: { crm: "https://crm.example.com" },
    });
    const current = allItems(model).filter((item) => isCurrentItem(item, "onboarding"));
    expect(current.map((item) => item.id)).toEqual(["top-onboarding", "rental-onboarding"]);
    expect(allItems(model).filter((item) => isCurrentItem(item, "user-crm"))).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import {
  ROUTES,
  feedbackHiddenOn,
  isRouteName,
  navigationHiddenOn,
  routeByName,
  routeByPath,
  socketRoomForRoute,
  type RouteAccess,
  type RouteName,
} from "./routes.ts";
import { decideRouteAccess, permittedPages } from "./access.ts";
import { permissionIdsNamed } from "./permissions.ts";

// The specification's route table: [name, path, other paths, access].
const ROUTE_TABLE: [RouteName, string, string[], RouteAccess][] = [
  ["root", "/", [], "public"],
  ["login", "/employee-login", [], "public"],
  ["register", "/register", [], "permission"],
  ["passwordResetExternal", "/reset/:encryption", ["/password-reset-external"], "public"],
  ["orderForm", "/order-form", [], "public"],
  ["tradeForm", "/trade-form", [], "public"],
  ["offRentForm", "/off-rent-form", [], "public"],
  ["damageForm", "/damageform", ["/damage-form"], "public"],
  ["documentation", "/docs", [], "signed-in"],
  ["home", "/home", [], "signed-in"],
  ["notFound", "/not-found", [], "public"],
  ["days-on-rent-report", "/days-on-rent", [], "permission"],
  ["daily-counts", "/daily-counts", [], "permission"],
  // Administration pages the specification does not show.
  ["employee", "/employee-management/:userId", [], "permission"],
];

// The routes whose path is their own name.
const OWN_NAME_ROUTES: RouteName[] = [
  "home-apps",
  "profile",
  "release-notes",
  "overview",
  "onboarding",
  "offboarding",
  "transport",
  "accounts-receivable",
  "recon",
  "sales",
  "titles",
  "client-relations",
  "client-info",
  "new-company",
  "employee-management",
  "fleetcard",
  "owners-stats",
  "manheim-listings",
  "profit-loss",
  "truck-details",
  "activity-tracker",
  "page-analytics",
  "billing",
  "credit-memos",
  "cm-open-detail",
  "cm-all-detail",
  "custom-report",
  "days-in-status-report",
  "invoice-report",
  "auction-report",
  "bmr",
  "industry",
  "lot-auction-count",
  "mileage-report",
  "monthsinfleet",
  "trucks",
  "on-rent-optional-services",
  "statuscount",
  "status-diff",
  "truck-count-by-state",
  "truck-count-by-state-new",
  "unit-hub",
  "stored-variables",
  "company-report",
  "fleetpie",
  "damageInspection",
  "restricted",
  "parts",
  "vendors",
  "departments",
];

const SIGNED_IN_ROUTES: RouteName[] = ["home", "home-apps", "profile", "overview", "documentation"];
const PUBLIC_ROUTES: RouteName[] = [
  "login",
  "orderForm",
  "offRentForm",
  "tradeForm",
  "damageForm",
  "passwordResetExternal",
  "root",
  "notFound",
];

// The specification's permission table read per route: the ids (besides 1) that open each permission-gated
// route. Written as the spec's numbers on purpose: with permissions.test.ts, this table checks the
// catalogue against the spec.
const ROUTE_UNLOCKS: Record<string, number[]> = {
  register: [20],
  "days-on-rent-report": [48],
  "daily-counts": [7],
  "release-notes": [],
  onboarding: [10],
  offboarding: [14],
  transport: [11],
  "accounts-receivable": [13, 54],
  recon: [2],
  sales: [15],
  titles: [16],
  "client-relations": [12],
  "client-info": [21],
  "new-company": [22],
  "employee-management": [20],
  fleetcard: [4],
  "owners-stats": [],
  "manheim-listings": [42],
  "profit-loss": [5],
  "truck-details": [18],
  "activity-tracker": [49],
  "page-analytics": [50],
  billing: [40],
  "credit-memos": [55],
  "cm-open-detail": [27],
  "cm-all-detail": [27],
  "custom-report": [32],
  "days-in-status-report": [43],
  "invoice-report": [30],
  "auction-report": [24],
  bmr: [35],
  industry: [6],
  "lot-auction-count": [8, 51, 52],
  "mileage-report": [25],
  monthsinfleet: [7],
  trucks: [3],
  "on-rent-optional-services": [39],
  statuscount: [7],
  "status-diff": [37],
  "truck-count-by-state": [38],
  "truck-count-by-state-new": [38],
  "unit-hub": [37],
  "stored-variables": [53],
  "company-report": [21],
  fleetpie: [9],
  damageInspection: [],
  restricted: [],
  parts: [2],
  vendors: [11, 17],
  departments: [20],
  employee: [20],
};

const ALL_IDS = Array.from({ length: 55 }, (_, index) => index + 1);
const ALL_BUT_FULL_ACCESS = ALL_IDS.filter((id) => id !== 1);
const GATED_ROUTES = ROUTES.filter((route) => route.access === "permission").map((route) => route.name);

describe("the route table", () => {
  it("holds the 14 named routes and the 50 routes on their own name, nothing else", () => {
    expect(ROUTES.map((route) => route.name).toSorted()).toEqual(
      [...ROUTE_TABLE.map(([name]) => name), ...OWN_NAME_ROUTES].toSorted(),
    );
    expect(ROUTES).toHaveLength(64);
  });

  it.each(ROUTE_TABLE)("%s is at %s (also %j), %s", (name, path, aliases, access) => {
    expect(routeByName(name)).toMatchObject({ name, path, aliases, access });
  });

  it.each(OWN_NAME_ROUTES.map((name) => [name]))("%s is at the path of its own name", (name) => {
    expect(routeByName(name)).toMatchObject({ path: `/${name}`, aliases: [] });
  });

  it("opens home, home-apps, profile, overview and documentation to every signed-in user", () => {
    expect(
      ROUTES.filter((route) => route.access === "signed-in")
        .map((route) => route.name)
        .toSorted(),
    ).toEqual(SIGNED_IN_ROUTES.toSorted());
  });

  it("makes the public forms, login, reset, root and notFound public", () => {
    expect(
      ROUTES.filter((route) => route.access === "public")
        .map((route) => route.name)
        .toSorted(),
    ).toEqual(PUBLIC_ROUTES.toSorted());
  });

  it("gates register by employee-management: it is not a public form", () => {
    expect(routeByName("register").access).toBe("permission");
  });

  it("gives every route a title, none shared", () => {
    for (const route of ROUTES) expect(route.title.trim(), route.name).not.toBe("");
    expect(new Set(ROUTES.map((route) => route.title)).size).toBe(ROUTES.length);
  });

  it("has no two routes on the same path", () => {
    const paths = ROUTES.flatMap((route) => [route.path, ...route.aliases].map((path) => path.toLowerCase()));
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("recognises route names exactly", () => {
    expect(isRouteName("accounts-receivable")).toBe(true);
    expect(isRouteName("damageInspection")).toBe(true);
    expect(isRouteName("ar")).toBe(false);
    expect(isRouteName("days-on-rent")).toBe(false);
    expect(isRouteName(undefined)).toBe(false);
    expect(routeByName("ar")).toBeUndefined();
  });
});

describe("routeByPath", () => {
  it.each(ROUTES.filter((route) => !route.path.includes(":")).map((route) => [route.path, route.name]))(
    "%s is the %s page",
    (path, name) => {
      expect(routeByPath(path)).toEqual({ route: routeByName(name), params: {} });
    },
  );

  it("finds pages by their other paths", () => {
    expect(routeByPath("/password-reset-external").route.name).toBe("passwordResetExternal");
    expect(routeByPath("/damage-form").route.name).toBe("damageForm");
  });

  it("finds a page by a percent-encoded spelling of its path, as the router does", () => {
    expect(routeByPath("/%6Frder-form").route.name).toBe("orderForm");
    expect(routeByPath("/Off-R%65nt-Form").route.name).toBe("offRentForm");
  });

  it("reads the encryption of a reset link, decoded", () => {
    expect(routeByPath("/reset/abc%2Fdef%3D%3D")).toEqual({
      route: routeByName("passwordResetExternal"),
      params: { encryption: "abc/def==" },
    });
  });

  it("keeps a malformed escape as typed", () => {
    expect(routeByPath("/reset/abc%zz").params).toEqual({ encryption: "abc%zz" });
  });

  it("needs the encryption segment of a reset link", () => {
    expect(routeByPath("/reset").route.name).toBe("notFound");
    expect(routeByPath("/reset/a/b").route.name).toBe("notFound");
  });

  it("maps the days-on-rent path to the days-on-rent-report route", () => {
    expect(routeByPath("/days-on-rent").route.name).toBe("days-on-rent-report");
    expect(routeByPath("/days-on-rent-report").route.name).toBe("notFound");
  });

  it("treats any unknown path as notFound", () => {
    expect(routeByPath("/nowhere").route.name).toBe("notFound");
    expect(routeByPath("/onboarding/extra").route.name).toBe("notFound");
    expect(routeByPath("/ar").route.name).toBe("notFound");
  });

  it("ignores a trailing slash, the query and the hash, and letter case", () => {
    expect(routeByPath("/onboarding/").route.name).toBe("onboarding");
    expect(routeByPath("/transport?filter=AB123456").route.name).toBe("transport");
    expect(routeByPath("/unit-hub#history").route.name).toBe("unit-hub");
    expect(routeByPath("/DamageForm").route.name).toBe("damageForm");
    expect(routeByPath("/damageinspection").route.name).toBe("damageInspection");
  });

  it("reads an empty path as the root", () => {
    expect(routeByPath("").route.name).toBe("root");
  });
});

describe("decideRouteAccess (route guard)", () => {
  const allow = { kind: "allow" };
  const notFound = { kind: "not-found" };

  it.each(PUBLIC_ROUTES.map((name) => [name]))("%s is allowed with no token, an expired one or any", (name) => {
    expect(decideRouteAccess({ routeName: name, permissionIds: null, tokenExpired: false })).toEqual(allow);
    expect(decideRouteAccess({ routeName: name, permissionIds: null, tokenExpired: true })).toEqual(allow);
    expect(
      decideRouteAccess({ routeName: name, permissionIds: permissionIdsNamed(["onboarding"]), tokenExpired: true }),
    ).toEqual(allow);
    expect(decideRouteAccess({ routeName: name, permissionIds: [], tokenExpired: false })).toEqual(allow);
  });

  it.each([...SIGNED_IN_ROUTES, ...GATED_ROUTES].map((name) => [name]))(
    "without a token, %s sends the user to the root",
    (name) => {
      expect(decideRouteAccess({ routeName: name, permissionIds: null, tokenExpired: false })).toEqual({
        kind: "redirect-root",
      });
      expect(decideRouteAccess({ routeName: name, permissionIds: null, tokenExpired: true })).toEqual({
        kind: "redirect-root",
      });
    },
  );

  it.each([...SIGNED_IN_ROUTES, ...GATED_ROUTES].map((name) => [name]))(
    "with an expired token, %s opens the re-login modal even for all access",
    (name) => {
      expect(
        decideRouteAccess({ routeName: name, permissionIds: permissionIdsNamed(["restricted"]), tokenExpired: true }),
      ).toEqual({
        kind: "relogin",
      });
      expect(decideRouteAccess({ routeName: name, permissionIds: [], tokenExpired: true })).toEqual({
        kind: "relogin",
      });
    },
  );

  it.each(SIGNED_IN_ROUTES.map((name) => [name]))("%s passes any valid token, even one without permissions", (name) => {
    expect(decideRouteAccess({ routeName: name, permissionIds: [], tokenExpired: false })).toEqual(allow);
    expect(
      decideRouteAccess({ routeName: name, permissionIds: permissionIdsNamed(["ar-read-only"]), tokenExpired: false }),
    ).toEqual(allow);
  });

  it.each(GATED_ROUTES.map((name) => [name]))("all access passes the gated route %s", (name) => {
    expect(
      decideRouteAccess({ routeName: name, permissionIds: permissionIdsNamed(["restricted"]), tokenExpired: false }),
    ).toEqual(allow);
  });

  it.each(GATED_ROUTES.map((name) => [name]))("a valid token without permissions cannot enter %s", (name) => {
    expect(decideRouteAccess({ routeName: name, permissionIds: [], tokenExpired: false })).toEqual(notFound);
  });

  it("covers every gated route in the expected unlocks", () => {
    expect(Object.keys(ROUTE_UNLOCKS).toSorted()).toEqual(GATED_ROUTES.toSorted());
  });

  it.each(Object.entries(ROUTE_UNLOCKS))("%s opens to exactly ids %j among 2..55", (name, unlockingIds) => {
    for (const id of ALL_BUT_FULL_ACCESS) {
      const decision = decideRouteAccess({ routeName: name as RouteName, permissionIds: [id], tokenExpired: false });
      expect(decision, `id ${id}`).toEqual(unlockingIds.includes(id) ? allow : notFound);
    }
  });

  it("a token without accounts-receivable or ar-read-only cannot enter accounts-receivable", () => {
    const accountsReceivable: readonly number[] = permissionIdsNamed(["accounts-receivable", "ar-read-only"]);
    const others = ALL_BUT_FULL_ACCESS.filter((id) => !accountsReceivable.includes(id));
    expect(decideRouteAccess({ routeName: "accounts-receivable", permissionIds: others, tokenExpired: false })).toEqual(
      notFound,
    );
    expect(
      decideRouteAccess({
        routeName: "accounts-receivable",
        permissionIds: permissionIdsNamed(["ar-read-only"]),
        tokenExpired: false,
      }),
    ).toEqual(allow);
  });

  it("every id but 1 still cannot enter restricted, release-notes, damageInspection or owners-stats", () => {
    for (const name of ["restricted", "release-notes", "damageInspection", "owners-stats"] as const) {
      expect(decideRouteAccess({ routeName: name, permissionIds: ALL_BUT_FULL_ACCESS, tokenExpired: false })).toEqual(
        notFound,
      );
    }
  });

  it("passes when any one of several held ids unlocks the route", () => {
    expect(
      decideRouteAccess({
        routeName: "transport",
        permissionIds: permissionIdsNamed(["onboarding", "offboarding", "transport"]),
        tokenExpired: false,
      }),
    ).toEqual(allow);
  });

  it("ignores unknown ids", () => {
    expect(decideRouteAccess({ routeName: "transport", permissionIds: [0, 56, 999], tokenExpired: false })).toEqual(
      notFound,
    );
  });

  it("opens owners-stats to a user listed in 'Owners Stats Permissions'", () => {
    expect(
      decideRouteAccess({ routeName: "owners-stats", permissionIds: [], tokenExpired: false, ownersStatsUser: true }),
    ).toEqual(allow);
    expect(
      decideRouteAccess({ routeName: "owners-stats", permissionIds: [], tokenExpired: false, ownersStatsUser: false }),
    ).toEqual(notFound);
  });

  it("opens no other route for being listed in 'Owners Stats Permissions'", () => {
    expect(
      decideRouteAccess({ routeName: "fleetcard", permissionIds: [], tokenExpired: false, ownersStatsUser: true }),
    ).toEqual(notFound);
  });

  it("does not let the owners-stats listing bypass an expired or missing token", () => {
    expect(
      decideRouteAccess({ routeName: "owners-stats", permissionIds: [], tokenExpired: true, ownersStatsUser: true }),
    ).toEqual({ kind: "relogin" });
    expect(
      decideRouteAccess({ routeName: "owners-stats", permissionIds: null, tokenExpired: false, ownersStatsUser: true }),
    ).toEqual({ kind: "redirect-root" });
  });
});

describe("permittedPages (small-screen menu)", () => {
  it("lists the signed-in pages to a token without permissions, sorted by title", () => {
    expect(permittedPages([]).map((route) => route.title)).toEqual([
      "Apps",
      "Documentation",
      "Home",
      "Overview",
      "Profile",
    ]);
  });

  it("adds the pages the held ids unlock", () => {
    expect(
      permittedPages(permissionIdsNamed(["accounts-receivable", "onboarding"])).map((route) => route.name),
    ).toEqual(["accounts-receivable", "home-apps", "documentation", "home", "onboarding", "overview", "profile"]);
  });

  it("lists every non-public page to all access and never a public one", () => {
    const names = permittedPages(permissionIdsNamed(["restricted"])).map((route) => route.name);
    // Less the pages of one record (the employee's), reached from their lists.
    const recordPages = ROUTES.filter((route) => route.path.includes(":") && route.access !== "public");
    expect(recordPages.map((route) => route.name)).toEqual(["employee"]);
    expect(names).toHaveLength(ROUTES.length - PUBLIC_ROUTES.length - recordPages.length);
    for (const name of PUBLIC_ROUTES) expect(names).not.toContain(name);
  });

  it("adds owners-stats for a listed user", () => {
    expect(permittedPages([], { ownersStatsUser: true }).map((route) => route.name)).toContain("owners-stats");
    expect(permittedPages([]).map((route) => route.name)).not.toContain("owners-stats");
  });
});

describe("socketRoomForRoute", () => {
  it("names the accounts-receivable room 'ar'", () => {
    expect(socketRoomForRoute("accounts-receivable")).toBe("ar");
  });

  it.each(ROUTES.filter((route) => route.name !== "accounts-receivable").map((route) => [route.name]))(
    "keeps the route name %s as the room",
    (name) => {
      expect(socketRoomForRoute(name)).toBe(name);
    },
  );
});

describe("navigationHiddenOn (navigation bar)", () => {
  const hidden = new Set<RouteName>([
    "orderForm",
    "tradeForm",
    "offRentForm",
    "damageForm",
    "login",
    "register",
    "passwordResetExternal",
    "documentation",
    "notFound",
  ]);

  const cases = ROUTES.map((route) => [route.name, hidden.has(route.name)] as const);
  it.each(cases)("on %s, hidden is %s", (name, expected) => {
    expect(navigationHiddenOn(name)).toBe(expected);
  });
});

describe("feedbackHiddenOn (feedback widget)", () => {
  const hidden = new Set<RouteName>([
    "orderForm",
    "offRentForm",
    "login",
    "damageForm",
    "register",
    "passwordResetExternal",
    "documentation",
    "tradeForm",
  ]);

  const cases = ROUTES.map((route) => [route.name, hidden.has(route.name)] as const);
  it.each(cases)("on %s, hidden is %s", (name, expected) => {
    expect(feedbackHiddenOn(name)).toBe(expected);
  });

  it("stays on notFound, where the navigation bar is hidden", () => {
    expect(feedbackHiddenOn("notFound")).toBe(false);
    expect(navigationHiddenOn("notFound")).toBe(true);
  });
});

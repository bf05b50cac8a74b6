import { describe, expect, it } from "vitest";
import {
  ROUTES,
  feedbackHiddenOn,
  isRouteName,
  navigationHiddenOn,
  routeByName,
  routeByPath,
  socketRoomForRoute,
  type RouteName,
} from "./routes.ts";
import { decideRouteAccess, permittedPages } from "./access.ts";
import { permissionById, permissionIdsNamed } from "./permissions.ts";

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

const ALL_IDS = Array.from({ length: 55 }, (_, index) => index + 1);
const ALL_BUT_FULL_ACCESS = ALL_IDS.filter((id) => id !== 1);
const GATED_ROUTES = ROUTES.filter((route) => route.access === "permission").map((route) => route.name);

describe("the route table", () => {
  it("holds the specification's 64 routes", () => {
    expect(ROUTES).toHaveLength(64);
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

  it("finds every route at each of its paths, parameters filled in", () => {
    for (const route of ROUTES) {
      for (const path of [route.path, ...route.aliases]) {
        expect(routeByPath(path.replace(/:[A-Za-z]+/g, "x")).route.name, path).toBe(route.name);
      }
    }
  });

  it("reads the employee page's user id", () => {
    expect(routeByPath("/employee-management/42")).toEqual({
      route: routeByName("employee"),
      params: { userId: "42" },
    });
  });

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

  it("opens each gated route to exactly the ids whose permission names it", () => {
    for (const name of GATED_ROUTES) {
      for (const id of ALL_BUT_FULL_ACCESS) {
        const decision = decideRouteAccess({ routeName: name, permissionIds: [id], tokenExpired: false });
        const opens = permissionById(id)?.routes.includes(name) ?? false;
        expect(decision, `${name}, id ${id}`).toEqual(opens ? allow : notFound);
      }
    }
  });

  it("opens a board to its own team, and a page several permissions name to each of them", () => {
    const opensTo = (name: RouteName) =>
      ALL_BUT_FULL_ACCESS.filter(
        (id) => decideRouteAccess({ routeName: name, permissionIds: [id], tokenExpired: false }).kind === "allow",
      );
    expect(opensTo("onboarding")).toEqual(permissionIdsNamed(["onboarding"]));
    expect(opensTo("accounts-receivable")).toEqual(permissionIdsNamed(["accounts-receivable", "ar-read-only"]));
    expect(opensTo("lot-auction-count")).toEqual(
      permissionIdsNamed(["lot-and-auction", "new-trade-counts", "new-only-counts"]),
    );
    expect(opensTo("vendors")).toEqual(permissionIdsNamed(["transport", "transport-edit"]));
    expect(opensTo("employee")).toEqual(permissionIdsNamed(["employee-management"]));
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

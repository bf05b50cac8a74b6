// The authorisation matrix: every page of the route table, every endpoint of the API's
// catalogue and every socket room of the boards' registry, tried anonymously and as each demo account on
// the real server with the demo data, against what the permission catalogue says that account may do.
// The lists come from the registries, so a new page, endpoint or room is in the matrix without editing
// this file; an endpoint must also be given its rule below (the test fails for one without a rule, or a
// rule without an endpoint), because an endpoint's declaration says who may call it in words only.
// Object-level checks (another account's password, another author's note, an order by id without its
// board) follow the table. The whole table is printed.
import { io as connectClient, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/modules/identity/session-cookie.server.ts";
import { signSessionToken } from "~/modules/identity/session-token.server.ts";
import { holdsAllAccess, holdsPermission, type PermissionName, unlocksRoute } from "~/rules/access/permissions.ts";
import { ROUTES, type RouteName } from "~/rules/access/routes.ts";
import { BOARD_ROOMS, LIST_ROUTE } from "~/rules/boards/boards.ts";
import { apiEndpoints } from "../../../server/api/catalogue.ts";
import type { ApiEndpoint } from "../../../server/api/endpoint.ts";
import { DEMO_ACCOUNTS } from "../../../scripts/seed/accounts.ts";
import { seedDemoData } from "../../../scripts/seed/index.ts";
import { createTestPrisma, testDatabaseUrl } from "../../support/database.ts";
import { startTestServer, type RunningServer } from "../../support/test-server.ts";

const db = createTestPrisma();
let server: RunningServer;

interface Role {
  name: string;
  userId: number | null;
  permissions: number[];
}
const ANONYMOUS: Role = { name: "anonymous", userId: null, permissions: [] };
let roles: Role[] = [];
/** The user ids each software variable lists ('Employee Management Permissions', …). */
const listedIn = new Map<string, Set<number>>();
/** The user ids listed in 'Owners Stats Permissions' (they open /owners-stats without its permission). */
let ownersStatsUsers = new Set<number>();
/** An account no role is: the target of the endpoints that name an account in their path. */
let otherUserId = 0;

// ───────────────────────────── What the catalogue says ─────────────────────────────

type Rule =
  | { kind: "public" }
  | { kind: "signed-in" }
  /** Any of these permissions (all access holds every permission). */
  | { kind: "permission"; anyOf: readonly PermissionName[] }
  /** Whoever may open any of these pages (the route table's permissions). */
  | { kind: "page"; anyOf: readonly RouteName[] }
  | { kind: "all-access" }
  /** The permission with the user's id listed in the software variable, or all access. */
  | { kind: "listed"; permission: PermissionName; variable: string }
  /** The path names another account: refused for every role (object-level). */
  | { kind: "own-account-only" }
  /** A reader of any board's notes, unless ar-read-only is all that opens one. */
  | { kind: "note-reader-not-read-only" };

const NOTE_BOARDS: readonly RouteName[] = [
  "onboarding",
  "offboarding",
  "transport",
  "accounts-receivable",
  "client-relations",
  "recon",
  "sales",
  "titles",
];
const MEMO_CREATORS: Rule = {
  kind: "permission",
  anyOf: ["accounts-receivable", "credit-memos", "credit-memo-approve", "credit-memo-edit-void"],
};
const EMPLOYEE_MANAGER: Rule = {
  kind: "listed",
  permission: "employee-management",
  variable: "Employee Management Permissions",
};
const DAMAGE_INSPECTORS: Rule = { kind: "page", anyOf: ["damageInspection"] };
const UNIT_SEARCHERS: Rule = {
  kind: "page",
  anyOf: ["transport", "accounts-receivable", "recon", "sales", "titles", "unit-hub"],
};
const ON_RENT_READERS: Rule = { kind: "permission", anyOf: ["onboarding", "transport", "transport-edit"] };
const OFF_RENT_READERS: Rule = { kind: "permission", anyOf: ["offboarding", "transport"] };

/** Who may call each endpoint, from its declaration's `permission` words (server/api/*.ts). */
const API_RULES: Record<string, Rule> = {
  "GET /healthz": { kind: "public" },
  "POST /users/login": { kind: "public" },
  "POST /users/logout": { kind: "public" },
  "PUT /users/changePassword/{userId}": { kind: "own-account-only" },
  "POST /users/password/request": { kind: "public" },
  "PUT /users/theme": { kind: "signed-in" },
  "POST /users/register": { kind: "permission", anyOf: ["employee-management"] },
  "POST /users/impersonate/stop": { kind: "signed-in" },
  "POST /users/impersonate/{userId}": { kind: "all-access" },
  "GET /users/info": { kind: "signed-in" },
  "GET /auth/microsoft": { kind: "public" },
  "GET /auth/microsoft/callback": { kind: "public" },
  "POST /api/track": { kind: "signed-in" },
  "POST /feedback": { kind: "signed-in" },
  "GET /api/variables/get-variables": { kind: "signed-in" },
  "GET /getDataSource": { kind: "signed-in" },
  "GET /api/cards/{list}": { kind: "page", anyOf: ["onboarding"] },
  "PUT /api/queue/approve": { kind: "permission", anyOf: ["onboarding"] },
  "PUT /api/queue/assign-carrier": { kind: "permission", anyOf: ["transport"] },
  "PUT /api/queue/complete-transport": { kind: "permission", anyOf: ["transport"] },
  // Whose queue the unit is in decides; a session that works no department's statuses is refused first.
  "PUT /api/queue/unit-status": {
    kind: "permission",
    anyOf: [
      "onboarding",
      "offboarding",
      "transport",
      "transport-edit",
      "recon",
      "sales",
      "titles",
      "accounts-receivable",
    ],
  },
  "POST /api/orders/note/new": { kind: "page", anyOf: ["onboarding"] },
  // Its author or all access; whoever reads notes reaches the note (404 for one that does not exist), but
  // never a read-only reader.
  "PUT /api/orders/note/cancel": { kind: "note-reader-not-read-only" },
  "GET /api/orders/{form}/notes/{unit}": { kind: "page", anyOf: NOTE_BOARDS },
  "GET /api/all-unit-notes/{unit}": { kind: "page", anyOf: NOTE_BOARDS },
  // The request's kind decides; whoever may cancel from either board reaches the request.
  "PUT /api/order/cancel": { kind: "page", anyOf: ["onboarding", "offboarding"] },
  "PUT /api/order/set-priority": { kind: "permission", anyOf: ["onboarding", "offboarding", "transport"] },
  "PUT /api/order/remove-priority": { kind: "permission", anyOf: ["onboarding", "offboarding", "transport"] },
  "PUT /api/order/remove-prepay": { kind: "permission", anyOf: ["onboarding"] },
  "PUT /api/order/edit": { kind: "permission", anyOf: ["onboarding", "transport-edit"] },
  "GET /api/orders/{FormHistoryID}": ON_RENT_READERS,
  "PUT /api/off-rent/edit": { kind: "permission", anyOf: ["offboarding"] },
  "GET /api/off-rents/{FormHistoryID}": OFF_RENT_READERS,
  "POST /api/truck/vin-test": { kind: "permission", anyOf: ["offboarding", "onboarding", "transport-edit"] },
  "PUT /api/trade/on/edit": { kind: "permission", anyOf: ["onboarding", "transport-edit"] },
  "GET /api/trades/{FormHistoryID}/on": ON_RENT_READERS,
  "PUT /api/trade/off/edit": { kind: "permission", anyOf: ["offboarding"] },
  "GET /api/trades/{FormHistoryID}/off": OFF_RENT_READERS,
  "GET /api/trade-form/completed-truck-list/{TradeFormID}": {
    kind: "permission",
    anyOf: ["offboarding", "onboarding", "transport", "transport-edit"],
  },
  "POST /api/create-vendor": { kind: "permission", anyOf: ["transport-edit"] },
  "PUT /api/edit-vendor": { kind: "permission", anyOf: ["transport-edit"] },
  "GET /api/vendors/name-check": { kind: "permission", anyOf: ["transport", "transport-edit"] },
  "GET /api/vendors": { kind: "permission", anyOf: ["transport", "transport-edit"] },
  "GET /api/vendors/{VendorID}": { kind: "permission", anyOf: ["transport", "transport-edit"] },
  "POST /api/trade/on/convert": { kind: "permission", anyOf: ["onboarding"] },
  "POST /api/trade/off/convert": { kind: "permission", anyOf: ["offboarding"] },
  "GET /api/employees/{userId}/access": { kind: "permission", anyOf: ["employee-management"] },
  "PUT /api/employees/{userId}/access": EMPLOYEE_MANAGER,
  "PUT /api/employees/{userId}/active": EMPLOYEE_MANAGER,
  "POST /api/employees/{userId}/password-reset": { kind: "permission", anyOf: ["employee-management"] },
  "POST /api/create-department": { kind: "permission", anyOf: ["employee-management"] },
  "PUT /api/edit-department": { kind: "permission", anyOf: ["employee-management"] },
  "POST /api/credit-memo/create-new": MEMO_CREATORS,
  "GET /api/credit-memo/check-invoice-claim/{invoiceClaim}": MEMO_CREATORS,
  "POST /api/credit-memo/{creditMemoId}/approve": { kind: "permission", anyOf: ["credit-memo-approve"] },
  "POST /api/credit-memo/{creditMemoId}/void": { kind: "permission", anyOf: ["credit-memo-edit-void"] },
  "GET /api/credit-memo/find-company-credits/{companyCode}": MEMO_CREATORS,
  "POST /api/credit-memo/apply-new": MEMO_CREATORS,
  "PUT /api/credit-memo/edit-memo": { kind: "permission", anyOf: ["credit-memo-edit-void"] },
  "GET /api/credit-memo/{creditMemoId}": MEMO_CREATORS,
  "PUT /api/credit-memo/edit-applied-memo": { kind: "permission", anyOf: ["credit-memo-edit-void"] },
  "GET /api/credit-memo/{creditMemoId}/applied": MEMO_CREATORS,
  "POST /api/listings/import": { kind: "permission", anyOf: ["manheim-listings"] },
  "GET /api/listing-photos/{name}": { kind: "permission", anyOf: ["manheim-listings"] },
  "GET /api/getStatusDetails/{status}/{item}/{availability}/{model}": { kind: "page", anyOf: ["statuscount"] },
  "POST /api/setRentalUse": {
    kind: "listed",
    permission: "set-rental-use",
    variable: "Rental Use Override Permissions",
  },
  "GET /api/departmentSearch/{unit}": UNIT_SEARCHERS,
  "GET /api/unitHistorySearch/{unit}": UNIT_SEARCHERS,
  "GET /api/damage-reports": DAMAGE_INSPECTORS,
  "GET /api/damage-reports/{reportId}": DAMAGE_INSPECTORS,
  "GET /api/damage-reports/{reportId}/photos/{photoId}/{size}": DAMAGE_INSPECTORS,
  "POST /api/damage-reports/{reportId}/review": DAMAGE_INSPECTORS,
  "POST /api/damage-reports/{reportId}/dismiss": DAMAGE_INSPECTORS,
  "POST /api/damage-reports/{reportId}/claim": DAMAGE_INSPECTORS,
  "GET /api/getOrderReservations/{FormHistoryID}": { kind: "permission", anyOf: ["onboarding"] },
  "GET /api/getTradeReservations/{FormHistoryID}": { kind: "permission", anyOf: ["onboarding"] },
  "PUT /api/split-order": { kind: "permission", anyOf: ["onboarding"] },
  "PUT /api/split-trade": { kind: "permission", anyOf: ["onboarding"] },
  "PUT /api/split-off-rent": { kind: "permission", anyOf: ["offboarding"] },
  "GET /api/openapi.json": { kind: "signed-in" },
  "GET /api/docs": { kind: "signed-in" },
  "GET /api/docs/{file}": { kind: "signed-in" },
};

/**
 * Bodies that keep a grant-limited call within what its caller may grant: the matrix asks
 * who may call the endpoint, not who may grant which permission (their own tests do that).
 */
const API_BODIES: Record<string, () => unknown> = {
  "POST /users/register": () => ({
    firstName: "Matrix",
    lastName: "Recruit",
    email: `matrix.${Math.random().toString(36).slice(2)}@fleetops.test`,
    departmentId: grantableDepartmentId,
    password: "a long first password",
  }),
  "POST /api/create-department": () => ({
    Name: `Matrix ${Math.random().toString(36).slice(2, 8)}`,
    Permissions: grantablePermissionIds,
  }),
};
let grantableDepartmentId = 0;
let grantablePermissionIds: number[] = [];

/** Path parameters the matrix fills in (the rest are 1): a list every board reader knows, another account. */
function concreteApiPath(endpoint: ApiEndpoint): string {
  return endpoint.path.replace(/\{(\w+)\}/g, (_all, name: string) => {
    if (name === "list") return "onboarding";
    if (name === "userId") return String(otherUserId);
    if (name === "file") return "openapi.json";
    return "1";
  });
}

/** Whether the route table opens the page to the role: its access, its permissions, the owners' stats list. */
function pageOpensTo(routeName: RouteName, role: Role): boolean {
  const route = ROUTES.find((candidate) => candidate.name === routeName)!;
  if (route.access === "public") return true;
  if (role.userId === null) return false;
  if (route.access === "signed-in") return true;
  return (
    unlocksRoute(role.permissions, routeName) || (routeName === "owners-stats" && ownersStatsUsers.has(role.userId))
  );
}

function allowedBy(rule: Rule, role: Role): boolean {
  if (rule.kind === "public") return true;
  if (role.userId === null) return false;
  switch (rule.kind) {
    case "signed-in":
      return true;
    case "permission":
      return holdsAllAccess(role.permissions) || rule.anyOf.some((name) => holdsPermission(role.permissions, name));
    case "page":
      return rule.anyOf.some((route) => pageOpensTo(route, role));
    case "all-access":
      return holdsAllAccess(role.permissions);
    case "listed":
      return (
        holdsAllAccess(role.permissions) ||
        (holdsPermission(role.permissions, rule.permission) && (listedIn.get(rule.variable)?.has(role.userId) ?? false))
      );
    case "own-account-only":
      return false;
    case "note-reader-not-read-only":
      return (
        holdsAllAccess(role.permissions) ||
        (NOTE_BOARDS.some((route) => pageOpensTo(route, role)) && !holdsPermission(role.permissions, "ar-read-only"))
      );
  }
}

// ───────────────────────────── Asking the server ─────────────────────────────

/** A fresh token per request: one that signs out or is revoked spoils nothing else. */
function tokenOf(role: Role): string | null {
  if (role.userId === null) return null;
  return signSessionToken(server.services.config, { userId: role.userId, permissions: role.permissions });
}

type Verdict = "allowed" | "refused";

async function pageVerdict(path: string, role: Role): Promise<Verdict> {
  const token = tokenOf(role);
  const response = await fetch(`${server.url}${path}`, {
    redirect: "manual",
    headers: token ? { Cookie: `${SESSION_COOKIE}=${encodeURIComponent(token)}` } : {},
  });
  await response.arrayBuffer();
  const location = response.headers.get("location") ?? "";
  if (response.status === 200) return "allowed";
  if (response.status >= 300 && response.status < 400 && (location === "/" || location.startsWith("/not-found"))) {
    return "refused";
  }
  throw new Error(`${path} as ${role.name}: unexpected ${response.status} ${location}`);
}

async function apiVerdict(endpoint: ApiEndpoint, role: Role): Promise<{ verdict: Verdict; status: number }> {
  const token = tokenOf(role);
  const method = endpoint.method.toUpperCase();
  const response = await fetch(`${server.url}${concreteApiPath(endpoint)}`, {
    method,
    redirect: "manual",
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(method === "GET" ? {} : { "Content-Type": "application/json", Origin: server.url }),
    },
    body:
      method === "GET"
        ? undefined
        : JSON.stringify(API_BODIES[`${method} ${endpoint.path}`]?.() ?? endpoint.body?.example ?? {}),
  });
  await response.arrayBuffer();
  expect(response.status, `${method} ${endpoint.path} as ${role.name}`).toBeLessThan(500);
  // A public endpoint's 401 is a wrong password, not a refusal to let the caller ask.
  const denied = API_RULES[`${method} ${endpoint.path}`]?.kind === "public" ? [403] : [401, 403];
  // The reference page sends a browser without a session to the sign-in page.
  const toSignIn = /^\/(employee-login)?(\?|$)/.test(response.headers.get("location") ?? "x");
  const refused = denied.includes(response.status) || toSignIn;
  return { verdict: refused ? "refused" : "allowed", status: response.status };
}

async function roomVerdict(room: string, role: Role): Promise<Verdict> {
  const token = tokenOf(role);
  const socket: Socket = connectClient(server.url, {
    transports: ["websocket"],
    forceNew: true,
    reconnection: false,
    auth: token ? { token } : {},
    extraHeaders: { Origin: server.url },
  });
  try {
    const connected = await new Promise<boolean>((resolve) => {
      socket.once("connect", () => resolve(true));
      socket.once("connect_error", () => resolve(false));
    });
    if (!connected) return "refused";
    const ack = await socket.timeout(5_000).emitWithAck("joinRoom", { roomName: room, token });
    return (ack as { ok?: boolean }).ok === true ? "allowed" : "refused";
  } catch {
    return "refused";
  } finally {
    socket.disconnect();
  }
}

// ───────────────────────────── The matrix ─────────────────────────────

const rows: { kind: string; name: string; cells: string[] }[] = [];
const mismatches: string[] = [];

function record(kind: string, name: string, expected: boolean[], actual: Verdict[], notes: string[] = []): void {
  rows.push({
    kind,
    name,
    cells: actual.map((verdict, index) => {
      const ok = (verdict === "allowed") === expected[index];
      if (!ok) {
        mismatches.push(
          `${kind} ${name} as ${[ANONYMOUS, ...roles][index]!.name}: ${verdict}, the catalogue says ${expected[index] ? "allowed" : "refused"}${notes[index] ? ` (${notes[index]})` : ""}`,
        );
      }
      return `${verdict === "allowed" ? "✓" : "·"}${ok ? "" : "!"}`;
    }),
  });
}

beforeAll(async () => {
  await seedDemoData(testDatabaseUrl(), { scale: "demo" });
  server = await startTestServer({ JWT_SECRET: "m".repeat(32) });
  const users = await db.user.findMany({
    where: { email: { in: DEMO_ACCOUNTS.map((account) => account.email) } },
    select: { id: true, email: true },
  });
  const idOf = new Map(users.map((user) => [user.email, user.id]));
  roles = DEMO_ACCOUNTS.map((account) => ({
    name: account.department ?? "no department",
    userId: idOf.get(account.email)!,
    permissions: [...account.permissionIds],
  }));
  const listed = async (name: string) => {
    const variable = await db.softwareVariable.findFirstOrThrow({ where: { name } });
    return new Set(variable.value.split(",").map((id) => Number(id.trim())));
  };
  for (const name of ["Employee Management Permissions", "Rental Use Override Permissions"]) {
    listedIn.set(name, await listed(name));
  }
  ownersStatsUsers = await listed("Owners Stats Permissions");
  const other = await db.user.create({
    data: { email: "matrix.other@fleetops.test", firstName: "Other", lastName: "Account", active: true },
  });
  otherUserId = other.id;
  // The demo's newest department holds only what the executive (an employee manager) holds too.
  const yardCrew = await db.department.findFirstOrThrow({
    where: { name: "Yard Crew" },
    include: { permissions: true },
  });
  grantableDepartmentId = yardCrew.id;
  grantablePermissionIds = yardCrew.permissions.map((grant) => grant.permissionId);
}, 180_000);

afterAll(async () => {
  const header = ["", ...[ANONYMOUS, ...roles].map((role, index) => `${index}`)];
  const legend = [ANONYMOUS, ...roles].map((role, index) => `${index} = ${role.name}`).join(", ");
  const width = Math.max(...rows.map((row) => row.kind.length + row.name.length + 1));
  const lines = rows.map(
    (row) => `${`${row.kind} ${row.name}`.padEnd(width)}  ${row.cells.map((cell) => cell.padEnd(3)).join("")}`,
  );
  process.stdout.write(
    `\nauthorisation matrix (✓ allowed, · refused, ! differs from the catalogue): ${legend}\n` +
      `${"".padEnd(width)}  ${header
        .slice(1)
        .map((cell) => cell.padEnd(3))
        .join("")}\n${lines.join("\n")}\n`,
  );
  await server?.close();
});

describe("the authorisation matrix", () => {
  it("gives every endpoint of the catalogue a rule, and no rule to an endpoint that does not exist", () => {
    const declared = apiEndpoints().map((endpoint) => `${endpoint.method.toUpperCase()} ${endpoint.path}`);
    expect(
      declared.filter((key) => !(key in API_RULES)),
      "endpoints without a rule",
    ).toEqual([]);
    expect(
      Object.keys(API_RULES).filter((key) => !declared.includes(key)),
      "rules without an endpoint",
    ).toEqual([]);
  });

  it("opens every page exactly to the roles the route table names", async () => {
    for (const route of ROUTES) {
      if (route.path.includes(":") || route.name === "root" || route.name === "notFound") continue;
      const everyone = [ANONYMOUS, ...roles];
      const expected = everyone.map((role) => pageOpensTo(route.name, role));
      const actual: Verdict[] = [];
      for (const role of everyone) actual.push(await pageVerdict(route.path, role));
      record("page", route.path, expected, actual);
    }
    expect(mismatches.filter((line) => line.startsWith("page"))).toEqual([]);
  }, 300_000);

  it("answers every endpoint exactly as the permission catalogue says, anonymous callers with 401", async () => {
    for (const endpoint of apiEndpoints()) {
      const key = `${endpoint.method.toUpperCase()} ${endpoint.path}`;
      const rule = API_RULES[key];
      if (!rule) continue;
      const everyone = [ANONYMOUS, ...roles];
      const actual: Verdict[] = [];
      const notes: string[] = [];
      for (const role of everyone) {
        const { verdict, status } = await apiVerdict(endpoint, role);
        actual.push(verdict);
        notes.push(String(status));
        // A page of the API (the reference) sends a browser to sign in; every other answer is a 401.
        const page = endpoint.responses[200]?.contentType?.startsWith("text/html") === true;
        if (role === ANONYMOUS && rule.kind !== "public") expect(status, `${key} anonymously`).toBe(page ? 303 : 401);
      }
      record(
        "api",
        key,
        everyone.map((role) => allowedBy(rule, role)),
        actual,
        notes,
      );
    }
    expect(mismatches.filter((line) => line.startsWith("api"))).toEqual([]);
  }, 300_000);

  it("lets a socket join exactly the board rooms whose page its session opens", async () => {
    for (const [room, lists] of Object.entries(BOARD_ROOMS)) {
      const everyone = [ANONYMOUS, ...roles];
      const expected = everyone.map(
        (role) => role.userId !== null && lists.every((list) => pageOpensTo(LIST_ROUTE[list], role)),
      );
      const actual: Verdict[] = [];
      for (const role of everyone) actual.push(await roomVerdict(room, role));
      record("room", room, expected, actual);
    }
    expect(mismatches.filter((line) => line.startsWith("room"))).toEqual([]);
  }, 300_000);
});

describe("object-level checks: a record reached by id is checked against who asks", () => {
  const roleNamed = (name: string) => roles.find((role) => role.name === name)!;
  const call = async (role: Role, method: "GET" | "PUT", path: string, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${tokenOf(role)!}`,
        ...(method === "GET" ? {} : { "Content-Type": "application/json", Origin: server.url }),
      },
      body: method === "GET" ? undefined : JSON.stringify(body ?? {}),
    });
    await response.arrayBuffer();
    return response.status;
  };

  it("lets an account change its own password only: another account's is a 403 even for all access", async () => {
    const body = {
      oldPassword: "not the password",
      newPassword: "staple battery horse 42",
      confirmPassword: "staple battery horse 42",
    };
    const onRent = roleNamed("On Rent");
    expect(await call(onRent, "PUT", `/users/changePassword/${otherUserId}`, body)).toBe(403);
    expect(await call(roleNamed("Administration"), "PUT", `/users/changePassword/${otherUserId}`, body)).toBe(403);
    // Its own: past the permission, refused for the wrong old password.
    expect(await call(onRent, "PUT", `/users/changePassword/${onRent.userId}`, body)).toBe(400);
  });

  it("lets only a note's author (or all access) cancel it, though others on the board read it", async () => {
    const onRent = roleNamed("On Rent");
    const note = await db.note.findFirstOrThrow({
      where: { noteType: "onboarding", cancelled: false, NOT: { authorId: onRent.userId! } },
      select: { id: true, authorId: true },
    });
    expect(await call(onRent, "PUT", "/api/orders/note/cancel", { cancelValue: 1, noteId: note.id })).toBe(403);
    const still = await db.note.findUniqueOrThrow({ where: { id: note.id } });
    expect(still.cancelled).toBe(false);
    expect(
      await call(roleNamed("Administration"), "PUT", "/api/orders/note/cancel", { cancelValue: 1, noteId: note.id }),
    ).toBe(200);
  });

  it("shows an order by id only to the boards that show orders, and never an off-rent as an order", async () => {
    const order = await db.formHistory.findFirstOrThrow({ where: { kind: "ORDER" }, select: { id: true } });
    const offRent = await db.formHistory.findFirstOrThrow({ where: { kind: "OFF_RENT" }, select: { id: true } });
    expect(await call(roleNamed("On Rent"), "GET", `/api/orders/${order.id}`)).toBe(200);
    expect(await call(roleNamed("Recon"), "GET", `/api/orders/${order.id}`)).toBe(403);
    expect(await call(roleNamed("no department"), "GET", `/api/orders/${order.id}`)).toBe(403);
    expect(await call(roleNamed("On Rent"), "GET", `/api/orders/${offRent.id}`)).toBe(404);
    expect(await call(roleNamed("Off Rent"), "GET", `/api/off-rents/${offRent.id}`)).toBe(200);
    expect(await call(roleNamed("On Rent"), "GET", `/api/off-rents/${offRent.id}`)).toBe(403);
  });
});

// The employee page /employee-management/:userId: its loader and its action's intents called the
// way React Router calls them (success redirects 303 back with ?saved=, a refusal draws the page again with
// the message, the field errors and the submitted values), then the real server (the production build) as a
// browser without JavaScript and an attacker meet it: the guard on every spelling of the path, the plain
// form posts, and an employee's next request that follows a grant and a revocation at once.
import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/modules/identity/session-cookie.server.ts";
import { signSessionToken } from "~/modules/identity/session-token.server.ts";
import type { AppServices } from "~/modules/platform/services.server.ts";
import { action, loader } from "~/routes/employee.tsx";
import { EMPLOYEE_ACCESS_MESSAGES } from "~/rules/access/employee-access.ts";
import { permissionIdsNamed, PERMISSIONS, type PermissionName } from "~/rules/access/permissions.ts";
import type { DialogActionData } from "~/rules/dialogs/operation-result.ts";
import { pageRouteArgs, type PageActor } from "../../support/board-route.ts";
import { createTestPrisma } from "../../support/database.ts";
import { actorOf, department, editorWith, employee } from "../../support/factories/employees.ts";
import { actorWith, ensurePermissions } from "../../support/factories/users.ts";
import { startTestServer, type RunningServer } from "../../support/test-server.ts";

const db = createTestPrisma();
const EXPIRED_TITLE = "Session Expired - Please Sign In Again";
const ids = (names: PermissionName[]) => permissionIdsNamed(names).sort((a, b) => a - b);
const dataDir = mkdtempSync(path.join(tmpdir(), "fleetops-employee-page-"));
let server: RunningServer;
let services: AppServices;
let admin: PageActor;

beforeAll(async () => {
  // The reset mails leave through the process's mailer into DATA_DIR/mail: a folder of this file's own.
  server = await startTestServer({ JWT_SECRET: "p".repeat(32), DATA_DIR: dataDir });
  services = server.services;
  await ensurePermissions(
    db,
    PERMISSIONS.map((permission) => permission.name),
  );
  admin = await editorWith(db, ["restricted"], { listed: false });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
});

/** The route's arguments for a signed-in request to /employee-management/<userId>. */
function employeeArgs(
  actor: PageActor,
  userId: string,
  init: { form?: Record<string, string> | URLSearchParams; search?: string } = {},
) {
  const args = pageRouteArgs(services, actor, `/employee-management/${userId}${init.search ?? ""}`, {
    ...(init.form ? { method: "POST", form: init.form } : {}),
  });
  return { ...args, params: { userId }, pattern: "/employee-management/:userId" };
}

async function load(actor: PageActor, userId: string, search = "") {
  return (await loader(employeeArgs(actor, userId, { search }) as never)) as Awaited<ReturnType<typeof loader>>;
}

/** What the action answered: a redirect's status and Location, or the page's answer and status. */
async function post(actor: PageActor, userId: string, form: Record<string, string> | URLSearchParams) {
  const result = (await action(employeeArgs(actor, userId, { form }) as never)) as unknown;
  if (result instanceof Response)
    return { status: result.status, location: result.headers.get("Location"), data: null };
  const { data, init } = result as { data: DialogActionData; init: ResponseInit | null };
  return { status: init?.status ?? 200, location: null, data };
}

/** What a loader or action threw (a redirect or an error response), as status and Location or body. */
async function thrown(work: () => Promise<unknown>) {
  try {
    await work();
  } catch (error) {
    if (error instanceof Response) return { status: error.status, location: error.headers.get("Location") };
    const { data, init } = error as { data: unknown; init: ResponseInit | null };
    return { status: init?.status, data };
  }
  throw new Error("nothing was thrown");
}

describe("the page's loader", () => {
  it("shows the employee's details and effective permissions with their sources", async () => {
    const desk = await department(db, ["onboarding", "onboarding-approve"], "Rentals Desk");
    const clerk = await employee(db, { directPermissions: ["onboarding", "fleetpie"] });
    await db.user.update({ where: { id: clerk.id }, data: { departmentId: desk.id } });
    const { page, saved } = await load(admin, String(clerk.id));
    expect(saved).toBeNull();
    expect(page.employee).toEqual({
      id: clerk.id,
      firstName: clerk.firstName,
      lastName: clerk.lastName,
      email: clerk.email,
      active: true,
      department: { id: desk.id, name: "Rentals Desk" },
    });
    expect(
      page.effective.flatMap((group) =>
        group.permissions.map((permission) => [group.group, permission.label, permission.source]),
      ),
    ).toEqual([
      ["Standard", "On Rent (Onboarding)", "both"],
      ["Management", "Approve On Rent Orders", "department"],
      ["Reporting", "Fleet Pie", "direct"],
    ]);
    expect(page.departments.find((option) => option.id === desk.id)).toEqual({
      id: desk.id,
      name: "Rentals Desk",
      grantable: true,
    });
  });

  it("answers a 404 page for an unknown id and for any id that is not plain digits", async () => {
    for (const userId of ["999999", "0x10", "1e3", "-1", "abc"]) {
      expect(await thrown(() => load(admin, userId)), userId).toEqual({
        status: 404,
        data: EMPLOYEE_ACCESS_MESSAGES.notFound,
      });
    }
  });

  it("checks the permission before any lookup: without employee-management every id goes to /not-found", async () => {
    const outsider = await actorWith(db, ["onboarding"]);
    for (const userId of [String(admin.user.id), "999999", "0x10"]) {
      expect(await thrown(() => load(outsider, userId)), userId).toEqual({ status: 302, location: "/not-found" });
      expect(await thrown(() => post(outsider, userId, { intent: "deactivate" })), userId).toEqual({
        status: 302,
        location: "/not-found",
      });
    }
  });

  it("says what was saved after the redirect", async () => {
    const clerk = await employee(db);
    expect((await load(admin, String(clerk.id), "?saved=access")).saved).toBe(EMPLOYEE_ACCESS_MESSAGES.accessSaved);
    expect((await load(admin, String(clerk.id), "?saved=password-reset")).saved).toBe(
      EMPLOYEE_ACCESS_MESSAGES.resetSent(clerk.email),
    );
    expect((await load(admin, String(clerk.id), "?saved=unchanged")).saved).toBe(EMPLOYEE_ACCESS_MESSAGES.unchanged);
    expect((await load(admin, String(clerk.id), "?saved=<script>")).saved).toBeNull();
  });
});

describe("the page's intents", () => {
  it("saves access (303 back with ?saved=access), a ticked checklist and a department", async () => {
    const desk = await department(db, ["offboarding"]);
    const clerk = await employee(db);
    const form = new URLSearchParams([
      ["intent", "access"],
      ["DepartmentID", String(desk.id)],
      ["Permissions", String(ids(["onboarding"])[0])],
      ["Permissions", String(ids(["sales"])[0])],
    ]);
    expect(await post(admin, String(clerk.id), form)).toEqual({
      status: 303,
      location: `/employee-management/${clerk.id}?saved=access`,
      data: null,
    });
    const user = await db.user.findUniqueOrThrow({ where: { id: clerk.id }, include: { permissions: true } });
    expect(user.departmentId).toBe(desk.id);
    expect(user.permissions.map((row) => row.permissionId).sort((a, b) => a - b)).toEqual(ids(["onboarding", "sales"]));

    // No department and nothing ticked: both taken away.
    expect(await post(admin, String(clerk.id), { intent: "access", DepartmentID: "" })).toMatchObject({ status: 303 });
    expect(await db.user.findUniqueOrThrow({ where: { id: clerk.id }, include: { permissions: true } })).toMatchObject({
      departmentId: null,
      permissions: [],
    });
    expect(await post(admin, String(clerk.id), { intent: "access", DepartmentID: "" })).toMatchObject({
      location: `/employee-management/${clerk.id}?saved=unchanged`,
    });
  });

  it("draws the form again with the message, the field errors and what was ticked when refused", async () => {
    const manager = await editorWith(db, ["employee-management", "onboarding"]);
    const clerk = await employee(db);
    const form = new URLSearchParams([
      ["intent", "access"],
      ["DepartmentID", ""],
      ["Permissions", String(ids(["onboarding"])[0])],
      ["Permissions", String(ids(["sales"])[0])],
    ]);
    const message = EMPLOYEE_ACCESS_MESSAGES.ungrantable(["Sales"]);
    expect(await post(manager, String(clerk.id), form)).toEqual({
      status: 403,
      location: null,
      data: {
        intent: "access",
        ok: false,
        message,
        fieldErrors: { Permissions: [message] },
        values: {
          intent: "access",
          DepartmentID: "",
          Permissions: [String(ids(["onboarding"])[0]), String(ids(["sales"])[0])],
        },
      },
    });
    // A form without the department field is malformed (400), never "no department".
    expect(await post(manager, String(clerk.id), { intent: "access" })).toMatchObject({
      status: 400,
      data: { fieldErrors: { DepartmentID: [EMPLOYEE_ACCESS_MESSAGES.department] } },
    });
    expect(await post(manager, String(clerk.id), { intent: "access", DepartmentID: "0x10" })).toMatchObject({
      status: 400,
    });
    expect(await db.userPermission.count({ where: { userId: clerk.id } })).toBe(0);
  });

  it("deactivates and reactivates, refusing oneself with 409", async () => {
    const manager = await editorWith(db, ["employee-management"]);
    const clerk = await employee(db);
    expect(await post(manager, String(clerk.id), { intent: "deactivate" })).toMatchObject({
      status: 303,
      location: `/employee-management/${clerk.id}?saved=deactivate`,
    });
    expect((await db.user.findUniqueOrThrow({ where: { id: clerk.id } })).active).toBe(false);
    const page = (await load(manager, String(clerk.id))).page;
    expect(page).toMatchObject({ mayDeactivate: false, mayReactivate: true, mayReset: false });
    expect(await post(manager, String(clerk.id), { intent: "reactivate" })).toMatchObject({
      status: 303,
      location: `/employee-management/${clerk.id}?saved=reactivate`,
    });
    expect(await post(manager, String(manager.user.id), { intent: "deactivate" })).toMatchObject({
      status: 409,
      data: { intent: "deactivate", ok: false, message: EMPLOYEE_ACCESS_MESSAGES.selfDeactivate },
    });
  });

  it("sends a password-reset e-mail for a read-only holder, who may not change access (403)", async () => {
    const reader = await editorWith(db, ["employee-management"], { listed: false });
    const clerk = await employee(db);
    expect((await load(reader, String(clerk.id))).page).toMatchObject({
      mayChange: false,
      readOnlyReason: EMPLOYEE_ACCESS_MESSAGES.readOnly,
      checklist: [],
      departments: [],
    });
    expect(await post(reader, String(clerk.id), { intent: "password-reset" })).toMatchObject({
      status: 303,
      location: `/employee-management/${clerk.id}?saved=password-reset`,
    });
    expect(await db.passwordResetToken.count({ where: { userId: clerk.id } })).toBe(1);
    for (const intent of ["deactivate", "access"]) {
      expect(await post(reader, String(clerk.id), { intent, DepartmentID: "" }), intent).toMatchObject({
        status: 403,
        data: { message: EMPLOYEE_ACCESS_MESSAGES.readOnly },
      });
    }
    expect(await post(reader, String(clerk.id), { intent: "promote" })).toMatchObject({
      status: 400,
      data: { message: EMPLOYEE_ACCESS_MESSAGES.unknownIntent },
    });
  });

  it("audits a change made while impersonating with both identities", async () => {
    const manager = await editorWith(db, ["employee-management", "onboarding"]);
    const acting = await actorOf(db, manager.user.id, admin.user.id);
    const clerk = await employee(db);
    await post(acting, String(clerk.id), {
      intent: "access",
      DepartmentID: "",
      Permissions: String(ids(["onboarding"])[0]),
    });
    expect(await db.auditLog.findMany({ where: { entityType: "User", entityId: clerk.id } })).toMatchObject([
      { action: "access-change", userId: manager.user.id, impersonatorId: admin.user.id },
    ]);
  });
});

describe("through the real server", () => {
  const cookieOf = (token: string) => `${SESSION_COOKIE}=${encodeURIComponent(token)}`;
  const tokenOf = (actor: { user: { id: number }; permissions: number[] }, issuedAt?: Date) =>
    signSessionToken(services.config, { userId: actor.user.id, permissions: actor.permissions }, issuedAt);

  async function get(path: string, cookie?: string) {
    const response = await fetch(`${server.url}${path}`, {
      redirect: "manual",
      headers: cookie ? { Cookie: cookie } : {},
    });
    return { status: response.status, location: response.headers.get("location"), html: await response.text() };
  }

  async function postForm(path: string, fields: URLSearchParams | Record<string, string>, cookie: string) {
    const response = await fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookie },
      body: new URLSearchParams(fields).toString(),
    });
    return { status: response.status, location: response.headers.get("location"), html: await response.text() };
  }

  /** The path as an attacker would spell it to slip past a guard that compares raw paths. */
  const spellings = (userId: number) => [
    `/employee-management/${userId}`,
    `/%65mployee-management/${userId}`,
    `/employee-management/%3${String(userId)[0]}${String(userId).slice(1)}`,
    `/EMPLOYEE-MANAGEMENT/${userId}`,
    `/employee-management/${userId}/`,
    `/employee-management/${userId}.data`,
  ];

  it("shows an administrator the page, with the forms of what they may do", async () => {
    const clerk = await employee(db, { directPermissions: ["titles"] });
    const { status, html } = await get(`/employee-management/${clerk.id}`, cookieOf(tokenOf(admin)));
    expect(status).toBe(200);
    expect(html).toContain(clerk.email);
    expect(html).toContain(">Change access</h2>");
    expect(html).toContain('name="intent" value="deactivate"');
    expect(html).toContain("Send password reset e-mail");
    const list = await get(`/employee-management?search=${encodeURIComponent(clerk.email)}`, cookieOf(tokenOf(admin)));
    expect(list.html).toContain(`href="/employee-management/${clerk.id}"`);
  });

  it("guards every spelling of the path: no cookie, garbage, revoked, expired, without the permission", async () => {
    const clerk = await employee(db);
    const outsider = await actorWith(db, ["onboarding"]);
    const gone = await employee(db, { directPermissions: ["employee-management"] });
    const revoked = cookieOf(
      tokenOf({ user: { id: gone.id }, permissions: ids(["employee-management"]) }, new Date(Date.now() - 30_000)),
    );
    await db.user.update({ where: { id: gone.id }, data: { tokensValidAfter: new Date() } });
    const expired = cookieOf(tokenOf(admin, new Date(Date.now() - 3 * 86_400_000)));
    for (const path of spellings(clerk.id)) {
      const none = await get(path);
      expect(none.status, path).not.toBe(200);
      expect(none.html, path).not.toContain(clerk.email);
      for (const cookie of [`${SESSION_COOKIE}=garbage`, revoked, expired]) {
        const answer = await get(path, cookie);
        expect(answer.status, path).not.toBe(200);
        expect(answer.html, path).not.toContain(clerk.email);
      }
      const unpermitted = await get(path, cookieOf(tokenOf(outsider)));
      expect(unpermitted.html, path).not.toContain(clerk.email);
      if (unpermitted.status === 302) expect(unpermitted.location, path).toBe("/not-found");
    }
    const path = `/employee-management/${clerk.id}`;
    expect(await get(path)).toMatchObject({ status: 302, location: "/" });
    const garbage = await get(path, `${SESSION_COOKIE}=garbage`);
    expect(garbage.status).toBe(401);
    expect(garbage.html).toContain(EXPIRED_TITLE);
    expect(garbage.html).toContain(">Employee</h1>");
    expect((await get(path, revoked)).status).toBe(401);
    expect(await get(path, cookieOf(tokenOf(outsider)))).toMatchObject({ status: 302, location: "/not-found" });
    expect(await get(`/%65mployee-management/${clerk.id}`, cookieOf(tokenOf(outsider)))).toMatchObject({
      status: 302,
      location: "/not-found",
    });
    // The encoded spellings reach the same page for whoever may open it.
    for (const spelling of spellings(clerk.id).slice(0, 5)) {
      expect((await get(spelling, cookieOf(tokenOf(admin)))).status, spelling).toBe(200);
    }
  });

  it("refuses a post with a revoked session or without the permission, changing nothing", async () => {
    const clerk = await employee(db);
    const outsider = await actorWith(db, ["onboarding"]);
    const gone = await editorWith(db, ["restricted"], { listed: false });
    const revoked = cookieOf(tokenOf(gone, new Date(Date.now() - 30_000)));
    await db.user.update({ where: { id: gone.user.id }, data: { tokensValidAfter: new Date() } });
    for (const path of [`/employee-management/${clerk.id}`, `/%65mployee-management/${clerk.id}`]) {
      expect((await postForm(path, { intent: "deactivate" }, revoked)).status, path).toBe(401);
      expect(await postForm(path, { intent: "deactivate" }, cookieOf(tokenOf(outsider)))).toMatchObject({
        status: 302,
        location: "/not-found",
      });
    }
    expect((await db.user.findUniqueOrThrow({ where: { id: clerk.id } })).active).toBe(true);
  });

  it("answers the not-found page for a malformed id", async () => {
    for (const userId of ["0x10", "1e3", "-1", "999999"]) {
      const answer = await get(`/employee-management/${userId}`, cookieOf(tokenOf(admin)));
      expect(answer.status, userId).toBe(404);
      expect(answer.html, userId).toContain(EMPLOYEE_ACCESS_MESSAGES.notFound);
    }
  });

  it("works without JavaScript, and a grant or a revocation applies to the employee's next request", async () => {
    const clerk = await employee(db, { directPermissions: ["titles"] });
    const clerkCookie = cookieOf(tokenOf({ user: { id: clerk.id }, permissions: ids(["titles"]) }));
    const adminCookie = cookieOf(tokenOf(admin));
    const page = `/employee-management/${clerk.id}`;
    expect(await get("/onboarding", clerkCookie)).toMatchObject({ status: 302, location: "/not-found" });

    const granted = await postForm(
      page,
      new URLSearchParams([
        ["intent", "access"],
        ["DepartmentID", ""],
        ["Permissions", String(ids(["titles"])[0])],
        ["Permissions", String(ids(["onboarding"])[0])],
      ]),
      adminCookie,
    );
    expect(granted).toMatchObject({ status: 303, location: `${page}?saved=access` });
    const after = await get(`${page}?saved=access`, adminCookie);
    expect(after.html).toContain(EMPLOYEE_ACCESS_MESSAGES.accessSaved);
    // The same token, issued before the grant: the permissions come from the database on every request.
    expect((await get("/onboarding", clerkCookie)).status).toBe(200);

    const revoked = await postForm(
      page,
      { intent: "access", DepartmentID: "", Permissions: String(ids(["titles"])[0]) },
      adminCookie,
    );
    expect(revoked.status).toBe(303);
    expect(await get("/onboarding", clerkCookie)).toMatchObject({ status: 302, location: "/not-found" });

    const refused = await postForm(page, { intent: "access", DepartmentID: "999999" }, adminCookie);
    expect(refused.status).toBe(400);
    expect(refused.html).toContain(EMPLOYEE_ACCESS_MESSAGES.departmentNotFound);

    expect(await postForm(page, { intent: "deactivate" }, adminCookie)).toMatchObject({ status: 303 });
    const ended = await get("/titles", clerkCookie);
    expect(ended.status).toBe(401);
    expect(ended.html).toContain(EXPIRED_TITLE);
  });

  it("mails a reset link through the page (no JavaScript)", async () => {
    const clerk = await employee(db);
    const answer = await postForm(
      `/employee-management/${clerk.id}`,
      { intent: "password-reset" },
      cookieOf(tokenOf(admin)),
    );
    expect(answer).toMatchObject({ status: 303, location: `/employee-management/${clerk.id}?saved=password-reset` });
    expect(await db.passwordResetToken.count({ where: { userId: clerk.id } })).toBe(1);
  });
});

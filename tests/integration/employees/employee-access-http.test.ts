// The employee access endpoints over HTTP: GET and PUT /api/employees/{userId}/access, PUT
// …/active and POST …/password-reset on a small Express app with the router, each answering its
// refusals (400 with field errors, 401 without, with a garbage or a revoked token, bearer or cookie, 403,
// 404, 409) with a message and writing nothing, also on encoded spellings of the path.
import { mkdtempSync } from "node:fs";
import { readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/modules/identity/session-cookie.server.ts";
import { signSessionToken } from "~/modules/identity/session-token.server.ts";
import { EMPLOYEE_ACCESS_MESSAGES } from "~/rules/access/employee-access.ts";
import { permissionIdsNamed, PERMISSIONS, type PermissionName } from "~/rules/access/permissions.ts";
import { INVALID_JSON_MESSAGE } from "../../../server/api/errors.ts";
import { createEmployeeAccessRouter } from "../../../server/api/employee-access.ts";
import { apiHarness, TEST_API_CONFIG } from "../../support/api-harness.ts";
import { createTestPrisma } from "../../support/database.ts";
import { department, editorWith, employee } from "../../support/factories/employees.ts";
import { actorWith, ensurePermissions } from "../../support/factories/users.ts";

const db = createTestPrisma();
const mailDir = mkdtempSync(path.join(tmpdir(), "fleetops-employee-mail-"));
// Mails leave through the process's mailer into DATA_DIR/mail: a folder of this file's own.
const api = apiHarness((services) =>
  createEmployeeAccessRouter({ ...services, config: { ...services.config, DATA_DIR: mailDir } }),
);
const ids = (names: PermissionName[]) => permissionIdsNamed(names).sort((a, b) => a - b);

let adminToken: string;
let managerToken: string;
let readerToken: string;
let outsiderToken: string;
let revokedToken: string;

beforeAll(async () => {
  await ensurePermissions(
    db,
    PERMISSIONS.map((permission) => permission.name),
  );
  adminToken = api.tokenFor(await editorWith(db, ["restricted"], { listed: false }));
  managerToken = api.tokenFor(await editorWith(db, ["employee-management", "onboarding", "offboarding"]));
  readerToken = api.tokenFor(await editorWith(db, ["employee-management", "onboarding"], { listed: false }));
  outsiderToken = api.tokenFor(await actorWith(db, ["onboarding"]));
  const revoked = await editorWith(db, ["restricted"], { listed: false });
  revokedToken = signSessionToken(
    TEST_API_CONFIG,
    { userId: revoked.user.id, permissions: ids(["restricted"]) },
    new Date(Date.now() - 30_000),
  );
  // A password change or deactivation moves tokensValidAfter: tokens issued before it are revoked.
  await db.user.update({ where: { id: revoked.user.id }, data: { tokensValidAfter: new Date() } });
});

afterAll(async () => {
  await rm(mailDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
});

const accessPath = (userId: number | string) => `/api/employees/${userId}/access`;
const activePath = (userId: number | string) => `/api/employees/${userId}/active`;
const resetPath = (userId: number | string) => `/api/employees/${userId}/password-reset`;

async function stored(userId: number) {
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { departmentId: true, active: true, permissions: { select: { permissionId: true } } },
  });
  return {
    departmentId: user.departmentId,
    active: user.active,
    direct: user.permissions.map(({ permissionId }) => permissionId).sort((a, b) => a - b),
  };
}

const auditCount = (userId: number) => db.auditLog.count({ where: { entityType: "User", entityId: userId } });

/** The path spelled as a guard that compared raw paths would miss it (Express decodes the parameter). */
const encodedVariants = (userId: number) => [
  `/api/employees/${[...String(userId)].map((digit) => `%3${digit}`).join("")}/access`,
  `/API/EMPLOYEES/${userId}/ACCESS`,
  `/api/employees/${userId}/access/`,
];

describe("GET /api/employees/{userId}/access", () => {
  it("answers the department, direct grants, effective permissions and activation, never cached", async () => {
    const desk = await department(db, ["recon"]);
    const clerk = await employee(db, { directPermissions: ["sales"] });
    await db.user.update({ where: { id: clerk.id }, data: { departmentId: desk.id } });
    const response = await api.exchange("GET", accessPath(clerk.id), { token: readerToken });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.body).toEqual({
      UserID: clerk.id,
      DepartmentID: desk.id,
      Permissions: ids(["sales"]),
      EffectivePermissions: ids(["recon", "sales"]),
      Active: true,
    });
  });

  it("answers 401, 403 and 404 with a message, also on encoded spellings of the path", async () => {
    const clerk = await employee(db);
    for (const spelling of [accessPath(clerk.id), ...encodedVariants(clerk.id)]) {
      expect(await api.call("GET", spelling), spelling).toEqual({ status: 401, body: { error: "Sign in required." } });
      expect(await api.call("GET", spelling, { token: "garbage" }), spelling).toMatchObject({ status: 401 });
      expect(await api.call("GET", spelling, { token: revokedToken }), spelling).toMatchObject({ status: 401 });
      expect(
        await api.call("GET", spelling, { headers: { Cookie: `${SESSION_COOKIE}=garbage` } }),
        spelling,
      ).toMatchObject({ status: 401 });
      expect(await api.call("GET", spelling, { token: outsiderToken }), spelling).toEqual({
        status: 403,
        body: { error: EMPLOYEE_ACCESS_MESSAGES.forbidden },
      });
      expect((await api.call("GET", spelling, { token: adminToken })).status, spelling).toBe(200);
    }
    for (const userId of ["999999", "0x10", "1e3", "-1", "abc"]) {
      expect(await api.call("GET", accessPath(userId), { token: adminToken }), userId).toEqual({
        status: 404,
        body: { error: EMPLOYEE_ACCESS_MESSAGES.notFound },
      });
    }
  });
});

describe("PUT /api/employees/{userId}/access", () => {
  it("sets the department and the direct grants, answering { ok: true, message }", async () => {
    const desk = await department(db, ["offboarding"]);
    const clerk = await employee(db, { directPermissions: ["titles"] });
    const response = await api.call("PUT", accessPath(clerk.id), {
      token: managerToken,
      body: { DepartmentID: desk.id, Permissions: ids(["onboarding"]) },
    });
    expect(response).toEqual({ status: 200, body: { ok: true, message: EMPLOYEE_ACCESS_MESSAGES.accessSaved } });
    expect(await stored(clerk.id)).toMatchObject({ departmentId: desk.id, direct: ids(["onboarding", "titles"]) });
    expect(await auditCount(clerk.id)).toBe(1);
    expect(api.announced).toEqual([]);
  });

  it("answers 400, 401, 403, 404 and 409 with messages and writes nothing", async () => {
    const clerk = await employee(db);
    const sales = await department(db, ["sales"]);
    const valid = { DepartmentID: null, Permissions: ids(["onboarding"]) };
    const put = (userId: number | string, body: unknown, token?: string) =>
      api.call("PUT", accessPath(userId), { body, token });

    expect(await put(clerk.id, valid)).toEqual({ status: 401, body: { error: "Sign in required." } });
    expect(await put(clerk.id, valid, "garbage")).toMatchObject({ status: 401 });
    expect(await put(clerk.id, valid, revokedToken)).toMatchObject({ status: 401 });
    expect(
      await api.call("PUT", accessPath(clerk.id), { body: valid, headers: { Cookie: `${SESSION_COOKIE}=garbage` } }),
    ).toMatchObject({ status: 401 });
    expect(await put(clerk.id, valid, outsiderToken)).toEqual({
      status: 403,
      body: { error: EMPLOYEE_ACCESS_MESSAGES.forbidden },
    });
    expect(await put(clerk.id, valid, readerToken)).toEqual({
      status: 403,
      body: { error: EMPLOYEE_ACCESS_MESSAGES.readOnly },
    });
    const ungrantable = EMPLOYEE_ACCESS_MESSAGES.ungrantable(["Sales"]);
    expect(await put(clerk.id, { DepartmentID: null, Permissions: ids(["sales"]) }, managerToken)).toEqual({
      status: 403,
      body: { error: ungrantable, errors: { Permissions: [ungrantable] } },
    });
    expect(await put(clerk.id, { DepartmentID: sales.id, Permissions: [] }, managerToken)).toMatchObject({
      status: 403,
      body: { errors: { DepartmentID: [expect.stringContaining("which you cannot grant")] } },
    });
    for (const userId of ["999999", "0x10", "1e3", "-1"]) {
      expect(await put(userId, valid, managerToken), userId).toEqual({
        status: 404,
        body: { error: EMPLOYEE_ACCESS_MESSAGES.notFound },
      });
    }
    expect(await put(clerk.id, { Permissions: [] }, managerToken)).toEqual({
      status: 400,
      body: {
        error: EMPLOYEE_ACCESS_MESSAGES.department,
        errors: { DepartmentID: [EMPLOYEE_ACCESS_MESSAGES.department] },
      },
    });
    expect(await api.call("PUT", accessPath(clerk.id), { raw: "{not json", token: managerToken })).toEqual({
      status: 400,
      body: { error: INVALID_JSON_MESSAGE },
    });
    expect(await put(clerk.id, [1, 2], managerToken)).toMatchObject({ status: 400 });

    const self = await editorWith(db, ["employee-management", "onboarding"]);
    expect(await put(self.user.id, valid, api.tokenFor(self))).toEqual({
      status: 409,
      body: { error: EMPLOYEE_ACCESS_MESSAGES.selfLockout },
    });
    expect(await stored(self.user.id)).toMatchObject({ direct: ids(["employee-management", "onboarding"]) });
    expect(await stored(clerk.id)).toMatchObject({ departmentId: null, direct: [] });
    expect(await auditCount(clerk.id)).toBe(0);
  });

  it("is refused without a session and without the permission on encoded spellings of the path too", async () => {
    const clerk = await employee(db);
    const body = { DepartmentID: null, Permissions: ids(["onboarding"]) };
    for (const spelling of encodedVariants(clerk.id)) {
      expect((await api.call("PUT", spelling, { body })).status, spelling).toBe(401);
      expect((await api.call("PUT", spelling, { body, token: outsiderToken })).status, spelling).toBe(403);
      expect((await api.call("PUT", spelling, { body, token: readerToken })).status, spelling).toBe(403);
    }
    expect((await stored(clerk.id)).direct).toEqual([]);
  });
});

describe("PUT /api/employees/{userId}/active", () => {
  it("deactivates and reactivates, and refuses oneself (409), a non-boolean (400) and the read-only (403)", async () => {
    const clerk = await employee(db);
    const put = (userId: number | string, body: unknown, token?: string) =>
      api.call("PUT", activePath(userId), { body, token });
    expect(await put(clerk.id, { Active: false }, readerToken)).toEqual({
      status: 403,
      body: { error: EMPLOYEE_ACCESS_MESSAGES.readOnly },
    });
    expect(await put(clerk.id, { Active: "false" }, managerToken)).toEqual({
      status: 400,
      body: { error: EMPLOYEE_ACCESS_MESSAGES.active, errors: { Active: [EMPLOYEE_ACCESS_MESSAGES.active] } },
    });
    expect(await put(clerk.id, { Active: false })).toMatchObject({ status: 401 });
    expect(await put(clerk.id, { Active: false }, revokedToken)).toMatchObject({ status: 401 });
    expect(await put("1e3", { Active: false }, managerToken)).toMatchObject({ status: 404 });
    expect((await stored(clerk.id)).active).toBe(true);

    expect(await put(clerk.id, { Active: false }, managerToken)).toEqual({
      status: 200,
      body: { ok: true, message: EMPLOYEE_ACCESS_MESSAGES.deactivated },
    });
    expect((await stored(clerk.id)).active).toBe(false);
    expect(await put(clerk.id, { Active: true }, managerToken)).toEqual({
      status: 200,
      body: { ok: true, message: EMPLOYEE_ACCESS_MESSAGES.reactivated },
    });

    const self = await editorWith(db, ["employee-management"]);
    expect(await put(self.user.id, { Active: false }, api.tokenFor(self))).toEqual({
      status: 409,
      body: { error: EMPLOYEE_ACCESS_MESSAGES.selfDeactivate },
    });
  });
});

describe("POST /api/employees/{userId}/password-reset", () => {
  it("mails the employee a reset link (with or without a body), for read-only holders too", async () => {
    const clerk = await employee(db);
    const response = await api.call("POST", resetPath(clerk.id), { token: readerToken, raw: "" });
    expect(response).toEqual({
      status: 200,
      body: { ok: true, message: EMPLOYEE_ACCESS_MESSAGES.resetSent(clerk.email) },
    });
    expect(await api.call("POST", resetPath(clerk.id), { token: managerToken, body: {} })).toMatchObject({
      status: 200,
    });
    expect(await db.passwordResetToken.count({ where: { userId: clerk.id } })).toBe(2);
    const mail = await mailFileFor(clerk.email);
    expect(mail).toMatch(/Subject: Fleet Ops password reset/);
    expect(mail).toMatch(/\/reset\/[A-Za-z0-9_-]{43}/);
  });

  it("answers 401, 403, 404, 409 and 400 with a message, storing no token", async () => {
    const gone = await employee(db, { active: false });
    const post = (userId: number | string, token?: string, body: unknown = {}) =>
      api.call("POST", resetPath(userId), { token, body });
    expect(await post(gone.id)).toMatchObject({ status: 401 });
    expect(await post(gone.id, "garbage")).toMatchObject({ status: 401 });
    expect(await post(gone.id, revokedToken)).toMatchObject({ status: 401 });
    expect(await post(gone.id, outsiderToken)).toEqual({
      status: 403,
      body: { error: EMPLOYEE_ACCESS_MESSAGES.forbidden },
    });
    expect(await post("0x10", adminToken)).toMatchObject({ status: 404 });
    expect(await post(gone.id, adminToken)).toEqual({
      status: 409,
      body: { error: EMPLOYEE_ACCESS_MESSAGES.inactiveReset },
    });
    expect(await post(gone.id, adminToken, [1])).toMatchObject({ status: 400 });
    for (const spelling of [`/api/employees/%3${String(gone.id).slice(0, 1)}/password-reset`]) {
      expect((await api.call("POST", spelling, { body: {} })).status).toBe(401);
    }
    expect(await db.passwordResetToken.count({ where: { userId: gone.id } })).toBe(0);
  });
});

/** The newest mail file written for `to` (mails leave in the background: waited for). */
async function mailFileFor(to: string): Promise<string> {
  const suffix = `-${to.replace(/[^A-Za-z0-9@._-]/g, "_")}.eml`;
  for (let attempt = 0; attempt < 100; attempt++) {
    const files = (await readdir(path.join(mailDir, "mail")).catch(() => [] as string[]))
      .filter((name) => name.endsWith(suffix))
      .sort();
    // Quoted-printable: soft line breaks joined, so the link reads whole.
    if (files.length > 0)
      return (await readFile(path.join(mailDir, "mail", files.at(-1)!), "utf8")).replace(/=\r?\n/g, "");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail file for ${to}`);
}

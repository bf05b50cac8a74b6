// POST /api/create-department and PUT /api/edit-department on a small Express app with the
// router and a spy on services.boardChanges, and the departmentCreate dialog through the /departments
// page's own loader and action (the way a browser without JavaScript uses it), with a page session.
import { beforeAll, describe, expect, it } from "vitest";
import { signSessionToken } from "~/modules/identity/session-token.server.ts";
import type { DepartmentEditDialogData } from "~/rules/access/department-edit.ts";
import { permissionIdsNamed, type PermissionName } from "~/rules/access/permissions.ts";
import { action, loader } from "~/routes/departments.tsx";
import { INVALID_JSON_MESSAGE } from "../../../server/api/errors.ts";
import { createDepartmentEditRouter } from "../../../server/api/department-edit.ts";
import { apiHarness, TEST_API_CONFIG } from "../../support/api-harness.ts";
import { loadBoard, pageRouteArgs, postBoardForm, postPageForm, type PageActor } from "../../support/board-route.ts";
import { createTestPrisma } from "../../support/database.ts";
import { department, departmentEditor, departmentPermissionIds } from "../../support/factories/departments.ts";
import { unique } from "../../support/factories/unique.ts";
import { actorWith } from "../../support/factories/users.ts";
import { databaseFingerprint } from "../../support/property.ts";

const db = createTestPrisma();
const api = apiHarness(createDepartmentEditRouter);
const ids = (...names: PermissionName[]) => permissionIdsNamed(names);
const REQUIRED = "Please fill out all required fields.";
const TAKEN = "Vendor name has already been used";
const SIGN_IN = { error: "Sign in required." };

let editor: PageActor;
let token: string;

beforeAll(async () => {
  editor = await departmentEditor(db, ["onboarding", "offboarding", "titles"]);
  token = api.tokenFor(editor);
});

const post = (body: unknown, bearer: string | null = token) =>
  api.call("POST", "/api/create-department", { body, token: bearer });
const put = (body: unknown, bearer: string | null = token) =>
  api.call("PUT", "/api/edit-department", { body, token: bearer });

async function writesNothing<T>(work: () => Promise<T>): Promise<T> {
  const before = await databaseFingerprint();
  const result = await work();
  expect(await databaseFingerprint()).toBe(before);
  return result;
}

/** A token its user's password change revoked (tokensValidAfter moved past its issue). */
async function revokedToken(): Promise<string> {
  const user = await departmentEditor(db);
  const issued = signSessionToken(
    TEST_API_CONFIG,
    { userId: user.user.id, permissions: user.permissions },
    new Date(Date.now() - 10_000),
  );
  await db.user.update({ where: { id: user.user.id }, data: { tokensValidAfter: new Date() } });
  return issued;
}

describe("POST /api/create-department", () => {
  it("creates the department, answers { ok: true } and announces departmentCreated", async () => {
    const name = unique("Fleet Care");
    api.announced.length = 0;
    expect(await post({ Name: name, Permissions: ids("titles", "onboarding") })).toEqual({
      status: 200,
      body: { ok: true },
    });
    const created = await db.department.findFirstOrThrow({ where: { name } });
    expect(await departmentPermissionIds(db, created.id)).toEqual(ids("onboarding", "titles"));
    expect(api.announced).toEqual([{ event: "departmentCreated", payload: { DepartmentID: created.id, Name: name } }]);
  });

  it("answers 401 without a token, with a garbage one and with a revoked one, writing nothing", async () => {
    const body = { Name: unique("Nope"), Permissions: [] };
    const revoked = await revokedToken();
    await writesNothing(async () => {
      expect(await post(body, null)).toEqual({ status: 401, body: SIGN_IN });
      expect(await post(body, "garbage")).toEqual({ status: 401, body: SIGN_IN });
      expect(await post(body, revoked)).toEqual({ status: 401, body: SIGN_IN });
    });
  });

  it("answers 403 without employee-management, and for a permission the caller may not grant", async () => {
    const outsider = api.tokenFor(await actorWith(db, ["onboarding", "onboarding-approve"]));
    api.announced.length = 0;
    await writesNothing(async () => {
      expect(await post({ Name: unique("Nope"), Permissions: [] }, outsider)).toEqual({
        status: 403,
        body: { error: "You do not have permission to do that." },
      });
      const message = 'You can only grant permissions you hold yourself, not "Fleet Card".';
      expect(await post({ Name: unique("Greedy"), Permissions: ids("fleetcard") })).toEqual({
        status: 403,
        body: { error: message, errors: { Permissions: [message] } },
      });
    });
    expect(api.announced).toEqual([]);
  });

  it("answers 400 with field errors for a blank name, unknown ids and malformed bodies, writing nothing", async () => {
    await writesNothing(async () => {
      expect(await post({ Name: " ", Permissions: [] })).toEqual({
        status: 400,
        body: { error: REQUIRED, errors: { Name: [REQUIRED] } },
      });
      expect(await post({ Name: "Ok", Permissions: [77] })).toEqual({
        status: 400,
        body: {
          error: "There is no permission with the id 77.",
          errors: { Permissions: ["There is no permission with the id 77."] },
        },
      });
      expect(await api.call("POST", "/api/create-department", { raw: "{not json", token })).toEqual({
        status: 400,
        body: { error: INVALID_JSON_MESSAGE },
      });
      expect((await post([1, 2])).status).toBe(400);
    });
  });

  it("answers 409 for a taken name in another case", async () => {
    const { department: taken } = await department(db);
    expect(await writesNothing(() => post({ Name: ` ${taken.name.toUpperCase()}`, Permissions: [] }))).toEqual({
      status: 409,
      body: { error: TAKEN, errors: { Name: [TAKEN] } },
    });
  });

  it("gives one department and one 409 for two simultaneous requests creating one name", async () => {
    const name = unique("Race");
    const answers = await Promise.all([
      post({ Name: name, Permissions: [] }),
      post({ Name: name.toLowerCase(), Permissions: [] }),
    ]);
    expect(answers.map((answer) => answer.status).toSorted()).toEqual([200, 409]);
    const rows = await db.$queryRaw<{ id: number }[]>`SELECT id FROM "Department" WHERE lower(name) = lower(${name})`;
    expect(rows).toHaveLength(1);
  });
});

describe("PUT /api/edit-department", () => {
  it("renames and regrants, keeping what the caller may not grant, and announces departmentCreated", async () => {
    const { department: edited } = await department(db, { permissions: ["onboarding", "fleetcard"] });
    const newName = unique("Lot");
    api.announced.length = 0;
    expect(await put({ OldName: edited.name, NewName: newName, Permissions: ids("offboarding") })).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect(await db.department.findUniqueOrThrow({ where: { id: edited.id } })).toMatchObject({ name: newName });
    expect(await departmentPermissionIds(db, edited.id)).toEqual(ids("fleetcard", "offboarding"));
    expect(api.announced).toEqual([
      { event: "departmentCreated", payload: { DepartmentID: edited.id, Name: newName } },
    ]);
  });

  it("answers 401, 403, 404, 409 and 400 with messages, writing nothing", async () => {
    const { department: edited } = await department(db, { permissions: ["onboarding"] });
    const { department: other } = await department(db);
    const revoked = await revokedToken();
    const outsider = api.tokenFor(await actorWith(db, ["titles"]));
    const valid = { OldName: edited.name, NewName: edited.name, Permissions: ids("onboarding") };
    await writesNothing(async () => {
      expect(await put(valid, null)).toEqual({ status: 401, body: SIGN_IN });
      expect(await put(valid, "garbage")).toEqual({ status: 401, body: SIGN_IN });
      expect(await put(valid, revoked)).toEqual({ status: 401, body: SIGN_IN });
      expect(await put(valid, outsider)).toEqual({
        status: 403,
        body: { error: "You do not have permission to do that." },
      });
      expect(await put({ ...valid, Permissions: ids("onboarding", "profit-loss") })).toMatchObject({
        status: 403,
        body: { error: 'You can only grant permissions you hold yourself, not "Profit & Loss".' },
      });
      expect(await put({ ...valid, OldName: unique("Nowhere") })).toEqual({
        status: 404,
        body: { error: "That department does not exist." },
      });
      expect(await put({ ...valid, NewName: other.name.toLowerCase() })).toEqual({
        status: 409,
        body: { error: TAKEN, errors: { NewName: [TAKEN] } },
      });
      expect(await put({ ...valid, NewName: "" })).toEqual({
        status: 400,
        body: { error: REQUIRED, errors: { NewName: [REQUIRED] } },
      });
      expect(await put({ NewName: "X", Permissions: [] })).toMatchObject({
        status: 400,
        body: { errors: { OldName: ["Name the department to edit (OldName)."] } },
      });
    });
  });
});

describe("the departmentCreate dialog on /departments (no JavaScript)", () => {
  const open = async (path: string, actor: PageActor = editor) =>
    loader(pageRouteArgs(api.services, actor, path) as never);
  const send = (path: string, form: URLSearchParams | Record<string, string>, actor: PageActor = editor) =>
    postPageForm(action, api.services, actor, path, form);

  it("lists the departments with members and permissions, filtered by the search", async () => {
    const { department: listed } = await department(db, {
      name: unique("Zebra Yard"),
      permissions: ["titles", "sales"],
      members: 2,
    });
    const page = await open(`/departments?search=${encodeURIComponent(listed.name.toLowerCase())}`);
    expect(page.departments).toEqual([
      { id: listed.id, name: listed.name, members: 2, permissions: 2, allAccess: false },
    ]);
    expect(page.search).toBe(listed.name.toLowerCase());
    expect(page.dialog).toBeNull();
    const all = await open("/departments");
    expect(all.total).toBe(all.departments.length);
    expect(all.departments.map((row) => row.id)).toContain(listed.id);
  });

  it("opens 'Create Department' with the checklist of what the editor holds", async () => {
    const page = await open("/departments?modal=departmentCreate");
    expect(page.dialog).toMatchObject({ name: "departmentCreate", title: "Create Department", error: null });
    const data = page.dialog!.data as DepartmentEditDialogData;
    expect(data.department).toBeNull();
    expect(data.allAccess).toBe(false);
    expect(data.groups.map((group) => [group.group, group.permissions.map((item) => item.id)])).toEqual([
      ["Standard", ids("onboarding", "offboarding", "titles")],
      ["Executive", ids("employee-management")],
    ]);
  });

  it("opens 'Edit Department' with the department's other permissions locked, and refuses bad addresses", async () => {
    const { department: edited } = await department(db, { permissions: ["onboarding", "fleetcard"], members: 1 });
    const page = await open(`/departments?modal=departmentCreate&departmentId=${edited.id}`);
    expect(page.dialog).toMatchObject({ title: "Edit Department", error: null });
    const data = page.dialog!.data as DepartmentEditDialogData;
    expect(data.department).toEqual({
      id: edited.id,
      name: edited.name,
      permissionIds: ids("fleetcard", "onboarding"),
      members: 1,
    });
    const locked = data.groups.flatMap((group) => group.permissions).filter((item) => item.locked);
    expect(locked).toEqual([{ id: ids("fleetcard")[0], label: "Fleet Card", locked: true }]);
    expect(data.takenNames).not.toContain(edited.name);
    expect((await open("/departments?modal=departmentCreate&departmentId=abc")).dialog).toMatchObject({
      error: "Choose a department to edit.",
      status: 400,
    });
    expect((await open("/departments?modal=departmentCreate&departmentId=2147483647")).dialog).toMatchObject({
      error: "That department does not exist.",
      status: 404,
    });
  });

  it("creates a department from the form: 303 back to the page with its search, and departmentCreated", async () => {
    const name = unique("Form Made");
    api.announced.length = 0;
    const form = new URLSearchParams([
      ["intent", "department-create"],
      ["Name", name],
      ["Permissions", String(ids("onboarding")[0])],
      ["Permissions", String(ids("titles")[0])],
    ]);
    expect(await send("/departments?search=form&modal=departmentCreate", form)).toEqual({
      status: 303,
      location: "/departments?search=form",
      data: null,
    });
    const created = await db.department.findFirstOrThrow({ where: { name } });
    expect(await departmentPermissionIds(db, created.id)).toEqual(ids("onboarding", "titles"));
    expect(api.announced).toEqual([{ event: "departmentCreated", payload: { DepartmentID: created.id, Name: name } }]);
  });

  it("draws the dialog again with the message and what was sent: blank name 400, taken name 409, ungrantable 403", async () => {
    const { department: taken } = await department(db);
    const checked = String(ids("offboarding")[0]);
    await writesNothing(async () => {
      expect(await send("/departments?modal=departmentCreate", { intent: "department-create", Name: "  " })).toEqual({
        status: 400,
        location: null,
        data: {
          intent: "department-create",
          ok: false,
          message: REQUIRED,
          fieldErrors: { Name: [REQUIRED] },
          values: { intent: "department-create", Name: "  " },
        },
      });
      const duplicate = await send("/departments?modal=departmentCreate", {
        intent: "department-create",
        Name: taken.name.toUpperCase(),
        Permissions: checked,
      });
      expect(duplicate).toMatchObject({
        status: 409,
        data: { message: TAKEN, values: { Name: taken.name.toUpperCase(), Permissions: checked } },
      });
      const greedy = await send("/departments?modal=departmentCreate", {
        intent: "department-create",
        Name: unique("Greedy"),
        Permissions: String(ids("fleetcard")[0]),
      });
      expect(greedy).toMatchObject({
        status: 403,
        data: { message: 'You can only grant permissions you hold yourself, not "Fleet Card".' },
      });
    });
  });

  it("saves an edit from the form, keeping the locked permission it cannot post", async () => {
    const { department: edited } = await department(db, { permissions: ["onboarding", "fleetcard"] });
    const newName = unique("Edited By Form");
    const answer = await send(`/departments?modal=departmentCreate&departmentId=${edited.id}`, {
      intent: "department-edit",
      OldName: edited.name,
      NewName: newName,
      Permissions: String(ids("titles")[0]),
    });
    expect(answer).toEqual({ status: 303, location: "/departments", data: null });
    expect(await db.department.findUniqueOrThrow({ where: { id: edited.id } })).toMatchObject({ name: newName });
    expect(await departmentPermissionIds(db, edited.id)).toEqual(ids("fleetcard", "titles"));
    // Opened again, the dialog's history shows the save.
    const reopened = await open(`/departments?modal=departmentCreate&departmentId=${edited.id}`);
    expect((reopened.dialog!.data as DepartmentEditDialogData).history).toMatchObject([
      {
        action: "edit",
        by: "Dana Driver",
        changes: [
          { label: "Name", before: edited.name, after: newName },
          { label: "Permissions", before: "fleetcard, onboarding", after: "fleetcard, titles" },
        ],
      },
    ]);
  });

  it("is this page's only: a board neither opens the dialog nor runs its intents", async () => {
    const boardActor = await actorWith(db, ["onboarding", "employee-management"]);
    const board = await loadBoard(api.services, boardActor, "/onboarding?modal=departmentCreate");
    expect(board.dialog).toBeNull();
    const name = unique("Via Board");
    const answer = await writesNothing(() =>
      postBoardForm(api.services, boardActor, "/onboarding?modal=departmentCreate", {
        intent: "department-create",
        Name: name,
      }),
    );
    expect(answer).toMatchObject({ status: 400, data: { message: "That action is not available." } });
  });

  it("sends a session without employee-management to the not-found page before anything runs", async () => {
    const outsider = await actorWith(db, ["onboarding"]);
    const refused = await open("/departments?modal=departmentCreate", outsider).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).headers.get("Location")).toBe("/not-found");
    const posted = await writesNothing(() =>
      send("/departments", { intent: "department-create", Name: unique("Sneaky") }, outsider).catch(
        (error: unknown) => error,
      ),
    );
    expect((posted as Response).headers.get("Location")).toBe("/not-found");
  });
});

// A department's permission change reaches its members at once, on
// the real server: their next request is decided on the department's new grants whatever their token
// says, and their open sockets take the new permissions within a second (the DepartmentPermission
// triggers notify the users concerned), joining and leaving rooms while staying connected. A save also
// announces departmentCreated to the sockets of sessions that may open the departments page.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "~/modules/identity/session-cookie.server.ts";
import { signSessionToken } from "~/modules/identity/session-token.server.ts";
import { announcementRoomOf } from "~/rules/boards/announcements.ts";
import { permissionIdsNamed, type PermissionName } from "~/rules/access/permissions.ts";
import { createTestPrisma } from "../../support/database.ts";
import { department } from "../../support/factories/departments.ts";
import { unique } from "../../support/factories/unique.ts";
import { actorWith } from "../../support/factories/users.ts";
import { startTestServer, type RunningServer } from "../../support/test-server.ts";
import {
  client,
  closeClients,
  connected,
  fakeLoader,
  next,
  serverRooms,
  type Socket,
  within,
} from "../realtime/sockets.ts";

const db = createTestPrisma();
const loader = fakeLoader();
let server: RunningServer;
let adminToken: string;

beforeAll(async () => {
  server = await startTestServer({}, { realtime: { loadList: loader.loadList } });
  const admin = await actorWith(db, ["restricted"]);
  adminToken = signSessionToken(server.services.config, { userId: admin.user.id, permissions: admin.permissions });
});
afterAll(async () => {
  closeClients();
  await server?.close();
});
afterEach(() => closeClients());

/** A member's token as it was issued before the change: it still names the old permissions. */
function memberToken(userId: number, permissions: PermissionName[]): string {
  return signSessionToken(
    server.services.config,
    { userId, permissions: permissionIdsNamed(permissions) },
    new Date(Date.now() - 5_000),
  );
}

/** PUT /api/edit-department on the server, as the administrator. */
async function editThrough(body: { OldName: string; NewName: string; Permissions: number[] }) {
  const response = await fetch(`${server.url}/api/edit-department`, {
    method: "PUT",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${adminToken}`, Origin: server.url },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

async function page(path: string, token: string) {
  const response = await fetch(`${server.url}${path}`, {
    redirect: "manual",
    headers: { Cookie: `${SESSION_COOKIE}=${encodeURIComponent(token)}` },
  });
  await response.arrayBuffer();
  return { status: response.status, location: response.headers.get("location") };
}

const ids = (...names: PermissionName[]) => permissionIdsNamed(names);

describe("a department's permission change", () => {
  it("decides its members' next request, whatever permissions their token names", async () => {
    const { department: edited, members } = await department(db, { permissions: ["onboarding"], members: 1 });
    const token = memberToken(members[0]!.id, ["onboarding"]);
    expect(await page("/departments", token)).toEqual({ status: 302, location: "/not-found" });
    expect(await page("/onboarding", token)).toMatchObject({ status: 200 });

    await editThrough({ OldName: edited.name, NewName: edited.name, Permissions: ids("employee-management") });
    expect(await page("/departments", token)).toMatchObject({ status: 200 });
    expect(await page("/onboarding", token)).toEqual({ status: 302, location: "/not-found" });
  });

  it("moves its members' open sockets within a second: a board room left, an announcement room joined", async () => {
    const { department: edited, members } = await department(db, { permissions: ["onboarding"], members: 2 });
    const sockets: Socket[] = [];
    for (const member of members) {
      const socket = await connected(client(server, { token: memberToken(member.id, ["onboarding"]) }));
      expect(await socket.timeout(3_000).emitWithAck("joinRoom", { roomName: "onboarding" })).toMatchObject({
        ok: true,
      });
      sockets.push(socket);
    }
    const departmentsRoom = announcementRoomOf("departments");
    for (const socket of sockets) expect(serverRooms(server, socket).has(departmentsRoom)).toBe(false);

    const changedAt = Date.now();
    await editThrough({ OldName: edited.name, NewName: edited.name, Permissions: ids("employee-management") });
    await within(1_000, () =>
      sockets.every(
        (socket) => !serverRooms(server, socket).has("onboarding") && serverRooms(server, socket).has(departmentsRoom),
      ),
    );
    expect(Date.now() - changedAt).toBeLessThan(1_500);
    for (const socket of sockets) expect(socket.connected).toBe(true);
  });

  it("announces departmentCreated to the sockets that may open the departments page, and to no other", async () => {
    const { members } = await department(db, { permissions: ["employee-management"], members: 1 });
    const { members: others } = await department(db, { permissions: ["onboarding"], members: 1 });
    const listening = await connected(client(server, { token: memberToken(members[0]!.id, ["employee-management"]) }));
    const deaf = await connected(client(server, { token: memberToken(others[0]!.id, ["onboarding"]) }));
    const heardByDeaf: unknown[] = [];
    deaf.on("departmentCreated", (payload: unknown) => heardByDeaf.push(payload));

    const name = unique("Announced");
    const heard = next<{ DepartmentID: number; Name: string }>(listening, "departmentCreated");
    const response = await fetch(`${server.url}/api/create-department`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${adminToken}`, Origin: server.url },
      body: JSON.stringify({ Name: name, Permissions: [] }),
    });
    expect(response.status).toBe(200);
    const created = await db.department.findFirstOrThrow({ where: { name } });
    expect(await heard).toEqual({ DepartmentID: created.id, Name: name });
    // Anything sent to the other socket was sent before the answer to its ping (one ordered connection).
    expect(await deaf.timeout(3_000).emitWithAck("pingCheck", {})).toMatchObject({ ok: true });
    expect(heardByDeaf).toEqual([]);
  });
});

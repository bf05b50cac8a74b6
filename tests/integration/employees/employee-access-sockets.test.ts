// Employee access changes reach open sockets at once: a grant made through the operation
// lets the employee's socket join the board's room, a revocation (direct, or by moving them to another
// department) takes it out of the room while it stays connected, and a deactivation ends it. Nothing is
// mocked but the card lists: the operations write, the database's triggers notify, the server re-checks.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setEmployeeAccess, setEmployeeActive } from "~/modules/employees/employee-access.server.ts";
import { signSessionToken } from "~/modules/identity/session-token.server.ts";
import { permissionIdsNamed, PERMISSIONS, type PermissionName } from "~/rules/access/permissions.ts";
import { ROOM_FORBIDDEN, SESSION_EXPIRED_EVENT, SIGN_IN_REQUIRED } from "../../../server/realtime/index.ts";
import { createTestPrisma } from "../../support/database.ts";
import { department, editorWith, employee } from "../../support/factories/employees.ts";
import { ensurePermissions } from "../../support/factories/users.ts";
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
const ids = (names: PermissionName[]) => permissionIdsNamed(names).sort((a, b) => a - b);
let server: RunningServer;
let admin: Awaited<ReturnType<typeof editorWith>>;

beforeAll(async () => {
  server = await startTestServer({}, { realtime: { loadList: fakeLoader().loadList } });
  await ensurePermissions(
    db,
    PERMISSIONS.map((permission) => permission.name),
  );
  admin = await editorWith(db, ["restricted"], { listed: false });
}, 60_000);
afterAll(async () => {
  closeClients();
  await server?.close();
});
afterEach(() => closeClients());

/** A socket of the employee's session, with a token issued before the changes the test makes. */
function socketOf(userId: number, permissions: PermissionName[]): Promise<Socket> {
  const token = signSessionToken(
    server.services.config,
    { userId, permissions: permissionIdsNamed(permissions) },
    new Date(Date.now() - 5_000),
  );
  return connected(client(server, { token }));
}

function join(socket: Socket, roomName: string): Promise<{ ok: boolean; message?: string }> {
  return socket.timeout(3_000).emitWithAck("joinRoom", { roomName });
}

const access = (userId: number, body: unknown) => ({ userId: String(userId), body });

describe("an employee's open socket follows their access", () => {
  it("joins the onboarding room once granted, and leaves it within a second of the grant's removal", async () => {
    const clerk = await employee(db, { directPermissions: ["titles"] });
    const socket = await socketOf(clerk.id, ["titles"]);
    expect(await join(socket, "onboarding")).toEqual({ ok: false, message: `${ROOM_FORBIDDEN} (onboarding)` });

    expect(
      await setEmployeeAccess(
        db,
        admin,
        access(clerk.id, { DepartmentID: null, Permissions: ids(["titles", "onboarding"]) }),
      ),
    ).toMatchObject({ ok: true });
    expect(await join(socket, "onboarding")).toMatchObject({ ok: true });
    expect(serverRooms(server, socket).has("onboarding")).toBe(true);

    const revokedAt = Date.now();
    expect(
      await setEmployeeAccess(db, admin, access(clerk.id, { DepartmentID: null, Permissions: ids(["titles"]) })),
    ).toMatchObject({ ok: true });
    await within(1_000, () => !serverRooms(server, socket).has("onboarding"));
    expect(Date.now() - revokedAt).toBeLessThan(1_000);
    expect(socket.connected).toBe(true);
    expect(await join(socket, "titles")).toMatchObject({ ok: true });
  });

  it("leaves the room when a change of department takes the board away", async () => {
    const onRent = await department(db, ["onboarding"]);
    const titles = await department(db, ["titles"]);
    const clerk = await employee(db);
    await setEmployeeAccess(db, admin, access(clerk.id, { DepartmentID: onRent.id, Permissions: [] }));
    const socket = await socketOf(clerk.id, ["onboarding"]);
    expect(await join(socket, "onboarding")).toMatchObject({ ok: true });

    await setEmployeeAccess(db, admin, access(clerk.id, { DepartmentID: titles.id, Permissions: [] }));
    await within(1_000, () => !serverRooms(server, socket).has("onboarding"));
    expect(socket.connected).toBe(true);
  });

  it("ends every socket of a deactivated employee within a second (sessionExpired, then disconnect)", async () => {
    const clerk = await employee(db, { directPermissions: ["onboarding"] });
    const sockets = [await socketOf(clerk.id, ["onboarding"]), await socketOf(clerk.id, ["onboarding"])];
    expect(await join(sockets[0]!, "onboarding")).toMatchObject({ ok: true });
    const expired = sockets.map((socket) => next(socket, SESSION_EXPIRED_EVENT, 3_000));
    const disconnected = sockets.map((socket) => next<string>(socket, "disconnect", 3_000));
    const bystander = await socketOf(admin.user.id, ["restricted"]);

    const deactivatedAt = Date.now();
    expect(await setEmployeeActive(db, admin, access(clerk.id, { Active: false }))).toMatchObject({ ok: true });
    for (const payload of await Promise.all(expired))
      expect(payload).toEqual({ status: 401, message: SIGN_IN_REQUIRED });
    expect(await Promise.all(disconnected)).toEqual(["io server disconnect", "io server disconnect"]);
    expect(Date.now() - deactivatedAt).toBeLessThan(1_500);
    expect(bystander.connected).toBe(true);
  });
});

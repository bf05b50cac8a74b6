// Open sockets follow what their sessions depend on. A password change or
// reset, a deactivation, an impersonator's deactivation end the sockets of that session within a
// second (sessionExpired, then disconnect); a removed permission, direct or through the department,
// takes the socket out of the rooms it may no longer join while it stays connected. Joins resolve the
// session against the database again, and a change made through one process reaches the sockets of
// another (with and without Redis). Everything goes through the database's own triggers: the tests
// write rows as the operations (or an administrator in psql) would, and nothing is mocked.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { changePassword } from "~/modules/identity/password-change.server.ts";
import { completePasswordReset, hashResetToken, RESET_TOKEN_TTL_MS } from "~/modules/identity/password-reset.server.ts";
import { signSessionToken } from "~/modules/identity/session-token.server.ts";
import { LIST_EVENTS, NOTIFICATIONS_EVENT } from "~/rules/boards/boards.ts";
import { permissionId, permissionIdsNamed, type PermissionName } from "~/rules/access/permissions.ts";
import {
  ERROR_EVENT,
  notificationsRoomOf,
  ROOM_FORBIDDEN,
  SESSION_CHANGES_CHANNEL,
  SESSION_EXPIRED_EVENT,
  SIGN_IN_REQUIRED,
} from "../../../server/realtime/index.ts";
import { createTestPrisma, testDatabaseUrl } from "../../support/database.ts";
import { startTestServer, type RunningServer } from "../../support/test-server.ts";
import { createUser, ensurePermissions, PASSWORD } from "../../support/factories/users.ts";
import { redisAnswers, startInstance, stopInstances, type Instance } from "./instances.ts";
import {
  client,
  closeClients,
  connected,
  fakeLoader,
  next,
  record,
  serverRooms,
  sleep,
  type Socket,
  within,
} from "./sockets.ts";

const db = createTestPrisma();
const loader = fakeLoader();
/** Follows session changes (the default). */
let server: RunningServer;
/** Does not listen: what a join checks on its own. */
let unlistening: RunningServer;

beforeAll(async () => {
  [server, unlistening] = await Promise.all([
    startTestServer({}, { realtime: { loadList: loader.loadList } }),
    startTestServer({}, { realtime: { loadList: loader.loadList, sessionChanges: false } }),
  ]);
});
afterAll(async () => {
  closeClients();
  await Promise.all([server?.close(), unlistening?.close()]);
});
afterEach(() => closeClients());

type User = Awaited<ReturnType<typeof createUser>>;

/** A token issued five seconds ago: a revocation made now (tokensValidAfter = now) refuses it. */
function earlierToken(
  on: RunningServer,
  user: User,
  permissions: PermissionName[],
  impersonatorId: number | null = null,
): string {
  return signSessionToken(
    on.services.config,
    { userId: user.id, permissions: permissionIdsNamed(permissions), impersonatorId },
    new Date(Date.now() - 5_000),
  );
}

async function socketOf(
  on: RunningServer,
  user: User,
  permissions: PermissionName[],
  rooms: string[] = [],
): Promise<Socket> {
  const socket = await connected(client(on, { token: earlierToken(on, user, permissions) }));
  for (const room of rooms) expect(await join(socket, room)).toMatchObject({ ok: true });
  return socket;
}

function join(socket: Socket, roomName: string): Promise<{ ok: boolean; message?: string }> {
  return socket.timeout(3_000).emitWithAck("joinRoom", { roomName });
}

interface Ending {
  /** The sessionExpired payload and when it came. */
  expired: Promise<{ payload: unknown; at: number }>;
  /** The disconnect reason and when it came. */
  disconnected: Promise<{ reason: string; at: number }>;
}

/** Watches for the end of a socket's session (set up before the change, so nothing is missed). */
function ending(socket: Socket, timeoutMs = 5_000): Ending {
  const arrival = <T>(event: string) => {
    const arrived = new Promise<{ value: T; at: number }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
      socket.once(event, (value: T) => {
        clearTimeout(timer);
        resolve({ value, at: Date.now() });
      });
    });
    // A test that fails before awaiting it must not also leave an unhandled rejection behind.
    arrived.catch(() => undefined);
    return arrived;
  };
  return {
    expired: arrival<unknown>(SESSION_EXPIRED_EVENT).then(({ value, at }) => ({ payload: value, at })),
    disconnected: arrival<string>("disconnect").then(({ value, at }) => ({ reason: value, at })),
  };
}

/** Asserts that the session ended with the API's message within a second of `changedAt`. */
async function expectEndedWithinASecond(end: Ending, changedAt: number): Promise<void> {
  const expired = await end.expired;
  const disconnected = await end.disconnected;
  expect(expired.payload).toEqual({ status: 401, message: SIGN_IN_REQUIRED });
  expect(disconnected.reason).toBe("io server disconnect");
  expect(expired.at - changedAt).toBeLessThan(1_000);
  expect(disconnected.at - changedAt).toBeLessThan(1_000);
}

describe("a revoked session ends the open sockets within a second", () => {
  it("after a password change (the real operation), on every socket of the user and no other", async () => {
    const user = await createUser(db, { directPermissions: ["onboarding"] });
    const onBoard = await socketOf(server, user, ["onboarding"], ["onboarding"]);
    const elsewhere = await socketOf(server, user, ["onboarding"]);
    const bystanderUser = await createUser(db, { directPermissions: ["onboarding"] });
    const bystander = await socketOf(server, bystanderUser, ["onboarding"], ["onboarding"]);
    const ends = [ending(onBoard), ending(elsewhere)];

    const actor = {
      user: { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, theme: user.theme },
      permissions: permissionIdsNamed(["onboarding"]),
    };
    const newPassword = "a brand new password";
    const result = await changePassword(db, server.services.config, actor, user.id, {
      oldPassword: PASSWORD,
      newPassword,
      newPasswordConfirm: newPassword,
    });
    const changedAt = Date.now();
    expect(result).toMatchObject({ ok: true });

    for (const end of ends) await expectEndedWithinASecond(end, changedAt);
    // The fresh token the change answered connects; the other user's socket was never touched.
    if (!result.ok) throw new Error("unreachable");
    expect((await connected(client(server, { token: result.token }))).connected).toBe(true);
    expect(bystander.connected).toBe(true);
    const list = next(bystander, LIST_EVENTS.onboarding);
    server.services.boardChanges.listsChanged(["onboarding"]);
    await list;
  });

  it("after a password reset through an e-mailed link", async () => {
    const user = await createUser(db, { directPermissions: ["onboarding"] });
    const socket = await socketOf(server, user, ["onboarding"], ["onboarding"]);
    const end = ending(socket);
    const link = randomBytes(32).toString("base64url");
    await db.passwordResetToken.create({
      data: { userId: user.id, tokenHash: hashResetToken(link), expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) },
    });

    const result = await completePasswordReset(db, link, {
      password: "reset to something new",
      passwordConfirm: "reset to something new",
    });
    const changedAt = Date.now();
    expect(result).toMatchObject({ ok: true });
    await expectEndedWithinASecond(end, changedAt);
  });

  it("after the account is deactivated (active = false, nothing else)", async () => {
    const user = await createUser(db, { directPermissions: ["restricted"] });
    const socket = await socketOf(server, user, ["restricted"], ["transport", "sales"]);
    const end = ending(socket);
    const lists = record(socket, LIST_EVENTS.transport);

    await db.user.update({ where: { id: user.id }, data: { active: false } });
    const changedAt = Date.now();
    await expectEndedWithinASecond(end, changedAt);
    server.services.boardChanges.listsChanged(["transport"]);
    await sleep(200);
    expect(lists).toEqual([]);
  });

  it("after the impersonating administrator is deactivated", async () => {
    const admin = await createUser(db, { directPermissions: ["restricted"] });
    const target = await createUser(db, { directPermissions: ["onboarding"] });
    const token = earlierToken(server, target, ["onboarding"], admin.id);
    const socket = await connected(client(server, { token }));
    const end = ending(socket);

    await db.user.update({ where: { id: admin.id }, data: { active: false } });
    await expectEndedWithinASecond(end, Date.now());
  });

  it("survives a malformed notification, and a lost listening connection re-checks every socket", async () => {
    const admin = new pg.Client({ connectionString: testDatabaseUrl() });
    await admin.connect();
    try {
      for (const payload of ["garbage", '{"users":"all"}', '{"users":[-1]}']) {
        await admin.query("SELECT pg_notify($1, $2)", [SESSION_CHANGES_CHANNEL, payload]);
      }
      const user = await createUser(db, { directPermissions: ["onboarding"] });
      const socket = await socketOf(server, user, ["onboarding"], ["onboarding"]);
      const end = ending(socket);
      // The listening connection dies; the deactivation is notified while nobody listens, so only the
      // re-check of every socket after reconnecting can find it.
      // (Found by its last statement: a DATABASE_URL that names an application_name wins over ours.)
      const { rows } = await admin.query<{ ended: boolean }>(
        `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
          WHERE datname = current_database() AND query = $1`,
        [`LISTEN ${SESSION_CHANGES_CHANNEL}`],
      );
      expect(rows).toEqual([{ ended: true }]);
      await admin.query(`UPDATE "User" SET active = false WHERE id = $1`, [user.id]);
      const changedAt = Date.now();
      const expired = await end.expired;
      expect(expired.payload).toEqual({ status: 401, message: SIGN_IN_REQUIRED });
      // 250 ms before the first reconnection, then the re-check.
      expect(expired.at - changedAt).toBeLessThan(2_000);
      expect((await end.disconnected).reason).toBe("io server disconnect");
    } finally {
      await admin.end();
    }
  });
});

describe("a changed permission moves the socket out of the rooms it may no longer join; it stays connected", () => {
  /** Called right after the change: every socket leaves the AR room within a second. */
  async function expectLeftWithinASecond(sockets: Socket[]): Promise<void> {
    const rooms = sockets.map((socket) => serverRooms(server, socket));
    await within(1_000, () => rooms.every((joined) => !joined.has("ar")));
  }

  async function expectDowngraded(socket: Socket): Promise<void> {
    const rooms = serverRooms(server, socket);
    expect(rooms.has("ar")).toBe(false);
    expect(socket.connected).toBe(true);
    // What is still permitted is kept: its board room and its notifications rooms.
    expect(rooms.has("onboarding")).toBe(true);
    expect(rooms.has(notificationsRoomOf("onboarding"))).toBe(true);
    expect(rooms.has(notificationsRoomOf("ar"))).toBe(false);

    // No more AR lists or AR counts; the onboarding list still comes.
    const arLists = record(socket, LIST_EVENTS["ar-claims"]);
    const counts = record(socket, NOTIFICATIONS_EVENT);
    const onboarding = next(socket, LIST_EVENTS.onboarding);
    server.services.boardChanges.listsChanged(["ar-claims", "onboarding"]);
    await onboarding;
    await sleep(150);
    expect(arLists).toEqual([]);
    expect(counts).toEqual([]);

    // Joining the room again is refused, with the usual error event.
    const error = next<{ event: string; message: string }>(socket, ERROR_EVENT);
    expect(await join(socket, "ar")).toEqual({ ok: false, message: `${ROOM_FORBIDDEN} (ar)` });
    expect(await error).toEqual({ event: "joinRoom", message: `${ROOM_FORBIDDEN} (ar)` });
    expect(socket.connected).toBe(true);
  }

  it("a direct grant removed", async () => {
    const user = await createUser(db, { directPermissions: ["onboarding", "accounts-receivable"] });
    const socket = await socketOf(server, user, ["onboarding", "accounts-receivable"], ["ar", "onboarding"]);
    await db.userPermission.delete({
      where: { userId_permissionId: { userId: user.id, permissionId: permissionId("accounts-receivable") } },
    });
    await expectLeftWithinASecond([socket]);
    await expectDowngraded(socket);
  });

  it("a department's grant removed, for every user of the department", async () => {
    const first = await createUser(db, { departmentPermissions: ["onboarding", "accounts-receivable"] });
    const second = await createUser(db);
    await db.user.update({ where: { id: second.id }, data: { departmentId: first.departmentId } });
    const sockets = [
      await socketOf(server, first, ["onboarding", "accounts-receivable"], ["ar", "onboarding"]),
      await socketOf(server, second, ["onboarding", "accounts-receivable"], ["ar", "onboarding"]),
    ];
    await db.departmentPermission.delete({
      where: {
        departmentId_permissionId: {
          departmentId: first.departmentId!,
          permissionId: permissionId("accounts-receivable"),
        },
      },
    });
    await expectLeftWithinASecond(sockets);
    for (const socket of sockets) await expectDowngraded(socket);
  });

  it("a grant added joins the new notifications room at once (the board itself only on request)", async () => {
    const user = await createUser(db, { directPermissions: ["onboarding"] });
    const socket = await socketOf(server, user, ["onboarding"], ["onboarding"]);
    const rooms = serverRooms(server, socket);
    expect(rooms.has(notificationsRoomOf("ar"))).toBe(false);
    await ensurePermissions(db, ["accounts-receivable"]);
    await db.userPermission.create({ data: { userId: user.id, permissionId: permissionId("accounts-receivable") } });
    await within(1_000, () => rooms.has(notificationsRoomOf("ar")));
    expect(rooms.has("ar")).toBe(false);
    expect(await join(socket, "ar")).toMatchObject({ ok: true });
  });
});

describe("a join resolves the session against the database (even with no notification)", () => {
  it("refuses joinRoom and joinRooms after a revocation, and ends the session", async () => {
    for (const event of ["joinRoom", "joinRooms"] as const) {
      const user = await createUser(db, { directPermissions: ["onboarding"] });
      const socket = await socketOf(unlistening, user, ["onboarding"], ["onboarding"]);
      const end = ending(socket);
      await db.user.update({ where: { id: user.id }, data: { tokensValidAfter: new Date() } });
      await sleep(300);
      expect(socket.connected).toBe(true); // this server does not listen

      const errors = record<{ event: string; message: string }>(socket, ERROR_EVENT);
      const payload = event === "joinRoom" ? { roomName: "overview" } : { rooms: ["overview"] };
      const answer = await socket.timeout(3_000).emitWithAck(event, payload);
      expect(answer).toEqual({ ok: false, message: SIGN_IN_REQUIRED });
      expect((await end.expired).payload).toEqual({ status: 401, message: SIGN_IN_REQUIRED });
      expect((await end.disconnected).reason).toBe("io server disconnect");
      expect(errors).toEqual([{ event, message: SIGN_IN_REQUIRED }]);
    }
  });

  it("applies a removed permission: the room is refused and left, the others kept", async () => {
    const user = await createUser(db, { directPermissions: ["onboarding", "accounts-receivable"] });
    const socket = await socketOf(unlistening, user, ["onboarding", "accounts-receivable"], ["ar", "onboarding"]);
    await db.userPermission.delete({
      where: { userId_permissionId: { userId: user.id, permissionId: permissionId("accounts-receivable") } },
    });
    await sleep(300);
    expect(serverRooms(unlistening, socket).has("ar")).toBe(true); // this server does not listen

    expect(await join(socket, "ar")).toEqual({ ok: false, message: `${ROOM_FORBIDDEN} (ar)` });
    const rooms = serverRooms(unlistening, socket);
    expect(rooms.has("ar")).toBe(false);
    expect(rooms.has(notificationsRoomOf("ar"))).toBe(false);
    expect(rooms.has("onboarding")).toBe(true);
    expect(socket.connected).toBe(true);
  });
});

describe("the triggers notify what sessions depend on, and nothing else", () => {
  /** Collects this database's notifications on the channel while `write` runs. */
  async function notified(write: (client: pg.Client) => Promise<unknown>): Promise<string[]> {
    const listener = new pg.Client({ connectionString: testDatabaseUrl() });
    const writer = new pg.Client({ connectionString: testDatabaseUrl() });
    await Promise.all([listener.connect(), writer.connect()]);
    const payloads: string[] = [];
    listener.on("notification", ({ channel, payload }) => {
      if (channel === SESSION_CHANGES_CHANNEL) payloads.push(payload ?? "");
    });
    try {
      await listener.query(`LISTEN ${SESSION_CHANGES_CHANNEL}`);
      await write(writer);
      // A round trip on the listening connection delivers what was notified before it.
      await listener.query("SELECT 1");
      await sleep(50);
      return payloads;
    } finally {
      await Promise.all([listener.end(), writer.end()]);
    }
  }

  it("a statement over 1,200 users sends their ids in notifications of at most 500", async () => {
    const emails = Array.from({ length: 1_200 }, (_, i) => `bulk-${process.pid}-${i}@fleetops.test`);
    await db.user.createMany({
      data: emails.map((email) => ({ email, firstName: "Bulk", lastName: "User" })),
    });
    const ids = (await db.user.findMany({ where: { email: { in: emails } }, select: { id: true } })).map(
      ({ id }) => id,
    );
    const payloads = await notified((writer) =>
      writer.query(`UPDATE "User" SET "tokensValidAfter" = now() WHERE id = ANY($1::int[])`, [ids]),
    );
    expect(payloads).toHaveLength(3);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8_000);
    const named = payloads.flatMap((payload) => (JSON.parse(payload) as { users: number[] }).users);
    expect(named.sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    expect(payloads.map((payload) => (JSON.parse(payload) as { users: number[] }).users.length)).toEqual([
      500, 500, 200,
    ]);
  });

  it("names the users of a department whose grants change, and the user whose department changes", async () => {
    const first = await createUser(db, { departmentPermissions: ["onboarding"] });
    const second = await createUser(db);
    await ensurePermissions(db, ["accounts-receivable"]);
    const moved = await notified((writer) =>
      writer.query(`UPDATE "User" SET "departmentId" = $1 WHERE id = $2`, [first.departmentId, second.id]),
    );
    expect(moved.map((payload) => JSON.parse(payload) as unknown)).toEqual([{ users: [second.id] }]);
    const granted = await notified((writer) =>
      writer.query(`INSERT INTO "DepartmentPermission" ("departmentId", "permissionId") VALUES ($1, 13)`, [
        first.departmentId,
      ]),
    );
    expect(granted.map((payload) => JSON.parse(payload) as unknown)).toEqual([{ users: [first.id, second.id] }]);
  });

  it("is silent for what sessions do not depend on, and for a transaction rolled back", async () => {
    const user = await createUser(db, { directPermissions: ["onboarding"] });
    const payloads = await notified(async (writer) => {
      await writer.query(`UPDATE "User" SET theme = 'DARK', "firstName" = 'Renamed' WHERE id = $1`, [user.id]);
      await writer.query(`UPDATE "User" SET active = true WHERE id = $1`, [user.id]); // unchanged
      await writer.query("BEGIN");
      await writer.query(`UPDATE "User" SET active = false WHERE id = $1`, [user.id]);
      await writer.query(`DELETE FROM "UserPermission" WHERE "userId" = $1`, [user.id]);
      await writer.query("ROLLBACK");
    });
    expect(payloads).toEqual([]);
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const redisAvailable = await redisAnswers(REDIS_URL);
if (!redisAvailable)
  console.warn(`session changes across instances with Redis skipped: no Redis answered PING at ${REDIS_URL}`);

describe.each([
  { fanOut: "without Redis", redisUrl: undefined },
  { fanOut: "with Redis", redisUrl: redisAvailable ? REDIS_URL : null },
])("two server processes on one database, $fanOut", ({ redisUrl }) => {
  const jwtSecret = "s".repeat(32);
  const redisKey = `fleetops-test-sessions-${process.pid}-${randomBytes(4).toString("hex")}`;
  let a: Instance | undefined;
  let b: Instance | undefined;

  beforeAll(async () => {
    if (redisUrl === null) return;
    [a, b] = await Promise.all([
      startInstance({ jwtSecret, redisUrl, redisKey }),
      startInstance({ jwtSecret, redisUrl, redisKey }),
    ]);
  }, 120_000);

  afterAll(async () => {
    closeClients();
    await stopInstances(a, b);
  });

  it.skipIf(redisUrl === null)(
    "a password change sent to A ends the user's socket on B within a second",
    async () => {
      const user = await createUser(db, { directPermissions: ["onboarding"] });
      const token = signSessionToken(
        { JWT_SECRET: jwtSecret, JWT_TTL_SECONDS: 3600 },
        { userId: user.id, permissions: permissionIdsNamed(["onboarding"]) },
        new Date(Date.now() - 5_000),
      );
      const onB = await connected(client(b!, { token }));
      expect(await join(onB, "onboarding")).toMatchObject({ ok: true });
      const end = ending(onB);

      const newPassword = "changed through instance A";
      const response = await fetch(`${a!.url}/users/changePassword/${user.id}`, {
        method: "PUT",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", Origin: a!.url },
        body: JSON.stringify({ oldPassword: PASSWORD, newPassword, newPasswordConfirm: newPassword }),
      });
      const changedAt = Date.now();
      const body = (await response.json()) as { token?: string };
      expect(response.status).toBe(200);
      await expectEndedWithinASecond(end, changedAt);
      // The token A answered opens a socket on B.
      expect((await connected(client(b!, { token: body.token! }))).connected).toBe(true);
    },
    60_000,
  );
});

// The socket layer through a real server: handshake refusal and acceptance,
// room authorisation, join/leave/rejoin, bad payloads, the refresh of every list to its room only,
// coalescing, notifications, reconnect, and expiry. Lists come from an injected loader (sockets.ts).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signSessionToken } from "~/modules/identity/session-token.server.ts";
import {
  CARD_LISTS,
  LIST_EVENTS,
  NOTIFICATIONS_EVENT,
  roomOfList,
  type CardListPayload,
} from "~/rules/boards/boards.ts";
import { permissionId, permissionIdsNamed, type PermissionName } from "~/rules/access/permissions.ts";
import {
  ERROR_EVENT,
  JOINS_PER_WINDOW,
  SESSION_EXPIRED_EVENT,
  TOO_MANY_JOINS_MESSAGE,
  type NotificationsPayload,
} from "../../../server/realtime/index.ts";
import { createTestPrisma } from "../../support/database.ts";
import { createUser, ensurePermissions } from "../../support/factories/users.ts";
import { startTestServer, type RunningServer } from "../../support/test-server.ts";
import {
  client,
  closeClients,
  connected,
  connectError,
  fakeLoader,
  next,
  record,
  sleep,
  type Socket,
} from "./sockets.ts";

const SIGN_IN_REQUIRED = "Sign in required.";
const EXPIRED = "Token has expired, please login again";

const db = createTestPrisma();
const loader = fakeLoader();
let server: RunningServer;

beforeAll(async () => {
  server = await startTestServer({}, { realtime: { loadList: loader.loadList } });
});
afterAll(async () => {
  closeClients();
  await server?.close();
});
beforeEach(() => {
  loader.reset();
  loader.failing.clear();
});
afterEach(() => closeClients());

async function tokenFor(
  permissions: PermissionName[],
  options: { now?: Date; ttlSeconds?: number } = {},
): Promise<string> {
  const user = await createUser(db, {
    directPermissions: permissions,
    tokensValidAfter: new Date(Date.now() - 7_200_000),
  });
  const config = { ...server.services.config, JWT_TTL_SECONDS: options.ttlSeconds ?? 3600 };
  return signSessionToken(config, { userId: user.id, permissions: permissionIdsNamed(permissions) }, options.now);
}

async function signedIn(permissions: PermissionName[]): Promise<Socket> {
  return connected(client(server, { token: await tokenFor(permissions) }));
}

async function join(socket: Socket, roomName: string): Promise<{ ok: boolean; message?: string }> {
  return socket.timeout(3_000).emitWithAck("joinRoom", { roomName });
}

describe("handshake", () => {
  it("is refused without a token", async () => {
    const error = await connectError(client(server));
    expect(error.message).toBe(SIGN_IN_REQUIRED);
    expect(error.data).toEqual({ status: 401, message: SIGN_IN_REQUIRED });
  });

  it("is refused with a garbage token, in auth and in the cookie", async () => {
    expect((await connectError(client(server, { token: "not.a.token" }))).message).toBe(SIGN_IN_REQUIRED);
    const cookie = "fleetops_session=garbage";
    expect((await connectError(client(server, { cookie, transports: ["polling"] }))).message).toBe(SIGN_IN_REQUIRED);
  });

  it("is refused with a token signed by another secret", async () => {
    const user = await createUser(db, { directPermissions: ["restricted"] });
    const token = signSessionToken(
      { JWT_SECRET: "x".repeat(32), JWT_TTL_SECONDS: 3600 },
      { userId: user.id, permissions: permissionIdsNamed(["restricted"]) },
    );
    expect((await connectError(client(server, { token }))).message).toBe(SIGN_IN_REQUIRED);
  });

  it("is refused with an expired token, saying so", async () => {
    const token = await tokenFor(["restricted"], { now: new Date(Date.now() - 2 * 3_600_000) });
    const error = await connectError(client(server, { token }));
    expect(error.message).toBe(EXPIRED);
    expect(error.data).toEqual({ status: 401, message: EXPIRED });
  });

  it("is accepted with the session cookie (polling, as a browser starts) and with auth.token", async () => {
    const token = await tokenFor(["onboarding"]);
    const byCookie = await connected(
      client(server, { cookie: `other=1; fleetops_session=${token}`, transports: ["polling"] }),
    );
    expect(byCookie.connected).toBe(true);
    expect(await join(byCookie, "onboarding")).toMatchObject({ ok: true });
    const byAuth = await connected(client(server, { token }));
    expect(byAuth.connected).toBe(true);
    // The server knows the session: the permissions decide the rooms.
    expect(await join(byAuth, "transport")).toMatchObject({ ok: false });
  });

  it("disconnects a socket when its token expires", async () => {
    // Issued 58 s ago with a 60 s lifetime: two seconds left.
    const token = await tokenFor(["restricted"], { now: new Date(Date.now() - 58_000), ttlSeconds: 60 });
    const socket = await connected(client(server, { token }));
    const expired = next<{ message: string }>(socket, SESSION_EXPIRED_EVENT, 6_000);
    const disconnected = next<string>(socket, "disconnect", 6_000);
    expect(await expired).toEqual({ status: 401, message: EXPIRED });
    expect(await disconnected).toBe("io server disconnect");
  });
});

describe("rooms", () => {
  it.each([
    [["accounts-receivable"], true],
    [["ar-read-only"], true],
    [["onboarding"], false],
  ] satisfies [PermissionName[], boolean][])("'ar' with permissions %j: joined %s", async (permissions, allowed) => {
    const socket = await signedIn(permissions);
    const errors = record<{ event: string; message: string }>(socket, ERROR_EVENT);
    const answer = await join(socket, "ar");
    expect(answer.ok).toBe(allowed);
    if (!allowed) {
      await sleep(50);
      expect(errors).toEqual([{ event: "joinRoom", message: expect.stringContaining("permission") }]);
    }
    // Only a joined socket receives the room's lists.
    const arOpen = record(socket, LIST_EVENTS["ar-open"]);
    server.services.boardChanges.listsChanged(["ar-open"]);
    await sleep(250);
    expect(arOpen).toHaveLength(allowed ? 1 : 0);
  });

  it("answers a flood of 200 joins with refresh in a second: each list sent once, the joins over budget refused", async () => {
    const socket = await signedIn(["onboarding"]);
    const lists = record(socket, LIST_EVENTS.onboarding);
    const errors = record<{ event: string; message: string }>(socket, ERROR_EVENT);
    for (let n = 0; n < 200; n++) socket.emit("joinRoom", { roomName: "onboarding", refresh: true });
    // The server keeps answering meanwhile.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    await expect.poll(() => errors.length, { timeout: 5_000 }).toBe(200 - JOINS_PER_WINDOW);
    expect(new Set(errors.map(({ event, message }) => `${event}: ${message}`))).toEqual(
      new Set([`joinRoom: ${TOO_MANY_JOINS_MESSAGE}`]),
    );
    // The list as it stands went out once (once the allowed joins are answered), and was computed once.
    await expect.poll(() => lists.length, { timeout: 5_000 }).toBe(1);
    await sleep(300);
    expect(lists).toHaveLength(1);
    expect(loader.calls.get("onboarding")).toBe(1);
    // Changed, it reaches the room as always.
    server.services.boardChanges.listsChanged(["onboarding"]);
    await expect.poll(() => lists.length).toBe(2);
  });

  it("refuses an unknown room with an error event", async () => {
    const socket = await signedIn(["restricted"]);
    const error = next<{ event: string; message: string }>(socket, ERROR_EVENT);
    expect(await join(socket, "no-such-board")).toMatchObject({ ok: false });
    expect(await error).toEqual({ event: "joinRoom", message: expect.stringContaining("no such room") });
  });

  it("joins without an acknowledgement too, and answers refusals with the error event only", async () => {
    const socket = await signedIn(["onboarding"]);
    const error = next<{ event: string; message: string }>(socket, ERROR_EVENT);
    socket.emit("joinRoom", { roomName: "ar" });
    expect((await error).event).toBe("joinRoom");
  });

  it("leaves and rejoins", async () => {
    const socket = await signedIn(["onboarding"]);
    const seen = record<CardListPayload>(socket, LIST_EVENTS.onboarding);
    await join(socket, "onboarding");
    server.services.boardChanges.listsChanged(["onboarding"]);
    await sleep(250);
    expect(seen).toHaveLength(1);

    expect(await socket.timeout(3_000).emitWithAck("leaveRoom", { roomName: "onboarding" })).toMatchObject({
      ok: true,
    });
    server.services.boardChanges.listsChanged(["onboarding"]);
    await sleep(250);
    expect(seen).toHaveLength(1);

    await join(socket, "onboarding");
    socket.emit("leaveRoom", "overview"); // a plain string is accepted too
    server.services.boardChanges.listsChanged(["onboarding"]);
    await sleep(250);
    expect(seen).toHaveLength(2);
  });

  it("joins several rooms at once, reporting the refused ones", async () => {
    const socket = await signedIn(["accounts-receivable"]);
    const error = next<{ event: string; message: string; rooms: string[] }>(socket, ERROR_EVENT);
    const answer = await socket
      .timeout(3_000)
      .emitWithAck("joinRooms", { rooms: ["ar", "overview", "transport", "nope"] });
    expect(answer).toEqual({ ok: false, joined: ["ar", "overview"], refused: ["transport", "nope"] });
    expect(await error).toMatchObject({ event: "joinRooms", rooms: ["transport", "nope"] });
    const ar = record(socket, LIST_EVENTS["ar-claims"]);
    const overview = record(socket, LIST_EVENTS.overview);
    const transport = record(socket, LIST_EVENTS.transport);
    server.services.boardChanges.listsChanged(["ar-claims", "overview", "transport"]);
    await sleep(250);
    expect([ar.length, overview.length, transport.length]).toEqual([1, 1, 0]);
  });

  it("answers bad payloads with error events and stays connected", async () => {
    const socket = await signedIn(["restricted"]);
    const errors = record<{ event: string; message: string }>(socket, ERROR_EVENT);
    socket.emit("joinRoom", 42);
    socket.emit("joinRoom", { roomName: { nested: true } });
    socket.emit("joinRoom");
    socket.emit("joinRooms", { rooms: "onboarding" });
    socket.emit("joinRooms", { rooms: Array.from({ length: 100 }, () => "onboarding") });
    socket.emit("leaveRoom", { room: "onboarding" });
    socket.emit("joinRoom", { roomName: "onboarding", token: "garbage" });
    const bad = await socket.timeout(3_000).emitWithAck("joinRoom", null);
    expect(bad).toMatchObject({ ok: false, message: expect.stringMatching(/^Invalid payload/) });
    await sleep(100);
    // The garbage token is checked against the database, so its answer may come last.
    expect(errors.map((error) => error.event).sort()).toEqual([
      ...Array(5).fill("joinRoom"),
      "joinRooms",
      "joinRooms",
      "leaveRoom",
    ]);
    expect(errors.filter((error) => error.message === SIGN_IN_REQUIRED)).toHaveLength(1);
    expect(errors.filter((error) => error.message.startsWith("Invalid payload"))).toHaveLength(7);
    expect(socket.connected).toBe(true);
    expect(await socket.timeout(3_000).emitWithAck("pingCheck")).toMatchObject({ ok: true });
  });

  it("answers pingCheck with an acknowledgement or a pong", async () => {
    const socket = await signedIn(["onboarding"]);
    expect(await socket.timeout(3_000).emitWithAck("pingCheck", {})).toMatchObject({
      ok: true,
      at: expect.any(String),
    });
    const pong = next(socket, "pong");
    socket.emit("pingCheck");
    expect(await pong).toMatchObject({ ok: true });
  });

  it("adopts a fresh token sent with joinRoom, and refuses another user's", async () => {
    const user = await createUser(db, {
      directPermissions: ["onboarding"],
      tokensValidAfter: new Date(Date.now() - 60_000),
    });
    const config = server.services.config;
    const socket = await connected(
      client(server, {
        token: signSessionToken(config, { userId: user.id, permissions: permissionIdsNamed(["onboarding"]) }),
      }),
    );
    expect(await join(socket, "transport")).toMatchObject({ ok: false });
    // The user is granted the whole app; the token sent with joinRoom carries the new permissions.
    await ensurePermissions(db, ["restricted"]);
    await db.userPermission.create({ data: { userId: user.id, permissionId: permissionId("restricted") } });
    const fresh = signSessionToken(config, {
      userId: user.id,
      permissions: permissionIdsNamed(["restricted", "onboarding"]),
    });
    expect(await socket.timeout(3_000).emitWithAck("joinRoom", { roomName: "transport", token: fresh })).toMatchObject({
      ok: true,
    });
    const other = await tokenFor(["restricted"]);
    expect(await socket.timeout(3_000).emitWithAck("joinRoom", { roomName: "sales", token: other })).toMatchObject({
      ok: false,
    });
  });
});

describe("refresh", () => {
  it.each(CARD_LISTS.map((list) => [list]))("pushes the full %s list to its room only", async (list) => {
    const room = roomOfList(list);
    const inRoom = await signedIn(["restricted"]);
    // All access may open /credit-memos, whose readers hear the memo list too: a titles clerk may not.
    const elsewhere = await signedIn(list === "credit-memos" ? ["titles"] : ["restricted"]);
    await join(inRoom, room);
    await join(elsewhere, room === "overview" || list === "credit-memos" ? "titles" : "overview");
    const received = next<CardListPayload>(inRoom, LIST_EVENTS[list]);
    const leaked = record(elsewhere, LIST_EVENTS[list]);
    server.services.boardChanges.listsChanged([list]);
    const payload = await received;
    expect(payload).toEqual({
      list,
      generatedAt: expect.any(String),
      cards: [expect.objectContaining({ key: `${list}-card-1`, list })],
    });
    await sleep(100);
    expect(leaked).toEqual([]);
  });

  it("pushes the memo list to a /credit-memos reader in no board room, naming who saved (ADR 048)", async () => {
    const reader = await signedIn(["credit-memos"]);
    const received = new Promise<unknown[]>((resolve) =>
      reader.once(LIST_EVENTS["credit-memos"], (...args) => resolve(args)),
    );
    server.services.boardChanges.listsChanged(["credit-memos"], undefined, { UserID: 7, Name: "Dana Ruiz" });
    const [payload, user] = await received;
    expect(payload).toMatchObject({ list: "credit-memos" });
    expect(user).toEqual({ UserID: 7, Name: "Dana Ruiz" });
  });

  it("transport: both lists of the room update (the original's suspected defect)", async () => {
    const socket = await signedIn(["restricted"]);
    await join(socket, "transport");
    const transport = next<CardListPayload>(socket, "transportCardsRefresh");
    const shipping = next<CardListPayload>(socket, "shippingCardsRefresh");
    server.services.boardChanges.listsChanged(["transport", "shipping"]);
    expect((await transport).list).toBe("transport");
    expect((await shipping).list).toBe("shipping");
  });

  it("coalesces a burst: 20 changes within 10 ms compute and emit each list once", async () => {
    const socket = await signedIn(["restricted"]);
    await join(socket, "onboarding");
    await join(socket, "transport");
    const onboarding = record<CardListPayload>(socket, LIST_EVENTS.onboarding);
    const transport = record<CardListPayload>(socket, LIST_EVENTS.transport);
    const started = Date.now();
    for (let i = 0; i < 20; i += 1) {
      server.services.boardChanges.listsChanged(i % 2 ? ["onboarding", "transport"] : ["onboarding"]);
    }
    expect(Date.now() - started).toBeLessThan(10);
    await sleep(400);
    expect(onboarding).toHaveLength(1);
    expect(transport).toHaveLength(1);
    expect(loader.calls.get("onboarding")).toBe(1);
    expect(loader.calls.get("transport")).toBe(1);
  });

  it("a list goes out as soon as it is computed; a change later in the window goes out again at its end", async () => {
    const socket = await signedIn(["restricted"]);
    await join(socket, "sales");
    loader.calls.delete("sales");
    const seen = record<CardListPayload>(socket, LIST_EVENTS.sales);
    server.services.boardChanges.listsChanged(["sales"]);
    await sleep(10); // the window is still open: its first computation has already gone out
    expect(loader.calls.get("sales")).toBe(1);
    server.services.boardChanges.listsChanged(["sales"]);
    await sleep(400);
    expect(loader.calls.get("sales")).toBe(2);
    expect(seen.map((payload) => payload.cards[0]!.key)).toEqual(["sales-card-1", "sales-card-2"]);
  });

  it("a change during a refresh gets a refresh of its own, after the first", async () => {
    const socket = await signedIn(["restricted"]);
    await join(socket, "recon");
    const seen = record<CardListPayload>(socket, LIST_EVENTS.recon);
    server.services.boardChanges.listsChanged(["recon"]);
    await sleep(70);
    server.services.boardChanges.listsChanged(["recon"]);
    await sleep(400);
    expect(seen.map((payload) => payload.cards[0]!.key)).toEqual(["recon-card-1", "recon-card-2"]);
  });

  it("logs a list that fails to load and still refreshes the others", async () => {
    const socket = await signedIn(["restricted"]);
    await join(socket, "sales");
    await join(socket, "titles");
    loader.failing.add("sales");
    const sales = record(socket, LIST_EVENTS.sales);
    const titles = next<CardListPayload>(socket, LIST_EVENTS.titles);
    server.services.boardChanges.listsChanged(["sales", "titles"]);
    expect((await titles).list).toBe("titles");
    await sleep(100);
    expect(sales).toEqual([]);
    expect(socket.connected).toBe(true);
  });

  it("sends a notifications refresh with the list's count to those who may read it and are not on its board", async () => {
    const reader = await signedIn(["accounts-receivable"]);
    const onBoard = await signedIn(["accounts-receivable"]);
    await join(onBoard, "ar");
    const outsider = await signedIn(["onboarding"]);
    const seen = next<NotificationsPayload>(reader, NOTIFICATIONS_EVENT);
    const list = next<CardListPayload>(onBoard, LIST_EVENTS["ar-claims"]);
    const leaked = record(outsider, NOTIFICATIONS_EVENT);
    const redundant = record(onBoard, NOTIFICATIONS_EVENT);
    server.services.boardChanges.listsChanged(["ar-claims"]);
    expect(await seen).toEqual({ generatedAt: expect.any(String), counts: { "ar-claims": 1 } });
    // On the board the list itself arrives, and its length is the count.
    expect((await list).cards).toHaveLength(1);
    await sleep(100);
    expect(leaked).toEqual([]);
    expect(redundant).toEqual([]);
  });

  it("treats a client's own refresh event as a coalesced hint, within its permissions", async () => {
    const socket = await signedIn(["onboarding"]);
    await join(socket, "onboarding");
    const seen = next<CardListPayload>(socket, LIST_EVENTS.onboarding);
    socket.emit("onBoardingCardsRefresh");
    socket.emit("transportCardsRefresh"); // not readable with [10]: ignored
    expect((await seen).list).toBe("onboarding");
    await sleep(100);
    expect(loader.calls.get("transport")).toBeUndefined();
  });

  it("reaches a client again after it reconnects and rejoins, and sends the lists on request", async () => {
    const token = await tokenFor(["restricted"]);
    const socket = await connected(client(server, { token }));
    await join(socket, "offboarding");
    socket.disconnect();
    server.services.boardChanges.listsChanged(["offboarding"]);
    await sleep(250); // missed while away: the client refetches on reconnect

    await connected(socket);
    const current = next<CardListPayload>(socket, LIST_EVENTS.offboarding);
    expect(
      await socket.timeout(3_000).emitWithAck("joinRoom", { roomName: "offboarding", refresh: true }),
    ).toMatchObject({ ok: true });
    // The list as the missed change left it (kept, ADR 018: nothing changed since, nothing recomputed).
    expect((await current).cards[0]!.key).toBe("offboarding-card-1");
    expect(loader.calls.get("offboarding")).toBe(1);
    const later = next<CardListPayload>(socket, LIST_EVENTS.offboarding);
    server.services.boardChanges.listsChanged(["offboarding"]);
    expect((await later).cards[0]!.key).toBe("offboarding-card-2");
  });
});

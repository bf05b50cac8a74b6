// What a connected socket may send (ADR 010): joinRoom, joinRooms, leaveRoom, pingCheck,
// and the legacy refresh events a client emits after a save. Every payload is checked with zod; a bad
// one, or a refused room, is answered with an `error` event { event, message } (and a negative
// acknowledgement when the client asked for one), never with a crash. A join first resolves the
// socket's session again against the database: a revoked session ends, changed permissions
// apply.
import { encodeCardList } from "../../app/rules/boards/card-wire.ts";
import { RateLimiterMemory } from "rate-limiter-flexible";
import type { Socket } from "socket.io";
import { z } from "zod";
import {
  BOARD_ROOMS,
  CARD_LISTS,
  isBoardRoom,
  LIST_EVENTS,
  mayJoinRoom,
  mayReadList,
  type CardListName,
} from "../../app/rules/boards/boards.ts";
import type { AppServices } from "../../app/modules/platform/services.server.ts";
import { armExpiry, checkToken, endSession, type SessionCheck, type SocketData, type SocketSession } from "./auth.ts";
import type { ListLoader } from "./refresh.ts";
import { roomChanges } from "./rooms.ts";

export const ERROR_EVENT = "error";
export const PONG_EVENT = "pong";
export const NO_SUCH_ROOM = "There is no such room.";
export const ROOM_FORBIDDEN = "You do not have permission to join this room.";

const roomName = z.string().trim().min(1).max(64);
const token = z.string().min(1).max(4096).optional();

const joinRoomSchema = z.object({ roomName, token, refresh: z.boolean().optional() });
const joinRoomsSchema = z.union([
  z.object({ rooms: z.array(roomName).max(32), token, refresh: z.boolean().optional() }),
  z
    .array(roomName)
    .max(32)
    .transform((rooms) => ({ rooms, token: undefined, refresh: undefined })),
]);
const leaveRoomSchema = z.union([z.object({ roomName }).transform((payload) => payload.roomName), roomName]);

type Ack = (answer: unknown) => void;

/** socket.io passes the acknowledgement callback last; find it whatever the client sent before it. */
function splitArgs(args: unknown[]): { payload: unknown; ack: Ack | undefined } {
  const last = args.at(-1);
  const ack = typeof last === "function" ? (last as Ack) : undefined;
  return { payload: ack && args.length === 1 ? undefined : args[0], ack };
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
  return `Invalid payload (${where}${issue?.message ?? "unexpected value"}).`;
}

/**
 * Brings the socket's rooms in line with its session's permissions: leaves the board rooms
 * and notifications rooms no longer permitted, joins the notifications rooms newly permitted, keeps
 * the rest. Answers the board rooms it left.
 */
export function syncRooms(socket: Socket): string[] {
  const { session } = socket.data as SocketData;
  const { join, leave } = roomChanges(socket.rooms, session.permissions);
  for (const room of join) void socket.join(room);
  for (const room of leave) void socket.leave(room);
  return leave.filter(isBoardRoom);
}

/** Installs a (re)resolved session on the socket: permissions, expiry timer, rooms. */
export function applySession(socket: Socket, services: AppServices, session: SocketSession, token: string): void {
  const data = socket.data as SocketData;
  data.session = session;
  data.token = token;
  armExpiry(socket, services);
  const left = syncRooms(socket);
  if (left.length > 0) {
    services.logger.info(
      { socketId: socket.id, userId: session.userId, rooms: left },
      "socket left rooms its permissions no longer allow",
    );
  }
}

export interface RecheckOptions {
  /** How a token is resolved (default checkToken); a batch shares one answer per token. */
  check?: (token: string) => Promise<SessionCheck>;
  /** Called with the message just before a session found unusable is ended. */
  refuse?: (message: string) => void;
}

/**
 * Resolves the socket's token against the database again, as its handshake did, and applies the
 * answer: an unusable session (revoked, deactivated, expired) is ended — the client gets
 * SESSION_EXPIRED_EVENT with the API's message and is disconnected — and a usable one replaces the
 * socket's session and rooms. Answers whether the socket keeps a session. Of re-checks that overlap,
 * only the one started last applies its answer; the earlier ones answer what it answers.
 */
export function recheckSession(socket: Socket, services: AppServices, options: RecheckOptions = {}): Promise<boolean> {
  const data = socket.data as SocketData;
  const token = data.token;
  const mine = ++data.checks;
  const check = options.check ?? ((value: string) => checkToken(services, value));
  const run = check(token).then((answer): boolean | Promise<boolean> => {
    if (!socket.connected) return false;
    if (data.checks !== mine) return data.latestCheck ?? socket.connected;
    if (!answer.ok) {
      options.refuse?.(answer.message);
      endSession(socket, services, answer.message, "socket session ended: it no longer resolves");
      return false;
    }
    applySession(socket, services, answer.session, token);
    return true;
  });
  data.latestCheck = run;
  return run;
}

/**
 * Room joins a socket may ask for within JOIN_WINDOW_S (joinRoom and joinRooms alike). A board joins its
 * rooms once per (re)connection and after signing in again; a client looping on joins with refresh made
 * the server resolve its session and push every list each time (9 MB in a second), and starved
 * every other request meanwhile.
 */
export const JOINS_PER_WINDOW = 20;
export const JOIN_WINDOW_S = 10;
export const TOO_MANY_JOINS_MESSAGE = "Too many room joins: wait a few seconds and join again.";

/** The legacy event name existing clients use for the three AR lists. */
const LEGACY_AR_EVENT = "arCardsRefresh";

export interface ConnectionOptions {
  services: AppServices;
  loadList: ListLoader;
}

/** Wires one accepted socket. */
export function handleConnection(socket: Socket, { services, loadList }: ConnectionOptions): void {
  const data = socket.data as SocketData;
  const { logger } = services;
  const joins = new RateLimiterMemory({ points: JOINS_PER_WINDOW, duration: JOIN_WINDOW_S });
  /** The lists last sent to this socket on a join, as the cache gave them: the same one is not sent again. */
  const sent = new Map<CardListName, object>();

  /** Whether this socket may join again now; tells it why not otherwise (before any session lookup). */
  async function mayJoinAgain(event: string, ack: Ack | undefined): Promise<boolean> {
    try {
      await joins.consume(socket.id);
      return true;
    } catch {
      fail(event, TOO_MANY_JOINS_MESSAGE, ack);
      return false;
    }
  }

  function fail(event: string, message: string, ack: Ack | undefined): void {
    socket.emit(ERROR_EVENT, { event, message });
    ack?.({ ok: false, message });
  }

  /**
   * The session a join is decided on, resolved against the database now: the token sent with
   * the join (e.g. after signing in again) is adopted; without one the socket's own token is resolved
   * again. False when the join must not go on (the client was told why).
   */
  async function currentSession(event: string, value: string | undefined, ack: Ack | undefined): Promise<boolean> {
    if (value === undefined)
      return recheckSession(socket, services, { refuse: (message) => fail(event, message, ack) });
    const check = await checkToken(services, value);
    if (!check.ok) {
      fail(event, check.message, ack);
      return false;
    }
    if (check.session.userId !== data.session.userId) {
      fail(event, "The token belongs to another user.", ack);
      return false;
    }
    // Re-checks of the previous token still under way must not overwrite this session.
    data.checks += 1;
    data.latestCheck = Promise.resolve(true);
    applySession(socket, services, check.session, value);
    return true;
  }

  /**
   * Sends the room's lists to this socket alone (a client that asks for them on (re)join), except a list it
   * was already sent as it stands: the cache hands out the same object until the list changes.
   */
  async function sendLists(room: string): Promise<void> {
    for (const list of BOARD_ROOMS[room] ?? []) {
      try {
        const payload = await loadList(services.database.prisma, list);
        if (sent.get(list) === payload) continue;
        sent.set(list, payload);
        socket.emit(LIST_EVENTS[list], encodeCardList(payload));
      } catch (error) {
        logger.error({ err: error, list }, "card list load for a joining socket failed");
      }
    }
  }

  /** Joins one room if the session may; returns the refusal message otherwise. */
  function tryJoin(room: string): string | null {
    if (!isBoardRoom(room)) return NO_SUCH_ROOM;
    if (!mayJoinRoom(room, data.session.permissions)) return ROOM_FORBIDDEN;
    void socket.join(room);
    return null;
  }

  function guarded(event: string, handler: (payload: unknown, ack: Ack | undefined) => Promise<void> | void) {
    socket.on(event, (...args: unknown[]) => {
      const { payload, ack } = splitArgs(args);
      Promise.resolve()
        .then(() => handler(payload, ack))
        .catch((error: unknown) => {
          logger.error({ err: error, event }, "socket event failed");
          fail(event, "Something went wrong, please try again.", ack);
        });
    });
  }

  syncRooms(socket);
  armExpiry(socket, services);

  guarded("joinRoom", async (payload, ack) => {
    if (!(await mayJoinAgain("joinRoom", ack))) return;
    const parsed = joinRoomSchema.safeParse(typeof payload === "string" ? { roomName: payload } : payload);
    if (!parsed.success) return fail("joinRoom", describeIssue(parsed.error), ack);
    if (!(await currentSession("joinRoom", parsed.data.token, ack))) return;
    const room = parsed.data.roomName;
    const refused = tryJoin(room);
    if (refused) return fail("joinRoom", `${refused} (${room})`, ack);
    ack?.({ ok: true, room });
    if (parsed.data.refresh) await sendLists(room);
  });

  guarded("joinRooms", async (payload, ack) => {
    if (!(await mayJoinAgain("joinRooms", ack))) return;
    const parsed = joinRoomsSchema.safeParse(payload);
    if (!parsed.success) return fail("joinRooms", describeIssue(parsed.error), ack);
    if (!(await currentSession("joinRooms", parsed.data.token, ack))) return;
    const joined: string[] = [];
    const refused: { room: string; message: string }[] = [];
    for (const room of new Set(parsed.data.rooms)) {
      const message = tryJoin(room);
      if (message) refused.push({ room, message });
      else joined.push(room);
    }
    if (refused.length > 0) {
      socket.emit(ERROR_EVENT, {
        event: "joinRooms",
        message: refused.map(({ room, message }) => `${message} (${room})`).join(" "),
        rooms: refused.map(({ room }) => room),
      });
    }
    ack?.({ ok: refused.length === 0, joined, refused: refused.map(({ room }) => room) });
    if (parsed.data.refresh) for (const room of joined) await sendLists(room);
  });

  guarded("leaveRoom", async (payload, ack) => {
    const parsed = leaveRoomSchema.safeParse(payload);
    if (!parsed.success) return fail("leaveRoom", describeIssue(parsed.error), ack);
    // Only board rooms: a client cannot leave its own id room or its notifications rooms this way.
    if (isBoardRoom(parsed.data)) await socket.leave(parsed.data);
    ack?.({ ok: true, room: parsed.data });
  });

  guarded("pingCheck", (_payload, ack) => {
    const answer = { ok: true, at: new Date().toISOString() };
    if (ack) ack(answer);
    else socket.emit(PONG_EVENT, answer);
  });

  // The original client emits a list's refresh event after its own saves.
  // The server recomputes from the database anyway, so such an event is only a (coalesced) hint.
  const hints: [string, CardListName[]][] = [
    ...CARD_LISTS.map((list): [string, CardListName[]] => [LIST_EVENTS[list], [list]]),
    [LEGACY_AR_EVENT, ["ar-open", "ar-off-rent", "ar-claims"]],
  ];
  for (const [event, lists] of hints) {
    socket.on(event, () => {
      const readable = lists.filter((list) => mayReadList(list, data.session.permissions));
      if (readable.length > 0) services.boardChanges.listsChanged(readable);
    });
  }

  socket.on("disconnect", () => clearTimeout(data.expiryTimer));
}

// Helpers of the socket tests: an injected list loader that counts its calls (the realtime layer's own
// list queries are tested in real-lists.test.ts), socket.io clients, and waiting for their events. The
// server itself is tests/support/test-server.ts with the realtime options.
import { decodeCardList, isCardListWire } from "~/rules/boards/card-wire.ts";
import { io as connectClient, type Socket } from "socket.io-client";
import type { Server as SocketServer } from "socket.io";
import type { BoardCard, CardListName, CardListPayload } from "~/rules/boards/boards.ts";

export type { Socket };

/** A fake loader: every call returns a new version of the list, and calls are counted per list. */
export function fakeLoader() {
  const calls = new Map<CardListName, number>();
  const failing = new Set<CardListName>();
  async function loadList(_db: unknown, list: CardListName): Promise<CardListPayload> {
    const version = (calls.get(list) ?? 0) + 1;
    calls.set(list, version);
    if (failing.has(list)) throw new Error(`${list} failed on purpose`);
    return { list, generatedAt: new Date().toISOString(), cards: [card(list, version)] };
  }
  return { loadList, calls, failing, reset: () => calls.clear() };
}

export function card(list: CardListName, version: number): BoardCard {
  return {
    key: `${list}-card-${version}`,
    list,
    stage: { id: "new", label: "New", order: 1 },
    title: `Version ${version}`,
    subtitle: null,
    formHistoryId: version,
    unitNumber: null,
    badges: [],
    facts: [{ label: "Version", value: String(version) }],
    units: [],
    daysInStage: 0,
    late: false,
    priority: null,
    notes: { count: 0, latest: null },
    actions: [],
    searchText: `version ${version}`,
    sortKey: String(version),
  };
}

export interface ClientOptions {
  token?: string;
  cookie?: string;
  transports?: ("polling" | "websocket")[];
}

const clients = new Set<Socket>();

/** A client that is not yet connected (call connected() or connectError()). */
export function client(server: { url: string }, options: ClientOptions = {}): Socket {
  const socket = connectClient(server.url, {
    autoConnect: false,
    reconnection: false,
    forceNew: true,
    transports: options.transports ?? ["websocket"],
    auth: options.token ? { token: options.token } : {},
    extraHeaders: options.cookie ? { Cookie: options.cookie } : undefined,
  });
  clients.add(socket);
  return socket;
}

export function closeClients(): void {
  for (const socket of clients) socket.disconnect();
  clients.clear();
}

export function connected(socket: Socket, timeoutMs = 5_000): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no connection")), timeoutMs);
    socket.once("connect", () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once("connect_error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.connect();
  });
}

export function connectError(socket: Socket, timeoutMs = 5_000): Promise<Error & { data?: unknown }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("neither connected nor refused")), timeoutMs);
    socket.once("connect", () => {
      clearTimeout(timer);
      reject(new Error("connected, but should have been refused"));
    });
    socket.once("connect_error", (error) => {
      clearTimeout(timer);
      resolve(error as Error & { data?: unknown });
    });
    socket.connect();
  });
}

/**
 * A card list as the browser reads it: a wire list decoded; anything else as it came. A card
 * list sent as plain objects is an error: the browser would ignore it.
 */
export function readable<T>(value: T): T {
  if (isCardListWire(value)) return decodeCardList(value) as T;
  if (value && typeof value === "object" && Array.isArray((value as { cards?: unknown }).cards)) {
    throw new Error(`a card list arrived outside the wire format: ${JSON.stringify(value).slice(0, 120)}`);
  }
  return value;
}

/** The next `event` on the socket (its first argument; a card list decoded). */
export function next<T = unknown>(socket: Socket, event: string, timeoutMs = 3_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (payload: T) => {
      clearTimeout(timer);
      resolve(readable(payload));
    };
    socket.once(event, listener);
  });
}

/** Every `event` the socket receives from now on (card lists decoded). */
export function record<T = unknown>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(readable(payload)));
  return seen;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server's side of a client's socket: the rooms it is really in. */
export function serverRooms(on: { io: SocketServer }, socket: Socket): Set<string> {
  const serverSocket = on.io.of("/").sockets.get(socket.id!);
  if (!serverSocket) throw new Error("the server has no such socket");
  return serverSocket.rooms;
}

/** Resolves once `condition` holds, polling every 10 ms; rejects when it does not within `timeoutMs`. */
export async function within(timeoutMs: number, condition: () => boolean): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`the condition did not hold within ${timeoutMs} ms`);
    await sleep(10);
  }
}

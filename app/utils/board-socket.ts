// The boards' live connection (ADR 010): one socket.io connection per page load,
// same origin, authenticated by the HttpOnly session cookie. The board joins the room named after its
// route on each navigation and leaves the previous one, rejoins on connect and reconnect, replaces a
// list whenever its refresh event carries it, fetches its lists again after a reconnect (never stale),
// reconnects when the tab regains focus, and sends pingCheck every 60 s. Browser only: nothing here
// runs during server rendering.
import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { useNavigate } from "react-router";
import { io, type Socket } from "socket.io-client";
import { type BoardQuery, type PagedCardList, pageCardList } from "~/rules/boards/board-pages.ts";
import { type CardListName, type CardListPayload, LIST_EVENTS, NOTIFICATIONS_EVENT } from "~/rules/boards/boards.ts";
import { acceptNotifications } from "./notification-counts.ts";
import { decodeCardList, isCardListWire } from "~/rules/boards/card-wire.ts";
import { apiFetch, reloginUrl } from "./api-fetch.ts";

export const PING_INTERVAL_MS = 60_000;

export type BoardPayloads = Partial<Record<CardListName, CardListPayload>>;
/** The lists as the board renders them (filtered and paged, app/rules/boards/board-pages.ts). */
export type BoardPagedLists = Partial<Record<CardListName, PagedCardList>>;

export type LiveState = "connecting" | "live" | "reconnecting";

export interface BoardLive {
  /**
   * Per list: the newest of the server-rendered (already paged) list and the pushed or refetched
   * payload, which arrives whole and is filtered and paged here by the same rule as the loader's.
   */
  payloads: BoardPagedLists;
  connected: boolean;
  state: LiveState;
}

let socket: Socket | null = null;
/** The room this page load is in (at most one board is shown at a time). */
let currentRoom: string | null = null;
/** Listeners told after every reconnect (not the first connect): boards refetch their lists. */
const reconnectListeners = new Set<() => void>();
let everConnected = false;
let liveState: LiveState = "connecting";
const stateListeners = new Set<() => void>();

function setLiveState(next: LiveState) {
  if (liveState === next) return;
  liveState = next;
  for (const listener of stateListeners) listener();
}

function subscribeLiveState(listener: () => void) {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
}

const serverLiveState = (): LiveState => "connecting";

/** The page load's connection state (connecting until the first connect, then live or reconnecting). */
export function useLiveState(): LiveState {
  return useSyncExternalStore(subscribeLiveState, () => liveState, serverLiveState);
}

/** The page load's one connection, created on first use. */
export function boardSocket(): Socket {
  if (socket) return socket;
  const created = io({ withCredentials: true });
  created.on("connect", () => {
    if (currentRoom) created.emit("joinRoom", { roomName: currentRoom });
    if (everConnected) for (const listener of reconnectListeners) listener();
    everConnected = true;
    setLiveState("live");
  });
  created.on("disconnect", () => setLiveState("reconnecting"));
  created.on("connect_error", () => setLiveState(everConnected ? "reconnecting" : "connecting"));
  // Card counts of the other boards this account may open: badges on the navigation bar's links.
  created.on(NOTIFICATIONS_EVENT, acceptNotifications);
  socket = created;
  return created;
}

/** Moves this page load to `room`: leaves the previous room, joins the new one. */
function enterRoom(client: Socket, room: string) {
  if (currentRoom === room) return;
  if (currentRoom && client.connected) client.emit("leaveRoom", { roomName: currentRoom });
  currentRoom = room;
  if (client.connected) client.emit("joinRoom", { roomName: room });
}

function leaveRoom(client: Socket, room: string) {
  if (currentRoom !== room) return;
  if (client.connected) client.emit("leaveRoom", { roomName: room });
  currentRoom = null;
}

/** Pushed just before the server drops a socket whose token expired (server/realtime/auth.ts). */
export const SESSION_EXPIRED_EVENT = "sessionExpired";

/**
 * A connect error that means the session is gone: the handshake was refused with 401 (in `data.status`
 * or the message), or with the API's sign-in messages.
 */
export function isSessionLost(error: { message?: string; data?: unknown } | null | undefined): boolean {
  const data = error?.data as { status?: unknown } | undefined;
  if (data && data.status === 401) return true;
  return /\b401\b|unauthori[sz]ed|sign in required|token has expired/i.test(error?.message ?? "");
}

function newer<T extends { generatedAt: string }>(a: T | undefined, b: T | undefined): T | undefined {
  if (!a) return b;
  if (!b) return a;
  return Date.parse(b.generatedAt) >= Date.parse(a.generatedAt) ? b : a;
}

/**
 * Live lists for a board. `initialPayloads` are the loader's, already filtered and paged (shown until
 * the socket delivers; a newer loader result, after a navigation or a form, replaces an older push).
 * A pushed payload holds every card: it is filtered and paged with `query` (the URL's, the caller's)
 * by `pageCardList`, as the loader does, so a live update looks exactly like a reload.
 */
/** How long after the server ended the socket the handshake is tried again (a new cookie may be on its way). */
const SESSION_RECHECK_MS = 1_000;

export function useBoardLive(
  room: string,
  lists: readonly CardListName[],
  initialPayloads: BoardPagedLists,
  query: BoardQuery,
): BoardLive {
  const navigate = useNavigate();
  const [received, setReceived] = useState<{ room: string; payloads: BoardPayloads }>({ room, payloads: {} });
  const state = useLiveState();
  const listsKey = lists.join(",");

  useEffect(() => {
    const client = boardSocket();
    const watched = listsKey.split(",").filter(Boolean) as CardListName[];
    let active = true;

    const accept = (wire: unknown) => {
      if (!active || !isCardListWire(wire) || !watched.includes(wire.list)) return;
      let payload: CardListPayload;
      try {
        payload = decodeCardList(wire);
      } catch (error) {
        console.warn(`the ${wire.list} list could not be read`, error);
        return;
      }
      setReceived((previous) => ({
        room,
        payloads: {
          ...(previous.room === room ? previous.payloads : {}),
          [payload.list]: newer(previous.room === room ? previous.payloads[payload.list] : undefined, payload),
        },
      }));
    };

    const refetch = () => {
      for (const list of watched) {
        void apiFetch(`/api/cards/${list}?format=compact`)
          .then(async (response) => (response.ok ? ((await response.json()) as unknown) : null))
          .then((wire) => wire && accept(wire))
          .catch((error: unknown) => console.warn(`the ${list} list was not fetched again`, error));
      }
    };

    const handlers = watched.map((list) => [LIST_EVENTS[list], accept] as const);
    for (const [event, handler] of handlers) client.on(event, handler);

    const onConnectError = (error: Error & { data?: unknown }) => {
      if (isSessionLost(error)) void navigate(reloginUrl(window.location), { replace: true });
    };
    // The server ends a socket whose session changed, also when this very tab changed its
    // password and has just received a new cookie: connect again with the cookie held now, and ask to
    // sign in only when that handshake is refused (onConnectError).
    const onSessionExpired = () => {
      window.setTimeout(() => {
        if (active && !client.connected) client.connect();
      }, SESSION_RECHECK_MS);
    };
    client.on("connect_error", onConnectError);
    client.on(SESSION_EXPIRED_EVENT, onSessionExpired);
    reconnectListeners.add(refetch);

    enterRoom(client, room);

    const onVisible = () => {
      if (document.visibilityState === "visible" && !client.connected) client.connect();
    };
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("focus", onVisible);

    const ping = window.setInterval(() => {
      if (client.connected) client.emit("pingCheck");
    }, PING_INTERVAL_MS);

    return () => {
      active = false;
      for (const [event, handler] of handlers) client.off(event, handler);
      client.off("connect_error", onConnectError);
      client.off(SESSION_EXPIRED_EVENT, onSessionExpired);
      reconnectListeners.delete(refetch);
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("focus", onVisible);
      window.clearInterval(ping);
      // The next board's effect joins its room (and leaves this one); leaving the boards leaves it here.
      queueMicrotask(() => {
        if (currentRoom === room && !reconnectListeners.size) leaveRoom(client, room);
      });
    };
  }, [room, listsKey, navigate]);

  const { filter, show, perStage } = query;
  // Paging a pushed list runs once per push (or URL change), not on every render.
  const pagedPushed = useMemo(() => {
    const paged: BoardPagedLists = {};
    const pushed = received.room === room ? received.payloads : {};
    for (const [list, payload] of Object.entries(pushed) as [CardListName, CardListPayload | undefined][]) {
      if (payload) paged[list] = pageCardList(payload, { filter, show, perStage });
    }
    return paged;
  }, [received, room, filter, show, perStage]);
  const payloads: BoardPagedLists = {};
  for (const list of lists) {
    const shown = newer(initialPayloads[list], pagedPushed[list]);
    if (shown) payloads[list] = shown;
  }
  return { payloads, connected: state === "live", state };
}

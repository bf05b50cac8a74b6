// Which rooms a socket must join and leave so that its rooms match its permissions: on connect, after
// a token is adopted, and when the session's permissions change while it is connected (ADR 022).
// Pure: the caller applies the answer.
import { unlocksRoute } from "../../app/rules/access/permissions.ts";
import { ANNOUNCEMENT_ROUTES, announcementRoomOf } from "../../app/rules/boards/announcements.ts";
import { BOARD_ROOMS, isBoardRoom, mayJoinRoom } from "../../app/rules/boards/boards.ts";
import { notificationsRoomOf } from "./refresh.ts";

export interface RoomChanges {
  /** Notifications and announcement rooms newly permitted. */
  join: string[];
  /** Board, notifications and announcement rooms no longer permitted. */
  leave: string[];
}

/**
 * A socket stays in the board rooms it joined while it may still join them, and is in the
 * notifications room of every board it may open and the announcement room of every page it may open
 * that hears announcements, and no other. Any other room (the socket's own id) is left alone.
 */
export function roomChanges(rooms: ReadonlySet<string>, permissions: readonly number[]): RoomChanges {
  const join: string[] = [];
  const leave: string[] = [];
  for (const room of rooms) {
    if (isBoardRoom(room) && !mayJoinRoom(room, permissions)) leave.push(room);
  }
  for (const room of Object.keys(BOARD_ROOMS)) {
    const notifications = notificationsRoomOf(room);
    const permitted = mayJoinRoom(room, permissions);
    if (permitted && !rooms.has(notifications)) join.push(notifications);
    if (!permitted && rooms.has(notifications)) leave.push(notifications);
  }
  for (const route of ANNOUNCEMENT_ROUTES) {
    const room = announcementRoomOf(route);
    const permitted = unlocksRoute(permissions, route);
    if (permitted && !rooms.has(room)) join.push(room);
    if (!permitted && rooms.has(room)) leave.push(room);
  }
  return { join, leave };
}

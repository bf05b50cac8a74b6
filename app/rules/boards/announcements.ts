// Realtime events that announce a new record rather than carry a card list (vendorCreated,
// departmentCreated; ADR 035): their payloads and who hears them. The server sends one after the
// operation that created the record has committed, to the sockets of sessions that may open one of
// the audience's pages; a socket joins those rooms with its session (server/realtime/rooms.ts).
import type { RouteName } from "../access/routes.ts";
import type { CardListName } from "./boards.ts";

export interface VendorCreatedPayload {
  VendorID: number;
  Name: string;
  VendorType: string;
}

export interface DepartmentCreatedPayload {
  DepartmentID: number;
  Name: string;
}

/** A unit's Rental Use was set or undone: open status lists read again 30 s later. */
export interface RentalUseSetPayload {
  UnitNumber: string;
  NewValue: string | null;
}

export type Announcement =
  | { event: "vendorCreated"; payload: VendorCreatedPayload }
  | { event: "departmentCreated"; payload: DepartmentCreatedPayload }
  | { event: "rentalUseSet"; payload: RentalUseSetPayload };

export type AnnouncementEvent = Announcement["event"];

/** Who hears each announcement: sessions that may open one of these pages. */
export const ANNOUNCEMENT_AUDIENCE: Readonly<Record<AnnouncementEvent, readonly RouteName[]>> = {
  // The carrier picker on the transport board and the vendors page list the new vendor.
  vendorCreated: ["transport", "vendors"],
  // The department pickers of employee management and the departments page.
  departmentCreated: ["departments", "employee-management"],
  // The status lists of the status count page.
  rentalUseSet: ["statuscount"],
};

/**
 * Card lists whose refresh is also heard by the readers of a page that is not their board: the
 * memo list (creditMemosRefresh) by every reader of /credit-memos (55), who may not open the AR board.
 * The refresher sends such a list to the list's room and these pages' announcement rooms at once (a socket
 * in several hears it once).
 */
export const LIST_AUDIENCE: Readonly<Partial<Record<CardListName, readonly RouteName[]>>> = {
  "credit-memos": ["credit-memos"],
};

/** The announcement rooms a list's refresh also goes to. */
export const listAnnouncementRooms = (list: CardListName): string[] =>
  (LIST_AUDIENCE[list] ?? []).map(announcementRoomOf);

/**
 * Who saved a change, as the refresh of a list that names its saver carries it (creditMemosRefresh's `user`
 * argument): the last save of the refresh's window; null when no save named one (a client's hint).
 */
export interface SavedBy {
  UserID: number;
  Name: string;
}

/** The lists whose refresh event carries a second argument, `user` (the specification's creditMemosRefresh). */
export const LISTS_NAMING_SAVER: readonly CardListName[] = ["credit-memos"];

/** Every page some announcement (or list refresh, LIST_AUDIENCE) is heard on. */
export const ANNOUNCEMENT_ROUTES: readonly RouteName[] = [
  ...new Set([...Object.values(ANNOUNCEMENT_AUDIENCE).flat(), ...Object.values(LIST_AUDIENCE).flat()]),
];

/** The socket room of the sessions that may open a page, for its announcements. */
export function announcementRoomOf(route: RouteName): string {
  return `announcements:${route}`;
}

/** The rooms an announcement goes to (a socket in several of them hears it once). */
export function announcementRooms(event: AnnouncementEvent): string[] {
  return ANNOUNCEMENT_AUDIENCE[event].map(announcementRoomOf);
}

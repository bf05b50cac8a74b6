// Which rooms a socket joins and leaves when its permissions change: board rooms it may no
// longer join are left, notifications rooms follow the boards it may open, other rooms stay.
import { describe, expect, it } from "vitest";
import type { RouteName } from "../../app/rules/access/routes.ts";
import { ANNOUNCEMENT_ROUTES, announcementRoomOf } from "../../app/rules/boards/announcements.ts";
import { BOARD_ROOMS } from "../../app/rules/boards/boards.ts";
import { permissionIdsNamed } from "../../app/rules/access/permissions.ts";
import { notificationsRoomOf } from "./refresh.ts";
import { roomChanges } from "./rooms.ts";

const ALL_ROOMS = Object.keys(BOARD_ROOMS);
const notifications = (...rooms: string[]) => rooms.map(notificationsRoomOf);
const announcements = (...routes: RouteName[]) => routes.map(announcementRoomOf);

describe("roomChanges", () => {
  it("joins the notifications room of every board a new socket may open, and leaves nothing", () => {
    expect(roomChanges(new Set(["socket-id"]), permissionIdsNamed(["onboarding"]))).toEqual({
      join: notifications("onboarding", "overview"),
      leave: [],
    });
    expect(roomChanges(new Set(["socket-id"]), permissionIdsNamed(["restricted"]))).toEqual({
      join: [...notifications(...ALL_ROOMS), ...announcements(...ANNOUNCEMENT_ROUTES)],
      leave: [],
    });
  });

  it("joins the announcement rooms of the pages the session may open (ADR 035), and leaves them with the permission", () => {
    const transport = permissionIdsNamed(["transport"]);
    expect(roomChanges(new Set(["socket-id"]), transport).join).toEqual([
      ...notifications("transport", "overview"),
      ...announcements("transport", "vendors"),
    ]);
    const rooms = new Set(["socket-id", ...announcements("transport", "vendors")]);
    expect(roomChanges(rooms, permissionIdsNamed(["onboarding"])).leave).toEqual(announcements("transport", "vendors"));
    expect(roomChanges(new Set(), permissionIdsNamed(["employee-management"])).join).toEqual(
      expect.arrayContaining(announcements("departments", "employee-management")),
    );
  });

  it("changes nothing while the permissions still allow every room the socket is in", () => {
    const rooms = new Set(["socket-id", "onboarding", ...notifications("onboarding", "overview")]);
    expect(roomChanges(rooms, permissionIdsNamed(["onboarding"]))).toEqual({ join: [], leave: [] });
  });

  it("leaves a board room and its notifications room once the permission is removed, keeping the rest", () => {
    const rooms = new Set(["socket-id", "transport", "overview", ...notifications(...ALL_ROOMS)]);
    const { join, leave } = roomChanges(rooms, permissionIdsNamed(["onboarding"]));
    expect(join).toEqual([]);
    expect(leave).toEqual([
      "transport",
      ...notifications(...ALL_ROOMS.filter((room) => room !== "onboarding" && room !== "overview")),
    ]);
    expect(leave).not.toContain("overview");
    expect(leave).not.toContain("socket-id");
  });

  it("joins the notifications rooms of a permission granted, without joining its board", () => {
    const rooms = new Set(["socket-id", "onboarding", ...notifications("onboarding", "overview")]);
    expect(roomChanges(rooms, permissionIdsNamed(["onboarding", "accounts-receivable"]))).toEqual({
      join: notifications("ar"),
      leave: [],
    });
  });

  it("leaves every board room but those open to anyone when no permission is left", () => {
    const rooms = new Set(["socket-id", "ar", "overview", ...notifications("ar", "overview")]);
    expect(roomChanges(rooms, [])).toEqual({ join: [], leave: ["ar", notificationsRoomOf("ar")] });
  });

  it("leaves alone rooms that are not board or notifications rooms", () => {
    expect(
      roomChanges(new Set(["socket-id", "nope", "notifications:nope"]), permissionIdsNamed(["restricted"])).leave,
    ).toEqual([]);
  });
});

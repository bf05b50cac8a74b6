import { describe, expect, it } from "vitest";
import {
  CLOSED,
  HOVER_CLOSE_DELAY_MS,
  closesOnLeave,
  menuReducer,
  type MenuEvent,
  type MenuState,
} from "./menu-state.ts";

function run(events: MenuEvent[], from: MenuState = CLOSED): MenuState {
  return events.reduce(menuReducer, from);
}

describe("menuReducer", () => {
  it("the close delay is 1 s", () => {
    expect(HOVER_CLOSE_DELAY_MS).toBe(1000);
  });

  it("hover opens a transient menu that the delay closes", () => {
    const opened = run([{ type: "hover-enter", menu: "forms" }]);
    expect(opened).toEqual({ openMenu: "forms", pinned: false });
    expect(closesOnLeave(opened, "forms")).toBe(true);
    expect(run([{ type: "hover-timeout", menu: "forms" }], opened)).toEqual(CLOSED);
  });

  it("a stale timeout for another menu changes nothing", () => {
    const state = run([
      { type: "hover-enter", menu: "forms" },
      { type: "hover-enter", menu: "executive" },
      { type: "hover-timeout", menu: "forms" },
    ]);
    expect(state).toEqual({ openMenu: "executive", pinned: false });
  });

  it("re-entering the open menu keeps its state", () => {
    const pinned = run([{ type: "toggle", menu: "forms" }]);
    expect(run([{ type: "hover-enter", menu: "forms" }], pinned)).toBe(pinned);
  });

  it("click (or tap, Enter, Space) opens pinned and a second click closes", () => {
    const opened = run([{ type: "toggle", menu: "user" }]);
    expect(opened).toEqual({ openMenu: "user", pinned: true });
    expect(closesOnLeave(opened, "user")).toBe(false);
    expect(run([{ type: "hover-timeout", menu: "user" }], opened)).toBe(opened);
    expect(run([{ type: "toggle", menu: "user" }], opened)).toEqual(CLOSED);
  });

  it("clicking a menu that hover opened pins it instead of closing it", () => {
    expect(
      run([
        { type: "hover-enter", menu: "reporting" },
        { type: "toggle", menu: "reporting" },
      ]),
    ).toEqual({ openMenu: "reporting", pinned: true });
  });

  it("one menu at a time", () => {
    expect(
      run([
        { type: "toggle", menu: "forms" },
        { type: "toggle", menu: "executive" },
      ]),
    ).toEqual({ openMenu: "executive", pinned: true });
    expect(
      run([
        { type: "toggle", menu: "forms" },
        { type: "hover-enter", menu: "executive" },
      ]),
    ).toEqual({ openMenu: "executive", pinned: false });
  });

  it("close (Escape, outside click, navigation) closes whatever is open", () => {
    expect(run([{ type: "toggle", menu: "forms" }, { type: "close" }])).toEqual(CLOSED);
    expect(run([{ type: "close" }])).toBe(CLOSED);
  });

  it("follows the browser when it opens or closes a <details> itself", () => {
    expect(run([{ type: "sync", menu: "forms", open: true }])).toEqual({ openMenu: "forms", pinned: true });
    const open = run([{ type: "toggle", menu: "forms" }]);
    expect(run([{ type: "sync", menu: "forms", open: true }], open)).toBe(open);
    expect(run([{ type: "sync", menu: "forms", open: false }], open)).toEqual(CLOSED);
    // A closing toggle from a menu that is no longer the open one is an echo of our own change.
    expect(run([{ type: "sync", menu: "rental", open: false }], open)).toBe(open);
  });
});

// Which dropdown of the navigation bar is open, as a pure reducer (the component adds the timers and
// listeners). One menu is open at a time. A menu opened by hovering is "transient": leaving it starts
// the 1 s close delay. A menu opened by click, tap, Enter or Space is "pinned": it stays open until it
// is toggled again, Escape is pressed, or the user clicks or tabs outside the bar.

export const HOVER_CLOSE_DELAY_MS = 1000;

export interface MenuState {
  readonly openMenu: string | null;
  readonly pinned: boolean;
}

export type MenuEvent =
  /** A mouse pointer entered the menu (touch pointers are ignored by the component). */
  | { readonly type: "hover-enter"; readonly menu: string }
  /** The close delay after the pointer left the menu has elapsed. */
  | { readonly type: "hover-timeout"; readonly menu: string }
  /** Click or tap on the summary; Enter and Space on a summary arrive as clicks. */
  | { readonly type: "toggle"; readonly menu: string }
  /** The browser changed the <details> itself (e.g. find-in-page opened it). */
  | { readonly type: "sync"; readonly menu: string; readonly open: boolean }
  /** Escape, a click or focus outside the bar, or following a link. */
  | { readonly type: "close" };

export const CLOSED: MenuState = { openMenu: null, pinned: false };

export function menuReducer(state: MenuState, event: MenuEvent): MenuState {
  switch (event.type) {
    case "hover-enter":
      if (state.openMenu === event.menu) return state;
      return { openMenu: event.menu, pinned: false };
    case "hover-timeout":
      return state.openMenu === event.menu && !state.pinned ? CLOSED : state;
    case "toggle":
      if (state.openMenu !== event.menu) return { openMenu: event.menu, pinned: true };
      // Clicking a menu that hovering opened keeps it open, now pinned; clicking a pinned menu closes it.
      return state.pinned ? CLOSED : { openMenu: event.menu, pinned: true };
    case "sync":
      if (event.open && state.openMenu !== event.menu) return { openMenu: event.menu, pinned: true };
      if (!event.open && state.openMenu === event.menu) return CLOSED;
      return state;
    case "close":
      return state.openMenu === null ? state : CLOSED;
  }
}

/** Whether leaving the menu with the pointer should start the close delay. */
export function closesOnLeave(state: MenuState, menu: string): boolean {
  return state.openMenu === menu && !state.pinned;
}

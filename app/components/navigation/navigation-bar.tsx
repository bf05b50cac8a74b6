// The top navigation bar: logo, department links, the Rental, Forms, Executive,
// Reporting and user menus, and on small screens a menu of every permitted page. What is shown comes
// from app/rules/access/navigation.ts; this component renders it and adds the dropdown behaviour.
// The root decides whether the bar is shown at all (token held, navigationHiddenOn).
import { Flex, Text } from "@radix-ui/themes";
import { useCallback, useEffect, useReducer, useRef, useSyncExternalStore } from "react";
import { Link, useLocation } from "react-router";
import { departmentSearchDialogHref } from "~/rules/fleet/unit-search.ts";
import {
  buildNavigation,
  initials,
  isCurrentItem,
  navigationColour,
  smallScreenPages,
  type DataSource,
  type ExternalLinks,
  type NavigationMenu,
} from "../../rules/access/navigation.ts";
import { DropdownMenu } from "./dropdown-menu.tsx";
import { comingSoonProps, MenuItem } from "./menu-item.tsx";
import { pageNotificationCount } from "~/rules/boards/notification-counts.ts";
import { useNotificationCounts } from "~/utils/notification-counts.ts";
import { CLOSED, HOVER_CLOSE_DELAY_MS, closesOnLeave, menuReducer } from "./menu-state.ts";
// Imported for its effect: the build lists it with the page's stylesheets.
import "./navigation-bar.css";

export interface NavigationBarProps {
  readonly user: { firstName: string; lastName: string } | null;
  readonly permissionIds: number[];
  readonly routeName: string;
  readonly dataSource: "local" | "test" | "production";
  readonly impersonating: boolean;
  readonly ownersStatsUser: boolean;
  readonly externalLinks: ExternalLinks;
  /** The session may use the department search: the bar offers it over the current page. */
  readonly unitSearch?: boolean;
}

// False in the server render and during hydration, true afterwards (React re-renders once).
const subscribeToNothing = () => () => {};
const isClient = () => true;
const isServer = () => false;

const RADIX_ACCENT = { green: "green", orange: "orange", pink: "pink", neutral: "gray" } as const;

export function NavigationBar(props: NavigationBarProps) {
  const navInput = {
    permissionIds: props.permissionIds,
    ownersStatsUser: props.ownersStatsUser,
    externalLinks: props.externalLinks,
  };
  const model = buildNavigation(navInput);
  const counts = useNotificationCounts();
  const pages = smallScreenPages(navInput);
  const colour = navigationColour({ dataSource: props.dataSource as DataSource, impersonating: props.impersonating });
  const userLabel = initials(props.user);
  const fullName = props.user ? `${props.user.firstName} ${props.user.lastName}`.trim() : "";

  const location = useLocation();
  const [state, dispatch] = useReducer(menuReducer, CLOSED);
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  }, [state]);
  // Set after hydration: until then the <details> elements work natively (and CSS hover applies).
  const enhanced = useSyncExternalStore(subscribeToNothing, isClient, isServer);

  const navRef = useRef<HTMLElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancelCloseTimer = useCallback(() => {
    if (closeTimer.current !== null) clearTimeout(closeTimer.current);
    closeTimer.current = null;
  }, []);
  useEffect(() => cancelCloseTimer, [cancelCloseTimer]);

  const close = useCallback(() => {
    cancelCloseTimer();
    dispatch({ type: "close" });
  }, [cancelCloseTimer]);

  // A click or tap outside the bar closes the open menu.
  const anyOpen = state.openMenu !== null;
  useEffect(() => {
    if (!anyOpen) return;
    function onPointerDown(event: globalThis.PointerEvent) {
      if (navRef.current && event.target instanceof Node && !navRef.current.contains(event.target)) close();
    }
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [anyOpen, close]);

  const menuHandlers = {
    enhanced,
    onHoverEnter: (menu: string) => {
      cancelCloseTimer();
      dispatch({ type: "hover-enter", menu });
    },
    onHoverLeave: (menu: string) => {
      if (!closesOnLeave(stateRef.current, menu)) return;
      cancelCloseTimer();
      closeTimer.current = setTimeout(() => {
        closeTimer.current = null;
        dispatch({ type: "hover-timeout", menu });
      }, HOVER_CLOSE_DELAY_MS);
    },
    onToggle: (menu: string) => {
      cancelCloseTimer();
      dispatch({ type: "toggle", menu });
    },
    onSync: (menu: string, open: boolean) => dispatch({ type: "sync", menu, open }),
    onClose: close,
  };

  function renderMenu(menu: NavigationMenu) {
    const isUser = menu.id === "user";
    return (
      <DropdownMenu
        key={menu.id}
        id={menu.id}
        summary={isUser ? <span className="nav-user-badge">{userLabel}</span> : menu.label}
        summaryDescription={isUser ? `user menu${fullName ? ` for ${fullName}` : ""}` : undefined}
        open={state.openMenu === menu.id}
        // The wide Reporting panel (3 columns) opens leftwards so it stays on screen.
        align={isUser || menu.id === "reporting" ? "end" : "start"}
        className={isUser ? "nav-menu--user" : "nav-wide-only"}
        {...menuHandlers}
      >
        {menu.groups.map((group) => {
          const headingId = `nav-group-${group.id}`;
          return (
            <div key={group.id} className="nav-group">
              {group.label && menu.groups.length > 1 ? (
                <Text as="div" size="1" weight="bold" color="gray" className="nav-group__heading" id={headingId}>
                  {group.label}
                </Text>
              ) : null}
              <ul
                className={`nav-list nav-list--columns-${group.columns}`}
                aria-labelledby={group.label && menu.groups.length > 1 ? headingId : undefined}
              >
                {group.items.map((item) => (
                  <li key={item.id}>
                    <MenuItem item={item} current={isCurrentItem(item, props.routeName)} onNavigate={close} />
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </DropdownMenu>
    );
  }

  const userMenu = model.menus.find((menu) => menu.id === "user");
  const otherMenus = model.menus.filter((menu) => menu.id !== "user");

  return (
    <header
      className="nav-bar"
      data-colour={colour}
      data-accent-color={RADIX_ACCENT[colour]}
      data-enhanced={enhanced ? "" : undefined}
    >
      <nav
        ref={navRef}
        aria-label="Main"
        onBlur={(event) => {
          // Tabbing out of the bar closes the open menu.
          const next = event.relatedTarget;
          if (next instanceof Node && !event.currentTarget.contains(next)) close();
        }}
      >
        <Flex align="center" gap="3" className="nav-bar__row">
          <Link
            to="/home-apps"
            className="nav-logo"
            aria-current={props.routeName === "home-apps" ? "page" : undefined}
          >
            <img src="/favicon.svg" alt="" width={24} height={24} />
            <Text weight="bold" size="3">
              Fleet Ops
            </Text>
          </Link>

          <DropdownMenu
            id="pages"
            summary={
              <>
                <span className="nav-hamburger" aria-hidden="true" />
                <span className="nav-visually-hidden">Pages</span>
              </>
            }
            open={state.openMenu === "pages"}
            chevron={false}
            className="nav-narrow-only"
            {...menuHandlers}
          >
            <ul className="nav-list">
              {pages.map((page) => (
                <li key={page.routeName}>
                  <Link
                    className="nav-item"
                    to={page.href}
                    aria-current={page.routeName === props.routeName ? "page" : undefined}
                    onClick={close}
                    {...comingSoonProps(page.comingSoon)}
                  >
                    {page.label}
                  </Link>
                </li>
              ))}
            </ul>
          </DropdownMenu>

          {model.topLinks.length > 0 ? (
            <ul className="nav-top-links nav-wide-only">
              {model.topLinks.map((item) => (
                <li key={item.id}>
                  <MenuItem
                    item={item}
                    current={isCurrentItem(item, props.routeName)}
                    badge={item.kind === "route" ? pageNotificationCount(item.routeName, counts) : null}
                  />
                </li>
              ))}
            </ul>
          ) : null}

          {otherMenus.map(renderMenu)}

          <span className="nav-spacer" />
          {props.unitSearch ? (
            // A plain link: the dialog opens over this very page, with or without JavaScript.
            <Link
              className="nav-item"
              to={departmentSearchDialogHref(location.pathname, location.search)}
              preventScrollReset
              aria-label="Search units"
            >
              Unit search
            </Link>
          ) : null}
          {userMenu ? renderMenu(userMenu) : null}
        </Flex>
      </nav>
    </header>
  );
}

// One entry of a navigation menu: an app page (client-side link), a form (new tab), an outside
// address (new tab), a dialog over the page, or the Sign Out button, which posts to /logout so it works without JavaScript.
import { Link, useLocation } from "react-router";
import { MODAL_PARAM } from "../../rules/dialogs/modals.ts";
import type { NavigationItem } from "../../rules/access/navigation.ts";
import { COMING_SOON } from "../../rules/access/page-modules.ts";

export interface MenuItemProps {
  readonly item: NavigationItem;
  readonly current: boolean;
  /** The live card count of the page's lists (a board link's badge), when the server pushed one. */
  readonly badge?: number | null;
  /** Closes the open menu when a link is followed. */
  readonly onNavigate?: () => void;
}

function clearLocalStorage() {
  // Logging out clears everything the browser kept in local storage. Storage can be unavailable (privacy modes).
  try {
    window.localStorage.clear();
  } catch {
    // Nothing stored, nothing to clear.
  }
}

export function SignOutForm({ className }: { className?: string }) {
  return (
    <form method="post" action="/logout" className={className} onSubmit={clearLocalStorage}>
      <button type="submit" className="nav-item nav-item--button">
        Sign Out
      </button>
    </form>
  );
}

/**
 * A page that is not built yet (app/rules/access/page-modules.ts) stays reachable (it says so itself) but is
 * muted and marked "Coming soon" by the bar's stylesheet, with the same words as its title.
 */
export function comingSoonProps(comingSoon: boolean) {
  return comingSoon ? { "data-coming-soon": "", title: COMING_SOON } : {};
}

/** Opens a dialog over the current page: the same path and query, plus ?modal=. */
function DialogLink({ modal, label, onNavigate }: { modal: string; label: string; onNavigate?: () => void }) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.set(MODAL_PARAM, modal);
  return (
    <Link
      className="nav-item"
      to={{ pathname: location.pathname, search: `?${params.toString()}` }}
      preventScrollReset
      onClick={onNavigate}
    >
      {label}
    </Link>
  );
}

function CountBadge({ count }: { count: number }) {
  return (
    <span className="nav-badge" data-notification-count={count}>
      {count}
      <span className="nav-visually-hidden">{count === 1 ? " card" : " cards"}</span>
    </span>
  );
}

export function MenuItem({ item, current, onNavigate, badge }: MenuItemProps) {
  switch (item.kind) {
    case "route":
      if (item.newTab) {
        return (
          <a
            className="nav-item"
            href={item.href}
            target="_blank"
            rel="noopener"
            onClick={onNavigate}
            {...comingSoonProps(item.comingSoon)}
          >
            {item.label}
            <span className="nav-visually-hidden"> (opens in a new tab)</span>
          </a>
        );
      }
      return (
        <Link
          className="nav-item"
          to={item.href}
          aria-current={current ? "page" : undefined}
          onClick={onNavigate}
          {...comingSoonProps(item.comingSoon)}
        >
          {item.label}
          {badge !== null && badge !== undefined ? <CountBadge count={badge} /> : null}
        </Link>
      );
    case "external":
      return (
        <a className="nav-item" href={item.href} target="_blank" rel="noopener noreferrer" onClick={onNavigate}>
          {item.label}
          <span className="nav-visually-hidden"> (opens in a new tab)</span>
        </a>
      );
    case "dialog":
      return <DialogLink modal={item.modal} label={item.label} onNavigate={onNavigate} />;
    case "sign-out":
      return <SignOutForm />;
  }
}

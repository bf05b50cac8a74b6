// One dropdown of the navigation bar: a <details>/<summary> disclosure, so it opens on click with
// JavaScript off (and on hover or focus through CSS, see navigation-bar.css). Once hydrated, the bar's
// menu state drives it: hover opens with a 1 s close delay, click or tap toggles, Escape closes and
// returns focus to the summary, and aria-expanded tracks the state.
import { useRef, type KeyboardEvent, type MouseEvent, type PointerEvent, type ReactNode } from "react";

export interface DropdownMenuProps {
  readonly id: string;
  /** What the summary shows. */
  readonly summary: ReactNode;
  /** Extra text for screen readers after the summary (e.g. "user menu" after the initials). */
  readonly summaryDescription?: string;
  readonly open: boolean;
  /** False in the server render and before hydration: the native <details> behaviour applies then. */
  readonly enhanced: boolean;
  readonly align?: "start" | "end";
  /** The small arrow after the summary; the hamburger has none. */
  readonly chevron?: boolean;
  readonly className?: string;
  readonly onHoverEnter: (menu: string) => void;
  readonly onHoverLeave: (menu: string) => void;
  readonly onToggle: (menu: string) => void;
  readonly onSync: (menu: string, open: boolean) => void;
  readonly onClose: () => void;
  readonly children: ReactNode;
}

export function DropdownMenu(props: DropdownMenuProps) {
  const summaryRef = useRef<HTMLElement>(null);
  const { id } = props;

  function handleSummaryClick(event: MouseEvent<HTMLElement>) {
    // The state decides, not the browser's own toggle (which would close a menu that hover opened).
    event.preventDefault();
    props.onToggle(id);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDetailsElement>) {
    if (event.key === "Escape" && props.open) {
      event.preventDefault();
      event.stopPropagation();
      props.onClose();
      summaryRef.current?.focus();
    }
  }

  function handlePointerEnter(event: PointerEvent<HTMLDetailsElement>) {
    if (event.pointerType === "mouse") props.onHoverEnter(id);
  }

  function handlePointerLeave(event: PointerEvent<HTMLDetailsElement>) {
    if (event.pointerType === "mouse") props.onHoverLeave(id);
  }

  const classes = ["nav-menu", `nav-menu--align-${props.align ?? "start"}`, props.className].filter(Boolean).join(" ");

  return (
    <details
      className={classes}
      data-menu={id}
      open={props.open}
      onToggle={(event) => props.onSync(id, event.currentTarget.open)}
      onKeyDown={handleKeyDown}
      onPointerEnter={handlePointerEnter}
      onPointerLeave={handlePointerLeave}
    >
      <summary
        ref={summaryRef}
        className="nav-menu__summary"
        // Before hydration the browser reports the <details> state itself; a fixed value would go stale.
        aria-expanded={props.enhanced ? props.open : undefined}
        onClick={handleSummaryClick}
      >
        {props.summary}
        {props.summaryDescription ? <span className="nav-visually-hidden"> {props.summaryDescription}</span> : null}
        {props.chevron === false ? null : <span className="nav-menu__chevron" aria-hidden="true" />}
      </summary>
      <div className="nav-menu__panel" id={`nav-menu-${id}`}>
        {props.children}
      </div>
    </details>
  );
}

// One card on a department board: who and what (title, subtitle), flags (priority — stated once, as its
// badge — prepay, late…),
// the facts a department works from, the units with status and carrier, days in stage, the latest
// note, and links to the card's dialogs. Server-rendered: every action is a plain link.
import { useId } from "react";
import { actionHref } from "~/rules/boards/board-pages.ts";
import type { BoardCard as BoardCardData } from "~/rules/boards/boards.ts";
import { formatNoteTime } from "~/rules/note-time.ts";
import { useHydrated } from "../app-dialog.tsx";
import { LockIcon } from "../lock-icon.tsx";

/** Marks a card's dialog links: the board opens them client-side once scripts run (board-view.tsx). */
export const CARD_LINK_ATTRIBUTE = "data-card-link";

export function days(count: number): string {
  return count === 1 ? "1 day" : `${count} days`;
}

/**
 * Plain elements styled with the theme's tokens (app/styles/board.css) rather than a Radix component per
 * fact, unit and link, and plain anchors rather than router Links (board-view.tsx opens them
 * client-side): a board page renders up to a few hundred cards on the server, and the markup and
 * render time grow with every component (docs/boards.md "Paging and page weight").
 */
export function BoardCardView({
  card,
  actions,
  pathname,
  search,
  headingLevel = "h3",
}: {
  card: BoardCardData;
  /** h3 under a stage heading (h2), h4 on pages with list sections. */
  headingLevel?: "h3" | "h4";
  /** The actions this reader may open (read-only boards keep only notes). */
  actions: BoardCardData["actions"];
  pathname: string;
  search: string;
}) {
  const titleId = useId();
  // The latest note's time: UTC from the server, the reader's own time zone once scripts run.
  const hydrated = useHydrated();
  const Title = headingLevel;
  return (
    <article
      aria-labelledby={titleId}
      className="board-card"
      data-card-key={card.key}
      data-unit-number={card.unitNumber ?? undefined}
      data-late={card.late ? "true" : undefined}
    >
      <div className="board-card__head">
        <div>
          <Title className="board-card__title" id={titleId}>
            {card.title}
          </Title>
          {card.subtitle ? <p className="board-card__subtitle">{card.subtitle}</p> : null}
        </div>
        {card.badges.length > 0 ? (
          <div className="board-card__badges" aria-label="Flags" role="list">
            {card.badges.map((badge) => (
              <span key={badge.label} className="board-badge" data-accent-color={badge.tone} role="listitem">
                {badge.label}
              </span>
            ))}
          </div>
        ) : null}
      </div>

      {card.facts.length > 0 ? (
        <dl className="board-card__facts">
          {card.facts.map((fact) => (
            <div key={fact.label}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}

      {card.units.length > 0 ? (
        <ul aria-label="Units" className="board-card__units">
          {card.units.map((unit) => (
            <li key={unit.unitNumber} data-unit={unit.unitNumber} data-late={unit.late ? "true" : undefined}>
              <span className="board-card__unit-number">{unit.unitNumber}</span>
              <span className="board-badge board-badge--outline" data-accent-color={unit.late ? "red" : "gray"}>
                {unit.status}
              </span>
              {unit.late ? <span className="board-card__late">Late</span> : null}
              {unit.carrier ? (
                <span className="board-card__carrier">
                  <LockIcon />
                  Carrier Assigned: {unit.carrier}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}

      <p className="board-card__days">
        {days(card.daysInStage)} in stage{card.late ? " — late" : ""}
      </p>

      {card.notes.count > 0 ? (
        <div className="board-card__notes">
          <p>
            {card.notes.count === 1 ? "1 note" : `${card.notes.count} notes`}
            {card.notes.latest ? (
              <>
                {` · latest by ${card.notes.latest.author}, `}
                <time dateTime={card.notes.latest.createdAt}>
                  {formatNoteTime(card.notes.latest.createdAt, hydrated)}
                </time>
              </>
            ) : null}
          </p>
          {card.notes.latest ? <p className="board-card__note-subject">{card.notes.latest.subject}</p> : null}
        </div>
      ) : null}

      {actions.length > 0 ? (
        <nav aria-label={`Actions for ${card.title}`}>
          <ul className="board-card__actions">
            {actions.map((action) => (
              <li key={action.id}>
                <a href={actionHref(pathname, search, action)} data-card-link="">
                  {action.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </article>
  );
}

// One card on a department board: who and what (title, subtitle), flags (priority, prepay, late…),
// the facts a department works from, the units with status and carrier, days in stage, the latest
// note, and links to the card's dialogs. Server-rendered: every action is a plain link.
import { Badge, Box, Card, DataList, Flex, Heading, Link as ThemeLink, Text } from "@radix-ui/themes";
import { useId } from "react";
import { Link } from "react-router";
import { actionHref } from "~/rules/board-pages.ts";
import type { BoardCard as BoardCardData } from "~/rules/boards.ts";

function LockIcon() {
  return (
    <svg width="12" height="12" viewBox="0 0 15 15" aria-hidden="true" focusable="false" style={{ flex: "none" }}>
      <path
        fill="currentColor"
        d="M5 4.64V6h5V4.64C10 3.21 8.88 2 7.5 2S5 3.21 5 4.64ZM4 6V4.64C4 2.72 5.53 1 7.5 1S11 2.72 11 4.64V6h.5A1.5 1.5 0 0 1 13 7.5v5a1.5 1.5 0 0 1-1.5 1.5h-8A1.5 1.5 0 0 1 2 12.5v-5A1.5 1.5 0 0 1 3.5 6H4Z"
      />
    </svg>
  );
}

export function days(count: number): string {
  return count === 1 ? "1 day" : `${count} days`;
}

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
  return (
    <Card
      asChild
      size="2"
      data-card-key={card.key}
      data-unit-number={card.unitNumber ?? undefined}
      data-late={card.late ? "true" : undefined}
      style={card.late ? { boxShadow: "inset 4px 0 0 var(--red-9)", background: "var(--red-a2)" } : undefined}
    >
      <article aria-labelledby={titleId}>
        <Flex justify="between" align="start" gap="2" wrap="wrap">
          <Box>
            <Heading as={headingLevel} size="3" id={titleId}>
              {card.title}
            </Heading>
            {card.subtitle ? (
              <Text as="p" size="2" color="gray">
                {card.subtitle}
              </Text>
            ) : null}
          </Box>
          {card.badges.length > 0 ? (
            <Flex gap="1" wrap="wrap" aria-label="Flags" role="list">
              {card.badges.map((badge) => (
                <Badge key={badge.label} color={badge.tone} role="listitem">
                  {badge.label}
                </Badge>
              ))}
            </Flex>
          ) : null}
        </Flex>

        {card.priority ? (
          <Text as="p" size="2" color="red" mt="2">
            Priority: {card.priority.reason}
            {card.priority.deadline ? ` (by ${card.priority.deadline})` : ""}
          </Text>
        ) : null}

        {card.facts.length > 0 ? (
          <DataList.Root size="1" mt="2" orientation="horizontal">
            {card.facts.map((fact) => (
              <DataList.Item key={fact.label}>
                <DataList.Label minWidth="96px">{fact.label}</DataList.Label>
                <DataList.Value>{fact.value}</DataList.Value>
              </DataList.Item>
            ))}
          </DataList.Root>
        ) : null}

        {card.units.length > 0 ? (
          <Box mt="2">
            <ul aria-label="Units" style={{ listStyle: "none", margin: 0, padding: 0 }}>
              {card.units.map((unit) => (
                <li key={unit.unitNumber} data-unit={unit.unitNumber}>
                  <Flex gap="2" align="center" wrap="wrap">
                    <Text size="2" weight="medium" color={unit.late ? "red" : undefined}>
                      {unit.unitNumber}
                    </Text>
                    <Badge variant="outline" color={unit.late ? "red" : "gray"}>
                      {unit.status}
                    </Badge>
                    {unit.late ? (
                      <Text size="1" color="red">
                        Late
                      </Text>
                    ) : null}
                    {unit.carrier ? (
                      <Flex gap="1" align="center" asChild>
                        <Text size="1" color="green">
                          <LockIcon />
                          Carrier Assigned: {unit.carrier}
                        </Text>
                      </Flex>
                    ) : null}
                  </Flex>
                </li>
              ))}
            </ul>
          </Box>
        ) : null}

        <Text as="p" size="1" color={card.late ? "red" : "gray"} mt="2" weight={card.late ? "bold" : undefined}>
          {days(card.daysInStage)} in stage{card.late ? " — late" : ""}
        </Text>

        {card.notes.count > 0 ? (
          <Box mt="2">
            <Text as="p" size="1" color="gray">
              {card.notes.count === 1 ? "1 note" : `${card.notes.count} notes`}
              {card.notes.latest ? ` · latest by ${card.notes.latest.author}, ${card.notes.latest.createdAt}` : ""}
            </Text>
            {card.notes.latest ? (
              <Text as="p" size="2" truncate>
                {card.notes.latest.subject}
              </Text>
            ) : null}
          </Box>
        ) : null}

        {actions.length > 0 ? (
          <nav aria-label={`Actions for ${card.title}`}>
            <Flex gap="3" mt="3" wrap="wrap" asChild>
              <ul style={{ listStyle: "none", margin: 0, padding: 0 }}>
                {actions.map((action) => (
                  <li key={action.id}>
                    <ThemeLink asChild size="2">
                      <Link to={actionHref(pathname, search, action)} preventScrollReset>
                        {action.label}
                      </Link>
                    </ThemeLink>
                  </li>
                ))}
              </ul>
            </Flex>
          </nav>
        ) : null}
      </article>
    </Card>
  );
}

// A department board: the filter form (GET, works without JavaScript), then each list of the page as a
// section, its cards grouped by stage with counts. Pages with several lists (transport, accounts
// receivable) get a section per list and in-page links to them. Each stage shows its first page of
// cards (already paged, app/rules/boards/board-pages.ts) with its true count and a "Show all" GET link.
import { Badge, Box, Button, Callout, Flex, Grid, Heading, Link as ThemeLink, Text, TextField } from "@radix-ui/themes";
import { type MouseEvent, type SyntheticEvent, useId } from "react";
import { Form, Link, useNavigate } from "react-router";
import {
  actionHref,
  type BoardTool,
  emptyText,
  FILTER_LABEL,
  FILTER_PARAM,
  pagedTotal,
  READ_ONLY_LABEL,
  showAllHref,
  showAllText,
  visibleActions,
  type BoardSection,
  type PagedCardList,
} from "~/rules/boards/board-pages.ts";
import type { LiveState } from "~/utils/board-socket.ts";
import { LiveIndicator } from "~/components/live-indicator.tsx";
import { prefetchDialogOfLink } from "~/components/dialogs/board-dialogs.tsx";
import { BoardCardView, CARD_LINK_ATTRIBUTE } from "./board-card.tsx";

export interface BoardSectionData extends BoardSection {
  /** The list filtered and paged: only the cards to show, with each stage's true count. */
  payload: PagedCardList | null;
  /** The list could not be loaded (shown instead of its cards). */
  error: string | null;
}

export const LIST_ERROR_TEXT = "This list could not be loaded. Try again in a moment.";

export function FilterForm({ pathname, filter }: { pathname: string; filter: string }) {
  const inputId = useId();
  return (
    <Form method="get" action={pathname} role="search" aria-label="Filter the board">
      <Flex gap="2" align="end" wrap="wrap">
        <Flex direction="column" gap="1" style={{ minWidth: 260, flex: "1 1 260px", maxWidth: 420 }}>
          <label htmlFor={inputId}>
            <Text size="2" weight="medium">
              {FILTER_LABEL}
            </Text>
          </label>
          <TextField.Root id={inputId} name={FILTER_PARAM} type="search" defaultValue={filter} key={filter} />
        </Flex>
        <Button type="submit" variant="soft">
          Filter
        </Button>
        {filter ? (
          <ThemeLink asChild size="2">
            <Link to={pathname}>Clear filter</Link>
          </ThemeLink>
        ) : null}
      </Flex>
    </Form>
  );
}

function SectionCards({
  section,
  filter,
  show,
  readOnly,
  pathname,
  search,
  nested,
}: {
  section: BoardSectionData;
  filter: string;
  show: string | null;
  readOnly: boolean;
  pathname: string;
  search: string;
  /** Under a list heading (h2): stages are h3 and cards h4. */
  nested: boolean;
}) {
  if (section.error || !section.payload) {
    return (
      <Callout.Root color="red" role="alert">
        <Callout.Text>{LIST_ERROR_TEXT}</Callout.Text>
      </Callout.Root>
    );
  }
  const stages = section.payload.stages;
  if (stages.length === 0) {
    return (
      <Text as="p" color="gray" data-empty-state="">
        {emptyText(filter)}
      </Text>
    );
  }
  const StageHeading = nested ? "h3" : "h2";
  return (
    <Flex direction="column" gap="5">
      {stages.map((group) => {
        const headingId = `stage-${section.list}-${group.stage.id}`;
        const hidden = group.total - group.cards.length;
        return (
          <section key={group.stage.id} aria-labelledby={headingId} data-stage={group.stage.id}>
            <Heading as={StageHeading} size="4" mb="2" id={headingId}>
              {group.stage.label}{" "}
              <Text color="gray" size="3" weight="regular">
                ({group.total})
              </Text>
            </Heading>
            <Grid asChild columns={{ initial: "1", sm: "2", lg: "3" }} gap="3">
              <ul style={{ listStyle: "none", margin: 0, padding: 0 }} aria-label={`${group.stage.label} cards`}>
                {group.cards.map((card) => (
                  <li key={card.key}>
                    <BoardCardView
                      card={card}
                      actions={visibleActions(card, readOnly)}
                      pathname={pathname}
                      search={search}
                      headingLevel={nested ? "h4" : "h3"}
                    />
                  </li>
                ))}
              </ul>
            </Grid>
            {hidden > 0 ? (
              <Text as="p" size="2" mt="3" data-show-all="">
                <ThemeLink asChild>
                  <Link to={showAllHref(pathname, search, group.stage.id)}>
                    {showAllText(group.total, group.stage.label)}
                  </Link>
                </ThemeLink>
              </Text>
            ) : show === group.stage.id && group.total > 0 ? (
              <Text as="p" size="2" mt="3">
                <ThemeLink asChild>
                  <Link to={showAllHref(pathname, search, null)}>Show fewer cards in {group.stage.label}</Link>
                </ThemeLink>
              </Text>
            ) : null}
          </section>
        );
      })}
    </Flex>
  );
}

/**
 * The cards' dialog links are plain anchors (hundreds of them: see board-card.tsx); once scripts run,
 * one handler on the board opens them as client-side navigations, as a router Link would, leaving
 * new-tab and modified clicks to the browser.
 */
function useCardLinkNavigation() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const anchor = (event.target as Element | null)?.closest?.(`a[${CARD_LINK_ATTRIBUTE}]`);
    const href = anchor?.getAttribute("href");
    if (!href || !href.startsWith("/") || href.startsWith("//")) return;
    event.preventDefault();
    void navigate(href, { preventScrollReset: true });
  };
}

export function BoardView({
  sections,
  filter,
  show = null,
  readOnly,
  pathname,
  search,
  live,
  tools = [],
}: {
  sections: readonly BoardSectionData[];
  filter: string;
  /** The stage shown in full (`?show=`), or null. */
  show?: string | null;
  readOnly: boolean;
  pathname: string;
  search: string;
  live: LiveState;
  /** Board-wide dialogs (Create Vendor on the transport board). */
  tools?: readonly BoardTool[];
}) {
  const nested = sections.length > 1;
  const cardsProps = { filter, show, readOnly, pathname, search };
  const openCardLink = useCardLinkNavigation();
  // A card's dialog link under the pointer or in focus: its dialog's code is fetched.
  const prefetchCardDialog = (event: SyntheticEvent<HTMLElement>) =>
    prefetchDialogOfLink(
      (event.target as Element | null)?.closest?.(`a[${CARD_LINK_ATTRIBUTE}]`)?.getAttribute("href"),
    );
  return (
    <Flex
      direction="column"
      gap="5"
      onClick={openCardLink}
      onPointerOver={prefetchCardDialog}
      onFocus={prefetchCardDialog}
    >
      <Flex justify="between" align="end" gap="3" wrap="wrap">
        <FilterForm pathname={pathname} filter={filter} />
        <Flex gap="2" align="center">
          {tools.map((tool) => (
            <Button key={tool.modal} asChild variant="soft" size="2">
              <a href={actionHref(pathname, search, { modal: tool.modal, params: {} })} data-card-link="">
                {tool.label}
              </a>
            </Button>
          ))}
          {readOnly ? (
            <Badge color="gray" variant="surface" size="2">
              {READ_ONLY_LABEL}
            </Badge>
          ) : null}
          <LiveIndicator state={live} />
        </Flex>
      </Flex>
      {nested ? (
        <nav aria-label="Lists on this board">
          <Flex gap="4" asChild wrap="wrap">
            <ul style={{ listStyle: "none", margin: 0, padding: 0 }}>
              {sections.map((section) => (
                <li key={section.list}>
                  <ThemeLink href={`#list-${section.list}`}>
                    {section.label}
                    {section.payload ? ` (${pagedTotal(section.payload)})` : ""}
                  </ThemeLink>
                </li>
              ))}
            </ul>
          </Flex>
        </nav>
      ) : null}
      {sections.map((section) =>
        nested ? (
          <Box asChild key={section.list}>
            <section
              id={`list-${section.list}`}
              aria-labelledby={`list-${section.list}-heading`}
              data-list={section.list}
            >
              <Heading as="h2" size="5" mb="3" id={`list-${section.list}-heading`}>
                {section.label}
              </Heading>
              <SectionCards section={section} {...cardsProps} nested />
            </section>
          </Box>
        ) : (
          <Box key={section.list} data-list={section.list}>
            <SectionCards section={section} {...cardsProps} nested={false} />
          </Box>
        ),
      )}
    </Flex>
  );
}

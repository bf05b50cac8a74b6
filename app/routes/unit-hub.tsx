// /unit-hub (status-diff, ADR 045): one page per unit, "what happened to this truck":
// its facts, status and department, its whole history (paged), requests, notes, transport jobs, claims,
// credit memos and auction listings. A plain GET search form (`?search=`), so it works without
// JavaScript; a partial number that finds several units lists them to choose from.
import { Button, Callout, Flex, Text, TextField } from "@radix-ui/themes";
import { data, Form } from "react-router";
import { PageShell } from "~/components/page-shell.tsx";
import { UnitHubView } from "~/components/unit-hub.tsx";
import { UnitSearchResults } from "~/components/unit-search-tables.tsx";
import { servicesContext } from "~/context.ts";
import { loadUnitHub } from "~/modules/fleet/unit-hub.server.ts";
import { UNIT_HUB_SEARCH_PARAM, UNIT_SEARCH_MESSAGES, unitHubHref, unitHubQuery } from "~/rules/fleet/unit-search.ts";
import { requireRouteAccess } from "~/shell/guard.server.ts";
import type { Route } from "./+types/unit-hub";

export const meta: Route.MetaFunction = () => [{ title: "Unit Hub · Fleet Ops" }];

export async function loader(args: Route.LoaderArgs) {
  requireRouteAccess(args);
  const query = unitHubQuery(args.url.searchParams);
  const typed = args.url.searchParams.get(UNIT_HUB_SEARCH_PARAM) ?? "";
  if (query.search === null) return { typed, answer: null, error: null };
  if (!query.search.ok) return data({ typed, answer: null, error: query.search.message }, { status: 400 });
  const { database } = args.context.get(servicesContext);
  const answer = await loadUnitHub(database.prisma, query.search.text, query.historyPage);
  if (answer.kind === "none") return data({ typed, answer, error: UNIT_SEARCH_MESSAGES.noResults }, { status: 404 });
  return { typed, answer, error: null };
}

export default function UnitHubPage({ loaderData }: Route.ComponentProps) {
  const { typed, answer, error } = loaderData;
  return (
    <PageShell title="Unit Hub">
      <Flex direction="column" gap="5">
        <Form method="get" role="search" aria-label="Find a unit">
          <Flex gap="2" align="end">
            <Flex direction="column" gap="1">
              <label htmlFor="unit-hub-search">
                <Text size="2" weight="medium">
                  Unit number
                </Text>
              </label>
              <TextField.Root
                id="unit-hub-search"
                name={UNIT_HUB_SEARCH_PARAM}
                defaultValue={typed}
                maxLength={8}
                placeholder="H24-0123"
              />
            </Flex>
            <Button type="submit" variant="soft">
              Search
            </Button>
          </Flex>
        </Form>
        {error ? (
          <Callout.Root color={answer?.kind === "none" ? "gray" : "red"} role="alert">
            <Callout.Text>{error}</Callout.Text>
          </Callout.Root>
        ) : null}
        {answer?.kind === "choose" ? (
          <Flex direction="column" gap="2">
            <Text size="2" role="status">
              {answer.more ? UNIT_SEARCH_MESSAGES.more : `${answer.results.length} units match: choose one.`}
            </Text>
            <UnitSearchResults
              results={answer.results}
              label="Matching units"
              hubLinks={false}
              historyHref={(unitNumber) => unitHubHref(unitNumber)}
              chooseLabel={(unitNumber) => `Unit hub of ${unitNumber}`}
            />
          </Flex>
        ) : null}
        {answer?.kind === "unit" ? <UnitHubView hub={answer.hub} /> : null}
      </Flex>
    </PageShell>
  );
}

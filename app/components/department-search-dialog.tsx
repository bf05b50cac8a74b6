// The departmentSearchModal (ADR 045), over any page: a search by unit number with its
// results (status, department, VIN, a link to the unit's board or the unit hub) and the history of the unit
// it names. A plain GET form to the page itself (`?modal=departmentSearchModal&unitSearch=…`): without
// JavaScript the root's loader answers it. With JavaScript the results follow the typing: the two JSON
// calls of the specification, after a pause, the stale ones aborted.
import { Button, Callout, Flex, Heading, Text, TextField } from "@radix-ui/themes";
import { useEffect, useRef, useState } from "react";
import { Form, useLocation, useRouteLoaderData } from "react-router";
import {
  DEPARTMENT_SEARCH_API_PATH,
  departmentSearchDialogHref,
  readUnitSearch,
  UNIT_HISTORY_SEARCH_API_PATH,
  UNIT_SEARCH_DEBOUNCE_MS,
  UNIT_SEARCH_MESSAGES,
  UNIT_SEARCH_PARAM,
  type UnitHistoryRow,
} from "~/rules/fleet/unit-search.ts";
import { apiFetch } from "~/utils/api-fetch.ts";
import { UnitHistoryTable, type UnitSearchHit, UnitSearchResults } from "./unit-search-tables.tsx";

interface SearchAnswer {
  typed: string;
  error: string | null;
  results: UnitSearchHit[];
  more: boolean;
  history: { unitNumber: string | null; rows: UnitHistoryRow[] };
}

interface RootUnitSearch {
  unitSearch: { hubLinks: boolean; answer: SearchAnswer | null } | null;
}

/** The unit whose history a search shows: exactly the number typed, else the only unit found. */
function historyUnitOf(text: string, results: readonly UnitSearchHit[], more: boolean): string | null {
  if (results.some((result) => result.UnitNumber === text)) return text;
  return results.length === 1 && !more ? results[0]!.UnitNumber : null;
}

async function askServer(text: string, signal: AbortSignal): Promise<SearchAnswer> {
  const unit = encodeURIComponent(text);
  const found = await apiFetch(`${DEPARTMENT_SEARCH_API_PATH}/${unit}`, { signal });
  if (!found.ok) throw new Error(`department search answered ${found.status}`);
  const results = (await found.json()) as UnitSearchHit[];
  const more = found.headers.get("X-More-Results") === "true";
  const historyUnit = historyUnitOf(text, results, more);
  let rows: UnitHistoryRow[] = [];
  if (historyUnit) {
    const history = await apiFetch(`${UNIT_HISTORY_SEARCH_API_PATH}/${encodeURIComponent(historyUnit)}`, { signal });
    if (!history.ok) throw new Error(`unit history answered ${history.status}`);
    rows = (await history.json()) as UnitHistoryRow[];
  }
  return { typed: text, error: null, results, more, history: { unitNumber: historyUnit, rows } };
}

export function DepartmentSearchDialog() {
  const root = useRouteLoaderData<RootUnitSearch>("root");
  // A session that may not search gets the reason, not a form whose calls would answer 403.
  if (!root?.unitSearch) {
    return (
      <Callout.Root color="red" role="alert">
        <Callout.Text>{UNIT_SEARCH_MESSAGES.forbidden}</Callout.Text>
      </Callout.Root>
    );
  }
  return <DepartmentSearch unitSearch={root.unitSearch} />;
}

function DepartmentSearch({ unitSearch }: { unitSearch: NonNullable<RootUnitSearch["unitSearch"]> }) {
  const location = useLocation();
  const serverAnswer = unitSearch.answer;
  const hubLinks = unitSearch.hubLinks;
  const [typed, setTyped] = useState(serverAnswer?.typed ?? "");
  const [answer, setAnswer] = useState<SearchAnswer | null>(serverAnswer);
  const [pending, setPending] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      inFlight.current?.abort();
    },
    [],
  );

  function search(raw: string, delay: number) {
    if (timer.current) clearTimeout(timer.current);
    inFlight.current?.abort();
    inFlight.current = null;
    if (raw.trim() === "") {
      setAnswer(null);
      setPending(false);
      return;
    }
    const reading = readUnitSearch(raw);
    if (!reading.ok) {
      setAnswer({
        typed: raw,
        error: reading.message,
        results: [],
        more: false,
        history: { unitNumber: null, rows: [] },
      });
      setPending(false);
      return;
    }
    setPending(true);
    timer.current = setTimeout(() => {
      const controller = new AbortController();
      inFlight.current = controller;
      askServer(reading.text, controller.signal).then(
        (next) => {
          if (controller.signal.aborted) return;
          setAnswer(next);
          setPending(false);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          // The specification's search failures are only logged.
          console.warn("the unit search failed", error);
          setPending(false);
        },
      );
    }, delay);
  }

  // The page's own parameters ride along, so the plain form reopens the dialog over the same page.
  const kept = [...new URLSearchParams(location.search)].filter(([name]) => name !== UNIT_SEARCH_PARAM);
  const historyHref = (unitNumber: string) =>
    departmentSearchDialogHref(location.pathname, location.search, unitNumber);

  return (
    <Flex direction="column" gap="4">
      <Form
        method="get"
        action={location.pathname}
        role="search"
        aria-label="Search units"
        preventScrollReset
        onSubmit={(event) => {
          event.preventDefault();
          search(typed, 0);
        }}
      >
        {kept.map(([name, value]) => (
          <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
        ))}
        <Flex gap="2" align="end">
          <Flex direction="column" gap="1" flexGrow="1">
            <label htmlFor="unit-search-input">
              <Text size="2" weight="medium">
                Unit Number
              </Text>
            </label>
            <TextField.Root
              id="unit-search-input"
              name={UNIT_SEARCH_PARAM}
              value={typed}
              maxLength={8}
              autoComplete="off"
              autoFocus
              placeholder="Whole or part of a unit number"
              onChange={(event) => {
                setTyped(event.currentTarget.value);
                search(event.currentTarget.value, UNIT_SEARCH_DEBOUNCE_MS);
              }}
            />
          </Flex>
          <Button type="submit" variant="soft">
            Search
          </Button>
        </Flex>
      </Form>
      <Text size="1" color="gray" role="status" aria-live="polite">
        {pending ? "Searching…" : ""}
      </Text>
      {answer ? (
        <SearchAnswerView
          answer={answer}
          hubLinks={hubLinks}
          historyHref={historyHref}
          onChoose={(unit) => {
            setTyped(unit);
            search(unit, 0);
          }}
        />
      ) : null}
    </Flex>
  );
}

function SearchAnswerView({
  answer,
  hubLinks,
  historyHref,
  onChoose,
}: {
  answer: SearchAnswer;
  hubLinks: boolean;
  historyHref: (unitNumber: string) => string;
  onChoose: (unitNumber: string) => void;
}) {
  if (answer.error) {
    return (
      <Callout.Root color="red" role="alert">
        <Callout.Text>{answer.error}</Callout.Text>
      </Callout.Root>
    );
  }
  if (answer.results.length === 0) {
    return (
      <Callout.Root color="gray" role="alert">
        <Callout.Text>{UNIT_SEARCH_MESSAGES.noResults}</Callout.Text>
      </Callout.Root>
    );
  }
  const { unitNumber, rows } = answer.history;
  return (
    <Flex direction="column" gap="3">
      {answer.more ? (
        <Text size="2" color="gray">
          {UNIT_SEARCH_MESSAGES.more}
        </Text>
      ) : null}
      <UnitSearchResults
        results={answer.results}
        label="Units found"
        hubLinks={hubLinks}
        historyHref={historyHref}
        onChooseHistory={onChoose}
      />
      <Heading as="h3" size="3">
        {unitNumber ? `History of ${unitNumber}` : "History"}
      </Heading>
      {unitNumber === null ? (
        <Text size="2" color="gray">
          {UNIT_SEARCH_MESSAGES.chooseForHistory}
        </Text>
      ) : rows.length === 0 ? (
        <Text size="2" color="gray">
          {UNIT_SEARCH_MESSAGES.noHistory}
        </Text>
      ) : (
        <UnitHistoryTable rows={rows} label={`History of ${unitNumber}`} />
      )}
    </Flex>
  );
}

// A request's audit history and the "who changed what since" of a save refused for a
// stale version (point 6), shared by the cancel and edit dialogs. Server-rendered (no JavaScript needed);
// times are shown in UTC on the server and during hydration, then in the browser's own time zone.
import { Box, Callout, Flex, Heading, Link as ThemeLink, Text } from "@radix-ui/themes";
import { useId } from "react";
import type { ChangeSince, VersionConflict } from "~/rules/dialogs/operation-result.ts";
import { Link } from "react-router";
import { useHydrated } from "../app-dialog.tsx";

/** One history row as `loadRequestHistory` answers it. */
export type HistoryEntry = ChangeSince & { action: string };

/** What an audit action reads as in a history ('cancel' → 'Order cancelled'); others read as words. */
const ACTION_LABELS: Readonly<Record<string, string>> = {
  cancel: "Order cancelled",
  create: "Created",
  edit: "Edited",
  "set-priority": "Priority set",
  "remove-priority": "Priority removed",
  "remove-prepay": "Prepay removed",
  "confirm-prepay": "Prepay confirmed",
  approve: "Approved",
  "assign-carrier": "Carrier assigned",
  "unassign-carrier": "Carrier removed",
  "complete-delivery": "Delivered",
  "complete-pickup": "Picked up",
};

export function historyActionLabel(action: string): string {
  const known = ACTION_LABELS[action];
  if (known) return known;
  const words = action.replace(/[-_]+/g, " ").trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : "Change";
}

const pad = (value: number) => String(value).padStart(2, "0");

/** MM/dd/yyyy HH:mm, in UTC (server, hydration) or in local time (once the browser runs). */
export function formatChangedAt(iso: string, local: boolean): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (local) {
    return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
  }
  return `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}

function ChangeLines({ changes }: { changes: ChangeSince["changes"] }) {
  if (changes.length === 0) return null;
  return (
    <ul style={{ margin: "4px 0 0", paddingLeft: 18 }}>
      {changes.map((change) => (
        <li key={change.label}>
          <Text size="2">
            <Text weight="medium">{change.label}</Text>
            {": "}
            {change.before === "" ? (
              <Text>{change.after === "" ? "(empty)" : change.after}</Text>
            ) : (
              <>
                <Text color="gray" style={{ textDecoration: "line-through" }}>
                  {change.before}
                </Text>
                {" → "}
                <Text>{change.after === "" ? "(empty)" : change.after}</Text>
              </>
            )}
          </Text>
        </li>
      ))}
    </ul>
  );
}

function ChangeHeader({ entry, label }: { entry: ChangeSince; label: string | null }) {
  const local = useHydrated();
  return (
    <Text as="p" size="2">
      {label ? <Text weight="bold">{label}</Text> : null}
      {label ? " · " : null}
      <Text color="gray">
        <time dateTime={entry.changedAt}>{formatChangedAt(entry.changedAt, local)}</time> by {entry.by}
      </Text>
    </Text>
  );
}

/** The request's history, newest first (the rows of `loadRequestHistory`). */
export function OrderHistory({ entries, title = "History" }: { entries: readonly HistoryEntry[]; title?: string }) {
  const headingId = useId();
  return (
    <Box asChild mt="4">
      <section aria-labelledby={headingId} data-order-history="">
        <Heading as="h3" size="3" mb="2" id={headingId}>
          {title}
        </Heading>
        {entries.length === 0 ? (
          <Text as="p" size="2" color="gray">
            No changes recorded yet.
          </Text>
        ) : (
          <ol style={{ listStyle: "none", margin: 0, padding: 0, maxHeight: 280, overflowY: "auto" }}>
            {entries.map((entry, index) => (
              <li
                key={`${entry.changedAt}-${index}`}
                style={{ padding: "6px 0", borderTop: index === 0 ? undefined : "1px solid var(--gray-a5)" }}
              >
                <ChangeHeader entry={entry} label={historyActionLabel(entry.action)} />
                <ChangeLines changes={entry.changes} />
              </li>
            ))}
          </ol>
        )}
      </section>
    </Box>
  );
}

/**
 * A save refused because the record moved on (409): who changed what since the version the edit was
 * made from, so the user can redo their edit over it instead of overwriting it.
 */
export function VersionConflictNotice({ conflict }: { conflict: VersionConflict }) {
  return (
    <Callout.Root color="amber" role="alert" data-version-conflict="">
      <Flex direction="column" gap="2">
        <Text as="p" size="2" weight="bold">
          Someone else changed this order after you opened it, so your changes were not saved.
        </Text>
        {conflict.since.length === 0 ? (
          <Text as="p" size="2">
            Reload the order to see its current state (version {conflict.currentVersion}).
          </Text>
        ) : (
          <>
            <Text as="p" size="2">
              Changed since (now version {conflict.currentVersion}):
            </Text>
            <ol style={{ margin: 0, paddingLeft: 18 }}>
              {conflict.since.map((change, index) => (
                <li key={`${change.changedAt}-${index}`}>
                  <ChangeHeader entry={change} label={null} />
                  <ChangeLines changes={change.changes} />
                </li>
              ))}
            </ol>
          </>
        )}
      </Flex>
    </Callout.Root>
  );
}

/** An edit dialog's 409: who changed what since, and a link that reloads the dialog with the latest version. */
export function StaleVersionNotice({ conflict, reloadHref }: { conflict: VersionConflict; reloadHref: string }) {
  return (
    <Flex direction="column" gap="2">
      <VersionConflictNotice conflict={conflict} />
      <Text size="2">
        <ThemeLink asChild>
          <Link to={reloadHref} replace>
            Load the latest version
          </Link>
        </ThemeLink>{" "}
        and make your changes again.
      </Text>
    </Flex>
  );
}

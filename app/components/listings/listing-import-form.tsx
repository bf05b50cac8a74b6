// The listings page's import form (ADR 046): a feed (CSV or JSON) and its photos, one multipart post. Without
// JavaScript it posts to the page, which imports and draws the report. With it the same form data goes to
// POST /api/listings/import, whose NDJSON answer drives a progress bar, then the report shows and the list
// is read again.
import { Box, Button, Callout, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { Form, useRevalidator } from "react-router";
import { useHydrated } from "~/components/app-dialog.tsx";
import {
  importSummary,
  LISTING_IMPORT_API_PATH,
  LISTING_IMPORT_INTENT,
  type ListingImportReport,
  refusalLine,
} from "~/rules/listings/listing-import.ts";

interface Progress {
  done: number;
  total: number;
}

type ImportState =
  | { kind: "idle" }
  | { kind: "running"; progress: Progress | null }
  | { kind: "done"; report: ListingImportReport }
  | { kind: "failed"; message: string };

const FAILED = "The import did not answer. Nothing is known to be imported; try again.";

/** Reads the NDJSON answer line by line, reporting each progress line. */
async function streamImport(form: FormData, onProgress: (progress: Progress) => void): Promise<ImportState> {
  const response = await fetch(LISTING_IMPORT_API_PATH, {
    method: "POST",
    body: form,
    headers: { accept: "application/x-ndjson" },
    credentials: "same-origin",
  });
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    return { kind: "failed", message: body?.error ?? FAILED };
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += value;
    let newline = buffered.indexOf("\n");
    while (newline !== -1) {
      const line = JSON.parse(buffered.slice(0, newline)) as {
        progress?: Progress;
        result?: ListingImportReport;
        error?: string;
      };
      buffered = buffered.slice(newline + 1);
      if (line.progress) onProgress(line.progress);
      if (line.result) return { kind: "done", report: line.result };
      if (line.error) return { kind: "failed", message: line.error };
      newline = buffered.indexOf("\n");
    }
  }
  return { kind: "failed", message: FAILED };
}

export function ImportReport({ report }: { report: ListingImportReport }) {
  return (
    <Callout.Root color={report.refused.length > 0 ? "amber" : "green"} role="status" data-import-report="">
      <Callout.Text>{importSummary(report)}</Callout.Text>
      {report.refused.length > 0 ? (
        <Box asChild mt="2">
          <ul aria-label="Refused rows" style={{ margin: 0, paddingLeft: 18, maxHeight: 200, overflowY: "auto" }}>
            {report.refused.slice(0, 200).map((refusal) => (
              <li key={refusal.line}>
                <Text size="2">{refusalLine(refusal)}</Text>
              </li>
            ))}
            {report.refused.length > 200 ? <li>… and {report.refused.length - 200} more.</li> : null}
          </ul>
        </Box>
      ) : null}
    </Callout.Root>
  );
}

export function ListingImportForm({
  result,
}: {
  result: { report: ListingImportReport | null; message: string | null } | null;
}) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [state, setState] = useState<ImportState>({ kind: "idle" });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setState({ kind: "running", progress: null });
    streamImport(form, (progress) => setState({ kind: "running", progress })).then(
      (finished) => {
        setState(finished);
        if (finished.kind === "done") void revalidator.revalidate();
      },
      () => setState({ kind: "failed", message: FAILED }),
    );
  };

  const running = state.kind === "running";
  const report = state.kind === "done" ? state.report : state.kind === "idle" ? result?.report : null;
  const message = state.kind === "failed" ? state.message : state.kind === "idle" ? result?.message : null;
  const percent =
    running && state.progress ? Math.round((100 * state.progress.done) / Math.max(1, state.progress.total)) : 0;

  return (
    <Card>
      <Heading as="h2" size="3" mb="2">
        Import listings
      </Heading>
      <Form method="post" encType="multipart/form-data" onSubmit={onSubmit} aria-label="Import listings">
        <input type="hidden" name="intent" value={LISTING_IMPORT_INTENT} />
        <Flex gap="3" align="end" wrap="wrap">
          <Flex direction="column" gap="1">
            <label htmlFor="listing-feed">
              <Text size="2" weight="medium">
                Feed (CSV or JSON)
              </Text>
            </label>
            <input id="listing-feed" name="feed" type="file" accept=".csv,.json,text/csv,application/json" required />
          </Flex>
          <Flex direction="column" gap="1">
            <label htmlFor="listing-photos">
              <Text size="2" weight="medium">
                Photos the feed names
              </Text>
            </label>
            <input id="listing-photos" name="photos" type="file" accept="image/*" multiple />
          </Flex>
          <Button type="submit" loading={running}>
            Import
          </Button>
        </Flex>
      </Form>
      {running ? (
        <Flex direction="column" gap="1" mt="3">
          {/* The native bar: one element, announced by screen readers, no component CSS for every page. */}
          <progress value={percent} max={100} aria-label="Import progress" style={{ width: "100%" }} />
          <Text size="2" role="status">
            {state.progress
              ? `Imported ${state.progress.done.toLocaleString("en-US")} of ${state.progress.total.toLocaleString("en-US")} rows…`
              : "Uploading…"}
          </Text>
        </Flex>
      ) : null}
      {message ? (
        <Callout.Root color="red" role="alert" mt="3">
          <Callout.Text>{message}</Callout.Text>
        </Callout.Root>
      ) : null}
      {report ? (
        <Box mt="3">
          <ImportReport report={report} />
        </Box>
      ) : null}
    </Card>
  );
}

// The Notes dialog (notesGeneral; spec 1 §2, §4, §5; ADR 012): the notes of a request or unit, newest
// first — author, date, subject, unit number and board — with cancelled notes struck through; the
// author (or a restricted holder) cancels and restores; an add area whose Add button is disabled for
// blank text and for read-only readers. Every form posts to the board with an `intent` (plain forms
// without JavaScript; fetchers with it, so the list updates without a reload and the dialog stays open).
import { Badge, Box, Button, Callout, Flex, Text, TextArea } from "@radix-ui/themes";
import { useEffect, useId, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import {
  addButtonDisabled,
  formatNoteTime,
  NOTE_INTENTS,
  NOTE_MAX_LENGTH,
  NOTE_MESSAGE_MS,
  noteAuthor,
  type NotesDialogData,
  type NoteView,
} from "~/rules/notes.ts";
import type { DialogActionData } from "~/rules/operation-result.ts";
import { routeByName } from "~/rules/routes.ts";
import { useHydrated } from "../modal-host.tsx";
import type { BoardDialogProps } from "./board-dialogs.tsx";

function refusalOf(value: unknown, intent: string): DialogActionData | null {
  const data = value as DialogActionData | null | undefined;
  return data && data.intent === intent && data.ok === false ? data : null;
}

/** A message shown until it is replaced, and for NOTE_MESSAGE_MS only once scripts run. */
function useTimedMessage(message: string | null, key: unknown): string | null {
  const hydrated = useHydrated();
  const [hiddenFor, setHiddenFor] = useState<unknown>(null);
  useEffect(() => {
    if (!hydrated || !message) return;
    const timer = setTimeout(() => setHiddenFor(key), NOTE_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [hydrated, message, key]);
  return message && hiddenFor !== key ? message : null;
}

/**
 * The dialog's fetcher: `refusal` is the refused answer of its last submission (or the page's action
 * data after a plain post without scripts); `done` counts submissions that succeeded — they redirect, so
 * React Router leaves the fetcher without data.
 */
function useDialogFetcher(intent: string, pageActionData: DialogActionData | null) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  const [seen, setSeen] = useState({ busy: false, done: 0 });
  if (seen.busy !== busy) setSeen({ busy, done: !busy && fetcher.data === undefined ? seen.done + 1 : seen.done });
  const refusal = busy ? null : (refusalOf(fetcher.data, intent) ?? pageActionData);
  return { fetcher, busy, done: seen.done, refusal };
}

function NoteItem({ note, action, actionData }: { note: NoteView; action: string; actionData: DialogActionData | null }) {
  const local = useHydrated();
  const pageRefusal = actionData && actionData.values.noteId === String(note.NoteID) ? actionData : null;
  const { fetcher, busy, refusal } = useDialogFetcher(NOTE_INTENTS.cancel, pageRefusal);
  const message = useTimedMessage(refusal?.message ?? null, refusal);
  const cancelled = note.NoteCancelled === 1;
  const board = routeByName(note.NoteType)?.title ?? note.NoteType;
  return (
    <li
      data-note-id={note.NoteID}
      data-cancelled={cancelled ? "true" : "false"}
      style={{ padding: "8px 0", borderTop: "1px solid var(--gray-a5)" }}
    >
      <Flex justify="between" align="start" gap="3">
        <Box style={{ minWidth: 0 }}>
          <Text as="p" size="2">
            <Text weight="bold">{noteAuthor(note)}</Text>
            <Text color="gray">
              {" · "}
              <time dateTime={note.CreatedOn}>{formatNoteTime(note.CreatedOn, local)}</time>
              {" · "}
              {note.NoteUnitNumber ? `Unit ${note.NoteUnitNumber}` : "Order note"}
              {" · "}
              {board}
            </Text>
            {cancelled ? (
              <Badge color="gray" ml="2">
                Cancelled
              </Badge>
            ) : null}
          </Text>
          <Text as="p" size="2" color={cancelled ? "gray" : undefined} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {cancelled ? <s data-note-subject="">{note.NoteSubject}</s> : <span data-note-subject="">{note.NoteSubject}</span>}
          </Text>
        </Box>
        {note.mayChange ? (
          <fetcher.Form method="post" action={action} style={{ flex: "none" }}>
            <input type="hidden" name="intent" value={NOTE_INTENTS.cancel} />
            <input type="hidden" name="noteId" value={note.NoteID} />
            <input type="hidden" name="cancelValue" value={cancelled ? "0" : "1"} />
            <Button type="submit" size="1" variant="soft" color={cancelled ? "green" : "red"} loading={busy}>
              {cancelled ? "Restore note" : "Cancel note"}
            </Button>
          </fetcher.Form>
        ) : null}
      </Flex>
      {message ? (
        <Text as="p" size="1" color="red" role="alert" mt="1">
          {message}
        </Text>
      ) : null}
    </li>
  );
}

function AddNote({ data, action, actionData }: { data: NotesDialogData; action: string; actionData: DialogActionData | null }) {
  const hydrated = useHydrated();
  const fieldId = useId();
  const { fetcher, busy, done, refusal } = useDialogFetcher(NOTE_INTENTS.add, actionData);
  const submitted = actionData?.values.note;
  const [text, setText] = useState(typeof submitted === "string" ? submitted : "");
  // A note added (the list now shows it): start the next one from an empty box.
  const [clearedAt, setClearedAt] = useState(0);
  if (done !== clearedAt) {
    setClearedAt(done);
    setText("");
  }
  const fieldError = refusal?.fieldErrors?.note?.[0] ?? null;
  const message = useTimedMessage(refusal?.message ?? null, refusal);
  // Without scripts nothing can enable a disabled button, so blank text is left to the server.
  const disabled = !data.mayAdd || (hydrated && addButtonDisabled(text, data.mayAdd));
  return (
    <fetcher.Form method="post" action={action} aria-label="Add a note">
      <input type="hidden" name="intent" value={NOTE_INTENTS.add} />
      <Flex direction="column" gap="2">
        <label htmlFor={fieldId}>
          <Text size="2" weight="medium">
            New note
          </Text>
        </label>
        <TextArea
          id={fieldId}
          name="note"
          rows={3}
          maxLength={NOTE_MAX_LENGTH}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          disabled={!data.mayAdd}
          aria-invalid={fieldError ? true : undefined}
        />
        {data.addBlockedReason ? (
          <Text as="p" size="1" color="gray">
            {data.addBlockedReason}
          </Text>
        ) : null}
        {message ? (
          <Callout.Root color="red" role="alert" size="1">
            <Callout.Text>{message}</Callout.Text>
          </Callout.Root>
        ) : null}
        <Box>
          <Button type="submit" disabled={disabled} loading={busy}>
            Add
          </Button>
        </Box>
      </Flex>
    </fetcher.Form>
  );
}

export function NotesDialog({ data, actionData }: BoardDialogProps) {
  const dialog = data as NotesDialogData;
  const location = useLocation();
  // Forms post to the board's own URL: its parameters name the request or unit.
  const action = `${location.pathname}${location.search}`;
  const listId = useId();
  const addRefusal = refusalOf(actionData, NOTE_INTENTS.add);
  const cancelRefusal = refusalOf(actionData, NOTE_INTENTS.cancel);
  return (
    <Flex direction="column" gap="4" data-notes-dialog="">
      <section aria-labelledby={listId}>
        <Text as="p" size="2" weight="bold" id={listId} mb="1">
          {dialog.notes.length === 1 ? "1 note" : `${dialog.notes.length} notes`}
        </Text>
        {dialog.notes.length === 0 ? (
          <Text as="p" size="2" color="gray">
            No notes yet.
          </Text>
        ) : (
          <ul aria-label="Notes" style={{ listStyle: "none", margin: 0, padding: 0, maxHeight: 360, overflowY: "auto" }}>
            {dialog.notes.map((note) => (
              <NoteItem key={note.NoteID} note={note} action={action} actionData={cancelRefusal} />
            ))}
          </ul>
        )}
      </section>
      <AddNote data={dialog} action={action} actionData={addRefusal} />
    </Flex>
  );
}

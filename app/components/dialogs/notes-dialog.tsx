// The Notes dialog (notesGeneral; ADR 012): the notes of a request or unit, newest
// first — author, date, subject, unit number and board — with cancelled notes struck through; the
// author (or a restricted holder) cancels and restores; an add area whose Add button is disabled for
// blank text and for read-only readers. Every form posts to the board with an `intent` (plain forms
// without JavaScript; fetchers with it, so the list updates without a reload and the dialog stays open).
import { Badge, Box, Button, Callout, Flex, Text, TextArea } from "@radix-ui/themes";
import { useId, useState } from "react";
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
import type { NOTES_DIALOG } from "~/rules/notes-schema.ts";
import type { DialogActionData } from "~/rules/dialogs/operation-result.ts";
import { routeByName } from "~/rules/access/routes.ts";
import { useHydrated } from "../app-dialog.tsx";
import { type BoardDialogProps, DialogFormElement, useDialogForm } from "./dialog-kit.tsx";

function NoteItem({ note, actionData }: { note: NoteView; actionData: DialogActionData | null }) {
  const local = useHydrated();
  const form = useDialogForm<typeof NOTES_DIALOG>(NOTE_INTENTS.cancel, {
    actionData,
    messageMs: NOTE_MESSAGE_MS,
    owns: (values) => values.noteId === String(note.NoteID),
  });
  const message = form.refused ? form.message : null;
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
          <Text
            as="p"
            size="2"
            color={cancelled ? "gray" : undefined}
            style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
          >
            {cancelled ? (
              <s data-note-subject="">{note.NoteSubject}</s>
            ) : (
              <span data-note-subject="">{note.NoteSubject}</span>
            )}
          </Text>
        </Box>
        {note.mayChange ? (
          <DialogFormElement form={form} style={{ flex: "none" }}>
            <input type="hidden" name="noteId" value={note.NoteID} />
            <input type="hidden" name="cancelValue" value={cancelled ? "0" : "1"} />
            <Button type="submit" size="1" variant="soft" color={cancelled ? "green" : "red"} loading={form.busy}>
              {cancelled ? "Restore note" : "Cancel note"}
            </Button>
          </DialogFormElement>
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

function AddNote({ data, actionData }: { data: NotesDialogData; actionData: DialogActionData | null }) {
  const hydrated = useHydrated();
  const fieldId = useId();
  const form = useDialogForm<typeof NOTES_DIALOG>(NOTE_INTENTS.add, { actionData, messageMs: NOTE_MESSAGE_MS });
  const [text, setText] = useState(() => form.value("note") ?? "");
  // A note added (the list now shows it): start the next one from an empty box.
  const [clearedAt, setClearedAt] = useState(form.done);
  if (form.done !== clearedAt) {
    setClearedAt(form.done);
    setText("");
  }
  const fieldError = form.fieldError("note");
  const message = form.refused ? form.message : null;
  // Without scripts nothing can enable a disabled button, so blank text is left to the server.
  const disabled = !data.mayAdd || (hydrated && addButtonDisabled(text, data.mayAdd));
  return (
    <DialogFormElement form={form} aria-label="Add a note">
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
          <Button type="submit" disabled={disabled} loading={form.busy}>
            Add
          </Button>
        </Box>
      </Flex>
    </DialogFormElement>
  );
}

export default function NotesDialog({ data, actionData }: BoardDialogProps<"notesGeneral">) {
  const listId = useId();
  return (
    <Flex direction="column" gap="4" data-notes-dialog="">
      <section aria-labelledby={listId}>
        <Text as="p" size="2" weight="bold" id={listId} mb="1">
          {data.notes.length === 1 ? "1 note" : `${data.notes.length} notes`}
        </Text>
        {data.notes.length === 0 ? (
          <Text as="p" size="2" color="gray">
            No notes yet.
          </Text>
        ) : (
          <ul
            aria-label="Notes"
            style={{ listStyle: "none", margin: 0, padding: 0, maxHeight: 360, overflowY: "auto" }}
          >
            {data.notes.map((note) => (
              <NoteItem key={note.NoteID} note={note} actionData={actionData} />
            ))}
          </ul>
        )}
      </section>
      <AddNote data={data} actionData={actionData} />
    </Flex>
  );
}

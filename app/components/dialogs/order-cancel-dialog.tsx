// The cancellation note dialog (noteOnboarding; ADR 013), titled with the company name by the board.
// One form through the dialog kit: posted to the board with intent cancel-order, a plain post
// without JavaScript (a refusal comes back as the board's action data with the typed note kept), a
// fetcher with it. With JavaScript the counter is live, a missing note is caught before sending, and
// the messages clear after 4 s. The request's history is shown below.
import { Box, Button, Callout, Flex, Text, TextArea } from "@radix-ui/themes";
import { useId, useState } from "react";
import {
  ORDER_CANCEL_FAILED_MESSAGE,
  ORDER_CANCEL_MESSAGE_MS,
  CANCEL_NOTE_MAX_LENGTH,
  CANCEL_NOTE_REQUIRED_MESSAGE,
  ORDER_CANCEL_INTENT,
  cancelNoteCounter,
  cancelNoteError,
  type OrderCancelDialogData,
} from "~/rules/orders/order-cancel.ts";
import type { ORDER_CANCEL_DIALOG } from "~/rules/orders/order-cancel-schema.ts";
import { FormMessage } from "../form-message.tsx";
import { useHydrated } from "../app-dialog.tsx";
import { type BoardDialogProps, DialogFormElement, useDialogForm } from "./dialog-kit.tsx";
import { formatChangedAt, OrderHistory, VersionConflictNotice } from "./order-history.tsx";

function Releases({ data }: { data: OrderCancelDialogData }) {
  const { reservedUnits, openJobs } = data.releases;
  if (reservedUnits.length === 0 && openJobs.length === 0) return null;
  return (
    <Text as="p" size="2" color="gray">
      Cancelling
      {reservedUnits.length > 0
        ? ` releases the reserved ${reservedUnits.length === 1 ? "unit" : "units"} ${reservedUnits.join(", ")}`
        : ""}
      {reservedUnits.length > 0 && openJobs.length > 0 ? " and" : ""}
      {openJobs.length > 0
        ? ` removes the transport ${openJobs.length === 1 ? "job" : "jobs"} without a carrier (${openJobs.join(", ")})`
        : ""}
      .
    </Text>
  );
}

export default function OrderCancelDialog({ data: dialog, actionData, readOnly }: BoardDialogProps<"noteOnboarding">) {
  const hydrated = useHydrated();
  const noteId = useId();
  const counterId = useId();
  const form = useDialogForm<typeof ORDER_CANCEL_DIALOG>(ORDER_CANCEL_INTENT, {
    actionData,
    messageMs: ORDER_CANCEL_MESSAGE_MS,
    failedMessage: ORDER_CANCEL_FAILED_MESSAGE,
    check: (sent) => {
      const noteError = cancelNoteError(String(sent.get("note") ?? ""));
      return noteError ? { message: noteError, fieldErrors: { note: [noteError] } } : null;
    },
  });
  const [note, setNote] = useState(() => form.value("note") ?? "");
  // The note's own message first (the field's), else the refusal's.
  const message = form.fieldError("note") ?? form.message;

  const intro = (
    <Text as="p" size="2">
      {dialog.requestLabel} · {dialog.companyCode} · {dialog.department}
    </Text>
  );

  let body;
  if (dialog.cancelled) {
    body = (
      <Callout.Root color="gray" role="status">
        <Callout.Text>
          Cancelled on <time dateTime={dialog.cancelled.at}>{formatChangedAt(dialog.cancelled.at, hydrated)}</time>
          {dialog.cancelled.by ? ` by ${dialog.cancelled.by}` : ""}.
        </Callout.Text>
      </Callout.Root>
    );
  } else if (dialog.blocked || readOnly) {
    body = (
      <Callout.Root color="amber" role="status">
        <Callout.Text>{dialog.blocked ?? "This board is read only."}</Callout.Text>
      </Callout.Root>
    );
  } else {
    const counter = cancelNoteCounter(note);
    body = (
      <DialogFormElement form={form} noValidate>
        <input type="hidden" name="FormHistoryID" value={dialog.formHistoryId} />
        <input type="hidden" name="department" value={dialog.department} />
        <input type="hidden" name="version" value={dialog.version} />
        <Flex direction="column" gap="2">
          <Releases data={dialog} />
          <label htmlFor={noteId}>
            <Text size="2" weight="medium">
              Cancellation note
            </Text>
          </label>
          <TextArea
            id={noteId}
            name="note"
            rows={5}
            maxLength={CANCEL_NOTE_MAX_LENGTH}
            placeholder="Why is this order cancelled?"
            aria-describedby={counterId}
            aria-invalid={message === CANCEL_NOTE_REQUIRED_MESSAGE ? true : undefined}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
          <Text as="p" size="1" color="gray" align="right" id={counterId} aria-live="polite" data-note-counter="">
            {counter}
          </Text>
          <Box>
            <Button type="submit" color="red" loading={form.busy}>
              Cancel Order
            </Button>
          </Box>
        </Flex>
      </DialogFormElement>
    );
  }

  return (
    <Flex direction="column" gap="3">
      {intro}
      {body}
      {/* Outside the form: a refusal that reloads the dialog (now cancelled, blocked) still shows. */}
      <FormMessage message={message} />
      {form.conflict ? <VersionConflictNotice conflict={form.conflict} /> : null}
      <OrderHistory entries={dialog.history} />
    </Flex>
  );
}

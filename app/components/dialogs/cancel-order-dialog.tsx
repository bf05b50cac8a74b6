// The cancellation note dialog (noteOnboarding; spec 1 §2, §5, §8; ADR 013), titled with the company
// name by the board. Without JavaScript it is a form posted to the board (intent cancel-order): a refusal
// comes back as the board's action data, rendered here with the typed note kept. With JavaScript the
// counter is live, a missing note is caught before sending, the cancel goes through PUT /api/order/cancel
// and its messages clear after 4 s. The request's history is shown below.
import { Box, Button, Callout, Flex, Text, TextArea } from "@radix-ui/themes";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { apiFetch } from "~/utils/api-fetch.ts";
import {
  CANCEL_FAILED_MESSAGE,
  CANCEL_MESSAGE_MS,
  CANCEL_NOTE_MAX_LENGTH,
  CANCEL_NOTE_REQUIRED_MESSAGE,
  CANCEL_ORDER_API_PATH,
  CANCEL_ORDER_INTENT,
  cancelNoteCounter,
  cancelNoteError,
  type CancelOrderBody,
  type CancelOrderDialogData,
} from "~/rules/order-cancel.ts";
import type { FieldErrors, VersionConflict } from "~/rules/operation-result.ts";
import { FormMessage } from "../form-controls.tsx";
import { useHydrated } from "../app-dialog.tsx";
import type { BoardDialogProps } from "./dialog-kit.tsx";
import { formatChangedAt, OrderHistory, VersionConflictNotice } from "./order-history.tsx";

/** A shown message; `seq` restarts its 4 s timer when the same text is shown again. */
interface Shown {
  text: string;
  seq: number;
}

let sequence = 0;
const shown = (text: string | null | undefined): Shown | null => (text ? { text, seq: ++sequence } : null);

interface RefusalBody {
  error?: unknown;
  errors?: FieldErrors;
  conflict?: VersionConflict;
}

/** What the dialog says about a refused cancel: the note's own message first, then the server's, else ours. */
function refusalMessage(body: RefusalBody | null): string {
  const noteError = body?.errors?.note?.[0];
  if (noteError) return noteError;
  return typeof body?.error === "string" && body.error ? body.error : CANCEL_FAILED_MESSAGE;
}

function Releases({ data }: { data: CancelOrderDialogData }) {
  const { reservedUnits, openJobs } = data.releases;
  if (reservedUnits.length === 0 && openJobs.length === 0) return null;
  return (
    <Text as="p" size="2" color="gray">
      Cancelling
      {reservedUnits.length > 0 ? ` releases the reserved ${reservedUnits.length === 1 ? "unit" : "units"} ${reservedUnits.join(", ")}` : ""}
      {reservedUnits.length > 0 && openJobs.length > 0 ? " and" : ""}
      {openJobs.length > 0 ? ` removes the transport ${openJobs.length === 1 ? "job" : "jobs"} without a carrier (${openJobs.join(", ")})` : ""}.
    </Text>
  );
}

export default function CancelOrderDialog({ data: dialog, actionData, closeHref, readOnly }: BoardDialogProps<"noteOnboarding">) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const noteId = useId();
  const counterId = useId();
  // The refusal of a plain form post (no JavaScript): its message, conflict and the typed note.
  const refused = actionData?.intent === CANCEL_ORDER_INTENT && !actionData.ok ? actionData : null;
  const keptNote = typeof refused?.values.note === "string" ? refused.values.note : "";
  const [note, setNote] = useState(keptNote);
  const [message, setMessage] = useState<Shown | null>(() => shown(refused?.fieldErrors?.note?.[0] ?? refused?.message));
  const [conflict, setConflict] = useState<VersionConflict | null>(refused?.conflict ?? null);
  const [pending, setPending] = useState(false);

  // Spec 1 §5, §8: the message clears after 4 s (only where scripts run; the server's stays).
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), CANCEL_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [message]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const noteError = cancelNoteError(note);
    if (noteError) {
      setMessage(shown(noteError));
      return;
    }
    const body: CancelOrderBody = {
      note,
      FormHistoryID: dialog.formHistoryId,
      department: dialog.department,
      onboardingStatus: dialog.onboardingStatus,
      offboardingStatus: dialog.offboardingStatus,
      CompanyName: dialog.companyName,
      CompanyNumber: dialog.companyCode,
      version: dialog.version,
    };
    setPending(true);
    setConflict(null);
    try {
      const response = await apiFetch(CANCEL_ORDER_API_PATH, {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      const answer = (await response.json().catch(() => null)) as (RefusalBody & { ok?: unknown }) | null;
      if (response.ok && answer?.ok === true) {
        // Spec 1 §4: the department's cards refresh (the board reloads; other browsers by socket).
        await navigate(closeHref, { replace: true, preventScrollReset: true });
        return;
      }
      // Refused, or an answer that does not confirm the cancel (a proxy's page): say so.
      setMessage(shown(response.ok ? CANCEL_FAILED_MESSAGE : refusalMessage(answer)));
      if (answer?.conflict) setConflict(answer.conflict);
      // The order moved on: reload what the dialog shows (its version, history, what blocks a cancel).
      if (response.status === 409) void revalidator.revalidate();
    } catch {
      setMessage(shown(CANCEL_FAILED_MESSAGE));
    } finally {
      setPending(false);
    }
  }

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
      <form method="post" onSubmit={(event) => void submit(event)} noValidate>
        <input type="hidden" name="intent" value={CANCEL_ORDER_INTENT} />
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
            aria-invalid={message?.text === CANCEL_NOTE_REQUIRED_MESSAGE ? true : undefined}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
          <Text as="p" size="1" color="gray" align="right" id={counterId} aria-live="polite" data-note-counter="">
            {counter}
          </Text>
          <Box>
            <Button type="submit" color="red" loading={pending}>
              Cancel Order
            </Button>
          </Box>
        </Flex>
      </form>
    );
  }

  return (
    <Flex direction="column" gap="3">
      {intro}
      {body}
      {/* Outside the form: a refusal that reloads the dialog (now cancelled, blocked) still shows. */}
      <FormMessage message={message?.text} />
      {conflict ? <VersionConflictNotice conflict={conflict} /> : null}
      <OrderHistory entries={dialog.history} />
    </Flex>
  );
}

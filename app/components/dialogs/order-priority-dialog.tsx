// The priority dialog (setPriorityOrder; ADR 041): a reason from the specification's list (Other with its
// own text, at most 64 characters with a live counter), an optional deadline, Set Priority; and, for an
// order that has one, Remove Priority behind a confirmation. Two forms through the dialog kit: a
// plain post without JavaScript, a fetcher with it, the same rules checked before sending. Each save
// states the priority the dialog was opened on, so a change made meanwhile is refused, not overwritten.
import { Button, Flex, Text, TextField } from "@radix-ui/themes";
import { useId, useState } from "react";
import { Link } from "react-router";
import { formatDisplayDate } from "~/rules/format.ts";
import {
  type ORDER_PRIORITY_DIALOG,
  ORDER_PRIORITY_MESSAGE_MS,
  ORDER_PRIORITY_MESSAGES as M,
  OTHER_REASON,
  PRIORITY_REASON_MAX_LENGTH,
  PRIORITY_REASONS,
  priorityFormValues,
  priorityReasonCounter,
  readPriorityForm,
  REMOVE_PRIORITY_INTENT,
  SET_PRIORITY_INTENT,
} from "~/rules/orders/order-priority.ts";
import { useHydrated } from "../app-dialog.tsx";
import { FormMessage, FieldMessage } from "../form-message.tsx";
import { type BoardDialogProps, DialogFormElement, newestForm, useDialogForm } from "./dialog-kit.tsx";
import { Notice } from "./dialog-sections.tsx";
import { nativeControlStyle } from "./native-control.ts";

export default function OrderPriorityDialog({
  data,
  actionData,
  closeHref,
  readOnly,
}: BoardDialogProps<"setPriorityOrder">) {
  const hydrated = useHydrated();
  const reasonId = useId();
  const otherId = useId();
  const deadlineId = useId();
  const counterId = useId();
  const set = useDialogForm<typeof ORDER_PRIORITY_DIALOG>(SET_PRIORITY_INTENT, {
    actionData,
    messageMs: ORDER_PRIORITY_MESSAGE_MS,
    failedMessage: M.setFailed,
    check: (form) => {
      const reading = readPriorityForm(Object.fromEntries(form));
      return reading.ok ? null : { message: reading.message, fieldErrors: reading.fieldErrors };
    },
  });
  const remove = useDialogForm<typeof ORDER_PRIORITY_DIALOG>(REMOVE_PRIORITY_INTENT, {
    actionData,
    messageMs: ORDER_PRIORITY_MESSAGE_MS,
    failedMessage: M.removeFailed,
  });
  const shown = newestForm([set, remove]);
  const stored = priorityFormValues(data.reason);
  const [reason, setReason] = useState(() => set.value("PriorityReason") ?? stored.PriorityReason);
  const [other, setOther] = useState(() => set.value("OtherReason") ?? stored.OtherReason);
  const [confirming, setConfirming] = useState(false);
  const oldValue = <input type="hidden" name="OldValue" value={data.reason ?? ""} />;
  const request = <input type="hidden" name="FormHistoryID" value={data.formHistoryId} />;

  const current = data.reason ? (
    <Text as="p" size="2">
      Current priority: <strong>{data.reason}</strong>
      {data.deadline ? ` (deadline ${formatDisplayDate(data.deadline)})` : ""}
    </Text>
  ) : (
    <Text as="p" size="2" color="gray">
      This order has no priority.
    </Text>
  );

  if (data.blocked || readOnly) {
    return (
      <Flex direction="column" gap="3">
        <Text as="p" size="2">
          {data.requestLabel} · {data.companyName}
        </Text>
        {current}
        <Notice>{data.blocked ?? "This board is read only."}</Notice>
      </Flex>
    );
  }

  return (
    <Flex direction="column" gap="3">
      <Text as="p" size="2">
        {data.requestLabel} · {data.companyName}
      </Text>
      {current}
      <DialogFormElement form={set} noValidate aria-label="Set priority">
        {request}
        {oldValue}
        <Flex direction="column" gap="3">
          <Flex direction="column" gap="1">
            <label htmlFor={reasonId}>
              <Text size="2" weight="medium">
                Priority reason
              </Text>
            </label>
            <select
              id={reasonId}
              name="PriorityReason"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              style={nativeControlStyle}
              aria-invalid={set.fieldError("PriorityReason") ? true : undefined}
            >
              <option value="">Select a reason</option>
              {PRIORITY_REASONS.map((each) => (
                <option key={each} value={each}>
                  {each}
                </option>
              ))}
            </select>
            <FieldMessage message={set.fieldError("PriorityReason")} />
          </Flex>
          {/* Without JavaScript the field is always there; with it, once Other is chosen. */}
          {!hydrated || reason === OTHER_REASON ? (
            <Flex direction="column" gap="1">
              <label htmlFor={otherId}>
                <Text size="2" weight="medium">
                  Other reason{hydrated ? "" : " (when Other is selected)"}
                </Text>
              </label>
              <TextField.Root
                id={otherId}
                name="OtherReason"
                value={other}
                maxLength={PRIORITY_REASON_MAX_LENGTH}
                onChange={(event) => setOther(event.target.value)}
                aria-describedby={counterId}
                aria-invalid={set.fieldError("OtherReason") ? true : undefined}
              />
              <Text size="1" color="gray" align="right" id={counterId} aria-live="polite" data-reason-counter="">
                {priorityReasonCounter(other)}
              </Text>
              <FieldMessage message={set.fieldError("OtherReason")} />
            </Flex>
          ) : null}
          <Flex direction="column" gap="1">
            <label htmlFor={deadlineId}>
              <Text size="2" weight="medium">
                Deadline (optional)
              </Text>
            </label>
            <input
              id={deadlineId}
              type="date"
              name="PriorityDeadline"
              defaultValue={set.value("PriorityDeadline") ?? data.deadline ?? ""}
              style={nativeControlStyle}
            />
          </Flex>
          <Flex gap="2" justify="end">
            <Button type="submit" loading={set.busy}>
              Set Priority
            </Button>
          </Flex>
        </Flex>
      </DialogFormElement>
      {data.reason ? (
        hydrated && !confirming ? (
          <Flex justify="end">
            <Button type="button" variant="soft" color="red" onClick={() => setConfirming(true)}>
              Remove Priority…
            </Button>
          </Flex>
        ) : (
          <DialogFormElement form={remove} aria-label="Remove priority">
            {request}
            {oldValue}
            <Flex gap="2" align="center" justify="end" wrap="wrap">
              <Text size="2">Remove this order&apos;s priority?</Text>
              <Button type="submit" color="red" loading={remove.busy}>
                Yes, Remove Priority
              </Button>
              {hydrated ? (
                <Button type="button" variant="soft" onClick={() => setConfirming(false)}>
                  No
                </Button>
              ) : (
                <Button asChild variant="soft">
                  <Link to={closeHref}>No</Link>
                </Button>
              )}
            </Flex>
          </DialogFormElement>
        )
      ) : null}
      <FormMessage message={shown.message} tone={shown.refused ? "error" : "success"} />
    </Flex>
  );
}

// The editOnboarding dialog ('Edit Order'; ADR 014): the on-rent order's fields in five sections
// (edit-fields.tsx draws them from the field table), prefilled from the board's loader. One form through
// the dialog kit: posted to the board with intent edit-on-rent-order, a plain post without
// JavaScript (the server validates, and a refusal renders the dialog again with the message and the
// submitted values), a fetcher with it. With
// JavaScript the masks run as the user types, the total and trucks remaining follow the counts, the same
// rules check the form before it is sent, and messages clear after 6 s. A save over a newer version
// shows who changed what instead, until the latest version is loaded.
import { Box, Button, Flex, Text } from "@radix-ui/themes";
import { useId, useState } from "react";
import { Link } from "react-router";
import {
  type ON_RENT_EDIT_DIALOG,
  ON_RENT_EDIT_INTENT,
  ON_RENT_COUNT_FIELDS,
  ON_RENT_EDIT_FIELDS,
  ON_RENT_EDIT_MESSAGE_MS,
  ON_RENT_EDIT_SECTIONS,
  type OnRentEditDialogData,
  type OnRentEditFormValues,
  onRentEditPayloadFromForm,
  trucksAfterEdit,
  validateOnRentEdit,
} from "~/rules/orders/on-rent-edit.ts";
import { parseTruckCount } from "~/rules/edit-fields.ts";
import type { DialogActionData } from "~/rules/dialogs/operation-result.ts";
import { FormMessage, FieldMessage } from "../form-message.tsx";
import { type BoardDialogProps, DialogFormElement, type LocalRefusal, useDialogForm } from "./dialog-kit.tsx";
import { FIELDSET_RESET, Notice } from "./dialog-sections.tsx";
import { EditFieldsSection } from "./edit-fields.tsx";
import { OrderHistory, StaleVersionNotice } from "./order-history.tsx";

/** The browser's check before sending: the server's rules, and a total below the trucks with a carrier. */
function checkEdit(sent: FormData, dialog: OnRentEditDialogData): LocalRefusal | null {
  const result = validateOnRentEdit(onRentEditPayloadFromForm(sent));
  if (!result.ok) return { message: result.message, fieldErrors: result.fieldErrors };
  if (result.edit.TrucksRequested === dialog.trucksRequested) return null;
  const trucks = trucksAfterEdit(result.edit.TrucksRequested, dialog.carrierAssigned);
  return trucks.ok ? null : { message: trucks.message, fieldErrors: { TrucksRequested: [trucks.message] } };
}

export default function OnRentEditDialog({
  data: dialog,
  actionData,
  closeHref,
  readOnly,
}: BoardDialogProps<"editOnboarding">) {
  // A newer version (after "Load the latest version") starts a fresh form and fetcher.
  return (
    <OnRentEditForm
      key={dialog.version}
      dialog={dialog}
      actionData={actionData}
      closeHref={closeHref}
      readOnly={readOnly}
    />
  );
}

function OnRentEditForm({
  dialog,
  actionData,
  closeHref,
  readOnly,
}: {
  dialog: OnRentEditDialogData;
  /** The board action's answer to a plain form post (no JavaScript), with what was sent. */
  actionData: DialogActionData | null;
  closeHref: string;
  readOnly: boolean;
}) {
  const formId = useId();
  const form = useDialogForm<typeof ON_RENT_EDIT_DIALOG>(ON_RENT_EDIT_INTENT, {
    actionData,
    messageMs: ON_RENT_EDIT_MESSAGE_MS,
    check: (sent) => checkEdit(sent, dialog),
  });

  // What the form starts from, read once: the values a refused plain post sent back, else the order's.
  const [start] = useState(() => {
    const sent = form.answer !== null;
    const initial = (name: string): string => (sent ? (form.value(name) ?? "") : (dialog.values[name] ?? ""));
    return {
      // A checkbox sends nothing when not ticked: a posted form without Second Key had it unticked ('').
      values: Object.fromEntries(ON_RENT_EDIT_FIELDS.map((entry) => [entry.name, initial(entry.name)])),
      version: (sent ? form.value("version") : undefined) ?? String(dialog.version),
    };
  });
  const initial = (name: string): string => start.values[name] ?? "";

  const [counts, setCounts] = useState<OnRentEditFormValues>(() =>
    Object.fromEntries(ON_RENT_COUNT_FIELDS.map((name) => [name, initial(name)])),
  );
  const requested = ON_RENT_COUNT_FIELDS.reduce((sum, name) => sum + (parseTruckCount(counts[name]) ?? 0), 0);
  const remaining = requested - dialog.carrierAssigned;

  const editable = dialog.canEdit && !dialog.cancelled && !readOnly;

  return (
    <DialogFormElement form={form} noValidate aria-labelledby={`${formId}-heading`}>
      <input type="hidden" name="OrderFormID" value={dialog.orderFormId} />
      <input type="hidden" name="FormHistoryID" value={dialog.formHistoryId} />
      <input type="hidden" name="version" value={start.version} />
      <Flex direction="column" gap="3">
        <Text as="p" size="2" color="gray" id={`${formId}-heading`}>
          {dialog.companyName} · Order #{dialog.formHistoryId} · {dialog.stage}
        </Text>
        {dialog.cancelled ? <Notice>This order has been cancelled; it can no longer be edited.</Notice> : null}
        {!dialog.cancelled && (!dialog.canEdit || readOnly) ? (
          <Notice>You can view this order but not edit it.</Notice>
        ) : null}
        {form.conflict ? <StaleVersionNotice conflict={form.conflict} reloadHref={form.action} /> : null}

        <fieldset disabled={!editable} style={FIELDSET_RESET}>
          <Flex direction="column" gap="4">
            {ON_RENT_EDIT_SECTIONS.map((section) => (
              <EditFieldsSection
                key={section.id}
                title={section.title}
                fields={ON_RENT_EDIT_FIELDS.filter((entry) => entry.section === section.id)}
                initial={initial}
                fieldError={form.fieldError}
                onValueChange={(entry, value) => {
                  if (entry.kind === "count") setCounts((before) => ({ ...before, [entry.name]: value }));
                }}
              >
                {section.id === "order" ? (
                  <Box gridColumn="1 / -1" data-truck-totals="">
                    <Text as="p" size="2" aria-live="polite">
                      Trucks Requested: <strong data-trucks-requested="">{requested}</strong> · Carrier assigned:{" "}
                      <strong>{dialog.carrierAssigned}</strong> · Trucks Remaining:{" "}
                      <strong data-trucks-remaining="">{remaining}</strong>
                    </Text>
                    <FieldMessage message={form.fieldError("TrucksRequested")} />
                  </Box>
                ) : null}
              </EditFieldsSection>
            ))}
          </Flex>
        </fieldset>

        {/* A version conflict says so in its notice, which stays until the latest version is loaded. */}
        {form.conflict ? null : <FormMessage message={form.message} />}
        <Flex gap="3" justify="end">
          <Button asChild variant="soft" color="gray">
            <Link to={closeHref}>Cancel</Link>
          </Button>
          {editable ? (
            <Button type="submit" loading={form.busy}>
              Save
            </Button>
          ) : null}
        </Flex>
        <OrderHistory entries={dialog.history} />
      </Flex>
    </DialogFormElement>
  );
}

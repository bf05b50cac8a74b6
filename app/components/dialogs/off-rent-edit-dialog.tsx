// The editOffboarding dialog ('Edit Order', ADR 015): the order's fields (off-rent-edit-fields.tsx) and
// its returning units (off-rent-edit-units.tsx), prefilled from the board's loader, on the dialog kit.
// Without JavaScript every button is a plain post: "Add unit" and "Test units" come back with one more
// row or each row's test result, removals are checkboxes. With it the save and the test go through
// their fetchers and rows come and go in place. The server checks the save and answers each field's
// message, so the browser loads no zod.
import { Button, Flex, Text } from "@radix-ui/themes";
import { useId, useState } from "react";
import { Link } from "react-router";
import {
  type OFF_RENT_EDIT_DIALOG,
  OFF_RENT_EDIT_INTENTS,
  type OffRentEditView,
} from "~/rules/orders/off-rent-edit/dialog.ts";
import type { OffRentFieldName } from "~/rules/orders/off-rent-edit/fields.ts";
import { formLines, vinsToTest } from "~/rules/orders/off-rent-edit/form.ts";
import { OFF_RENT_EDIT_MESSAGE_MS, OFF_RENT_EDIT_MESSAGES } from "~/rules/orders/off-rent-edit/messages.ts";
import type { DialogActionData } from "~/rules/dialogs/operation-result.ts";
import { FormMessage } from "../form-message.tsx";
import { useHydrated } from "../app-dialog.tsx";
import { type BoardDialogProps, DialogFormElement, newestForm, useDialogForm } from "./dialog-kit.tsx";
import { DefaultSubmit, FIELDSET_RESET, Notice } from "./dialog-sections.tsx";
import { OffRentFieldsSection } from "./off-rent-edit-fields.tsx";
import { OffRentUnitsSection, useOffRentUnits } from "./off-rent-edit-units.tsx";
import { OrderHistory, StaleVersionNotice } from "./order-history.tsx";

/** A posted form's fields, every name as a list: what the rules read. */
function formValues(form: FormData): Record<string, string[]> {
  return Object.fromEntries([...new Set(form.keys())].map((name) => [name, form.getAll(name).map(String)]));
}

export default function OffRentEditDialog({
  data: view,
  actionData,
  closeHref,
  readOnly,
}: BoardDialogProps<"editOffboarding">) {
  // A newer version (after "Load the latest version") starts a fresh form.
  return (
    <OffRentEditForm key={view.version} view={view} actionData={actionData} closeHref={closeHref} readOnly={readOnly} />
  );
}

function OffRentEditForm({
  view,
  actionData,
  closeHref,
  readOnly,
}: {
  view: OffRentEditView;
  actionData: DialogActionData | null;
  closeHref: string;
  readOnly: boolean;
}) {
  const hydrated = useHydrated();
  const formId = useId();
  const save = useDialogForm<typeof OFF_RENT_EDIT_DIALOG>(OFF_RENT_EDIT_INTENTS.save, {
    actionData,
    messageMs: OFF_RENT_EDIT_MESSAGE_MS,
  });
  const test = useDialogForm<typeof OFF_RENT_EDIT_DIALOG>(OFF_RENT_EDIT_INTENTS.testUnits, {
    actionData,
    messageMs: OFF_RENT_EDIT_MESSAGE_MS,
    failedMessage: OFF_RENT_EDIT_MESSAGES.testFailed,
    // A test writes nothing: the board's lists and this dialog's data stay as they are.
    reloads: false,
    check: (sent) =>
      vinsToTest(formLines(formValues(sent))).length === 0 ? { message: OFF_RENT_EDIT_MESSAGES.vinsRequired } : null,
  });
  // Posted without JavaScript only (with it a row is added in place): its answer is the re-render.
  const add = useDialogForm<typeof OFF_RENT_EDIT_DIALOG>(OFF_RENT_EDIT_INTENTS.addUnit, {
    actionData,
    messageMs: OFF_RENT_EDIT_MESSAGE_MS,
  });

  // What the page was posted with (no JavaScript: a refusal or a re-render, every value kept).
  const [posted] = useState(() => save.answer ?? test.answer ?? add.answer);
  const initial = (name: OffRentFieldName): string => {
    if (!posted) return view.fields[name] ?? "";
    const value = posted.values[name];
    return typeof value === "string" ? value : (value?.[0] ?? "");
  };
  const postedVersion = posted?.values.version;
  const version = typeof postedVersion === "string" ? postedVersion : String(view.version);
  const units = useOffRentUnits(view, posted, [save.answer, test.answer]);

  // One message at a time: the news of the form sent last. A test that ran is news only without
  // JavaScript (with it, each row shows its result and the test clears what was shown before).
  const speaker = newestForm([save, test, add]);
  const quiet = hydrated && speaker.intent === OFF_RENT_EDIT_INTENTS.testUnits && !speaker.refused;
  const message = quiet ? null : speaker.message;
  const conflict = speaker.conflict;
  const fieldError = (name: string) => speaker.fieldError(name);
  const editable = view.readOnlyReason === null && !readOnly;

  return (
    <DialogFormElement form={save} alsoPosts={[test]} noValidate aria-labelledby={`${formId}-heading`}>
      {/* The default button (Enter in a field) is Save, not the row buttons that come first. */}
      {editable ? <DefaultSubmit /> : null}
      <input type="hidden" name="FormHistoryID" value={view.FormHistoryID} />
      <input type="hidden" name="OffRentFormID" value={view.OffRentFormID} />
      <input type="hidden" name="version" value={version} />
      <Flex direction="column" gap="3">
        <Text as="p" size="2" color="gray" id={`${formId}-heading`}>
          {view.fields.compName} · Off-rent #{view.FormHistoryID} · {view.stageLabel}
        </Text>
        {!editable ? <Notice>{view.readOnlyReason ?? "You can view this order but not edit it."}</Notice> : null}
        {conflict ? <StaleVersionNotice conflict={conflict} reloadHref={save.action} /> : null}

        <fieldset disabled={!editable} style={FIELDSET_RESET}>
          <Flex direction="column" gap="4">
            <OffRentFieldsSection
              section="order"
              initial={initial}
              fieldError={fieldError}
              onChange={{ compCode: units.untest }}
            />

            <OffRentUnitsSection
              units={units}
              hydrated={hydrated}
              editable={editable}
              partlyAssigned={view.partlyAssigned}
              testing={test.busy}
              fieldError={fieldError}
            />

            <OffRentFieldsSection section="contact" initial={initial} fieldError={fieldError} />
          </Flex>
        </fieldset>

        {conflict ? null : <FormMessage message={message} tone={speaker.refused ? "error" : "success"} />}
        <Flex gap="3" justify="end">
          <Button asChild variant="soft" color="gray">
            <Link to={closeHref}>Cancel</Link>
          </Button>
          {editable ? (
            <Button type="submit" loading={save.busy}>
              Save
            </Button>
          ) : null}
        </Flex>
        <OrderHistory entries={view.history} />
      </Flex>
    </DialogFormElement>
  );
}

// The editOffboarding dialog ('Edit Order', spec 1 §2/§4/§5; ADR 015): company, code, submitted by, pickup
// date and contact, and the returning units list (off-rent-units.tsx), prefilled from the board's loader.
// On the dialog kit (ADR 026): one form element posting to the board, with a useDialogForm per intent —
// the save (edit-off-rent) and the unit test (edit-off-rent-test-units, a button inside the form), and,
// without JavaScript only, "Add unit" (edit-off-rent-add-unit). Without JavaScript every button is a
// plain post: "Add unit" and "Test units" come back with one more row or each row's test result (values
// kept), removals are checkboxes, and the server renders every message, which stays. With JavaScript the
// save and the test go through their fetchers (the test's results come back as the answer's fieldNotes,
// the rows keep what was typed), rows are added and removed in place, the same rules check the form
// before it is sent, and messages clear after 6 s.
import { Button, Callout, Flex, Grid, Heading, Text, TextField } from "@radix-ui/themes";
import { type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
import type { InputMaskName } from "~/rules/masks.ts";
import {
  EDIT_OFF_RENT_DIALOG,
  formLines,
  OFF_RENT_EDIT_INTENTS,
  OFF_RENT_EDIT_MESSAGE_MS,
  OFF_RENT_EDIT_MESSAGES,
  type OffRentEditView,
  type OffRentFieldName,
  validateOffRentEditForm,
  vinsToTest,
} from "~/rules/off-rent-edit.ts";
import type { DialogActionData } from "~/rules/operation-result.ts";
import { FormMessage } from "../form-message.tsx";
import { useHydrated } from "../app-dialog.tsx";
import { type BoardDialogProps, type DialogForm, DialogFormElement, useDialogForm } from "./dialog-kit.tsx";
import { MaskedInput } from "./masked-input.tsx";
import { OffRentUnitsSection, SECTION_STYLE, useOffRentUnits } from "./off-rent-units.tsx";
import { OrderHistory, StaleVersionNotice } from "./order-history.tsx";

const FIELDS: { name: OffRentFieldName; label: string; mask?: InputMaskName; type?: "date" | "email"; optional?: boolean; section: "order" | "contact" }[] = [
  { name: "compName", label: "Company name", section: "order" },
  { name: "compCode", label: "Company code", mask: "companyCode", section: "order" },
  { name: "submittedBy", label: "Submitted by", section: "order" },
  { name: "pickupDate", label: "Pickup date", type: "date", section: "order" },
  { name: "pickupName", label: "Pickup contact name", section: "contact" },
  { name: "pickupEmail", label: "Pickup e-mail", type: "email", section: "contact" },
  { name: "pickupPhone", label: "Pickup phone", mask: "phone", section: "contact" },
  { name: "pickupPhoneAlt", label: "Alternate phone (optional)", mask: "phone", optional: true, section: "contact" },
  { name: "pickupStreetAddress", label: "Street address", section: "contact" },
  { name: "pickupStreetAddress2", label: "Street address 2 (optional)", optional: true, section: "contact" },
  { name: "pickupCity", label: "City", section: "contact" },
  { name: "pickupState", label: "State", mask: "state", section: "contact" },
  { name: "pickupZip", label: "Zip", mask: "zip", section: "contact" },
];

/** A posted form's fields, every name as a list: what the rules read. */
function formValues(form: FormData): Record<string, string[]> {
  return Object.fromEntries([...new Set(form.keys())].map((name) => [name, form.getAll(name).map(String)]));
}

/** The form that was sent last (or, before any, the one the page's post answered): its news shows. */
function newestForm(forms: readonly DialogForm[]): DialogForm {
  return forms.reduce((newest, form) =>
    form.sentAt > newest.sentAt || (form.sentAt === newest.sentAt && !newest.answer && form.answer) ? form : newest,
  );
}

export default function EditOffRentDialog({ data: view, actionData, closeHref, readOnly }: BoardDialogProps<"editOffboarding">) {
  // A newer version (after "Load the latest version") starts a fresh form.
  return <EditOffRentForm key={view.version} view={view} actionData={actionData} closeHref={closeHref} readOnly={readOnly} />;
}

function EditOffRentForm({
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
  const save = useDialogForm(EDIT_OFF_RENT_DIALOG, OFF_RENT_EDIT_INTENTS.save, {
    actionData,
    messageMs: OFF_RENT_EDIT_MESSAGE_MS,
    check: (sent) => validateOffRentEditForm(formValues(sent), view.lines, view.offboardingStatus),
  });
  const test = useDialogForm(EDIT_OFF_RENT_DIALOG, OFF_RENT_EDIT_INTENTS.testUnits, {
    actionData,
    messageMs: OFF_RENT_EDIT_MESSAGE_MS,
    failedMessage: OFF_RENT_EDIT_MESSAGES.testFailed,
    // A test writes nothing: the board's lists and this dialog's data stay as they are.
    reloads: false,
    check: (sent) => (vinsToTest(formLines(formValues(sent))).length === 0 ? { message: OFF_RENT_EDIT_MESSAGES.vinsRequired } : null),
  });
  // Posted without JavaScript only (with it a row is added in place): its answer is the re-render.
  const add = useDialogForm(EDIT_OFF_RENT_DIALOG, OFF_RENT_EDIT_INTENTS.addUnit, { actionData, messageMs: OFF_RENT_EDIT_MESSAGE_MS });

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
      {editable ? <button type="submit" tabIndex={-1} aria-hidden="true" style={VISUALLY_HIDDEN} /> : null}
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
            <Section title="Order">
              {FIELDS.filter((field) => field.section === "order").map((field) => (
                <FieldInput
                  key={field.name}
                  field={field}
                  initial={initial(field.name)}
                  error={fieldError(field.name)}
                  onChange={field.name === "compCode" ? units.untest : undefined}
                />
              ))}
            </Section>

            <OffRentUnitsSection
              units={units}
              hydrated={hydrated}
              editable={editable}
              partlyAssigned={view.partlyAssigned}
              testing={test.busy}
              fieldError={fieldError}
            />

            <Section title="Pickup contact">
              {FIELDS.filter((field) => field.section === "contact").map((field) => (
                <FieldInput key={field.name} field={field} initial={initial(field.name)} error={fieldError(field.name)} />
              ))}
            </Section>
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

function FieldInput({
  field,
  initial,
  error,
  onChange,
}: {
  field: (typeof FIELDS)[number];
  initial: string;
  error: string | null;
  onChange?: () => void;
}) {
  const id = useId();
  if (field.mask) {
    return (
      <MaskedInput
        name={field.name}
        label={field.label}
        mask={field.mask}
        defaultValue={initial}
        error={error}
        required={!field.optional}
        onValueChange={onChange}
      />
    );
  }
  return (
    <Flex direction="column" gap="1">
      <label htmlFor={id}>
        <Text size="2" weight="medium">
          {field.label}
        </Text>
      </label>
      <TextField.Root
        id={id}
        name={field.name}
        type={field.type ?? "text"}
        defaultValue={initial}
        required={!field.optional}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <Text size="1" color="red" id={`${id}-error`}>
          {error}
        </Text>
      ) : null}
    </Flex>
  );
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <Callout.Root color="gray" role="note">
      <Callout.Text>{children}</Callout.Text>
    </Callout.Root>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset style={SECTION_STYLE}>
      <legend>
        <Heading as="h3" size="3">
          {title}
        </Heading>
      </legend>
      <Grid columns={{ initial: "1", sm: "2" }} gap="3">
        {children}
      </Grid>
    </fieldset>
  );
}

const FIELDSET_RESET = { border: 0, margin: 0, padding: 0, minWidth: 0 } as const;
const VISUALLY_HIDDEN = { position: "absolute", width: 1, height: 1, padding: 0, margin: -1, overflow: "hidden", clip: "rect(0 0 0 0)", border: 0 } as const;

// The vendor dialog (vendorModal, 'Create Vendor' or 'Edit Vendor'; ADR 035) on the transport board and
// the vendors page. One form through the dialog kit. With JavaScript, leaving the name field
// asks GET /api/vendors/name-check: a line per vendor found, an exact match disables Save, a similar one
// shows the specification's message and a Confirm that saves anyway; the form is checked before it is
// sent with the server's own rules. Without JavaScript, "Check name" draws the dialog again with what the
// check found, and a save of a similar name comes back asking for the same Confirm (a submit button that
// posts ConfirmSimilar=1).
import { Box, Button, Callout, Flex, Text, TextField } from "@radix-ui/themes";
import { useId, useRef, useState } from "react";
import {
  CONFIRM_SIMILAR_FIELD,
  VENDOR_CHECK_INTENT,
  type VENDOR_EDIT_DIALOG,
  VENDOR_ENTITY_TYPES,
  VENDOR_ERROR_MESSAGE_MS,
  VENDOR_FIELD_LABELS,
  VENDOR_MESSAGES,
  VENDOR_NAME_CHECK_API_PATH,
  VENDOR_REQUIRED_MESSAGE_MS,
  VENDOR_SAVE_INTENT,
  VENDOR_TEXT_FIELDS,
  VENDOR_TYPES,
  validateVendor,
} from "~/rules/vendors/vendor-edit.ts";
import { VENDOR_NAME_MESSAGES, type VendorNameMatchRow } from "~/rules/vendors/vendor-name.ts";
import { apiFetch } from "~/utils/api-fetch.ts";
import { FormMessage, FieldMessage } from "../form-message.tsx";
import { useHydrated } from "../app-dialog.tsx";
import { type BoardDialogProps, DialogFormElement, newestForm, useDialogForm } from "./dialog-kit.tsx";
import { DefaultSubmit, Section } from "./dialog-sections.tsx";
import { nativeControlStyle } from "./native-control.ts";
import { EditFieldInput } from "./edit-fields.tsx";

type Verdict = "exact" | "similar" | "new";

/** What the last name check found, for the name it checked. */
interface NameCheck {
  name: string;
  verdict: Verdict;
  lines: string[];
}

const textField = (name: string) => VENDOR_TEXT_FIELDS.find((entry) => entry.name === name)!;

/** The check's news under the name field: its lines, the similar-name message, or that the name is free. */
function NameCheckNotice({ check }: { check: NameCheck }) {
  if (check.verdict === "new") {
    return (
      <Text size="1" color="green" role="status">
        {VENDOR_NAME_MESSAGES.available}
      </Text>
    );
  }
  return (
    <Callout.Root color={check.verdict === "exact" ? "red" : "amber"} role="alert" data-name-check={check.verdict}>
      <Flex direction="column" gap="1">
        {check.verdict === "similar" ? <Callout.Text>{VENDOR_NAME_MESSAGES.similar}</Callout.Text> : null}
        {check.lines.map((line) => (
          <Callout.Text key={line}>{line}</Callout.Text>
        ))}
      </Flex>
    </Callout.Root>
  );
}

function ChoiceField({
  name,
  initial,
  error,
  options,
  blank,
}: {
  name: "VendorType" | "EntityType";
  initial: string;
  error: string | null;
  options: readonly { value: string; label: string }[];
  blank?: string;
}) {
  const id = useId();
  return (
    <Flex direction="column" gap="1">
      <label htmlFor={id}>
        <Text size="2" weight="medium">
          {VENDOR_FIELD_LABELS[name]}
          {blank ? " (optional)" : ""}
        </Text>
      </label>
      <select
        id={id}
        name={name}
        defaultValue={initial}
        style={nativeControlStyle}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {blank ? <option value="">{blank}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessage message={error} id={`${id}-error`} />
    </Flex>
  );
}

export default function VendorEditDialog({ data, actionData, readOnly }: BoardDialogProps<"vendorModal">) {
  const hydrated = useHydrated();
  const nameId = useId();
  const cargoId = useId();
  const messageMs = (message: string) =>
    message === VENDOR_MESSAGES.required ? VENDOR_REQUIRED_MESSAGE_MS : VENDOR_ERROR_MESSAGE_MS;
  const save = useDialogForm<typeof VENDOR_EDIT_DIALOG>(VENDOR_SAVE_INTENT, {
    actionData,
    messageMs,
    check: (form) => {
      const validation = validateVendor(Object.fromEntries(form));
      return validation.ok ? null : { message: validation.message, fieldErrors: validation.fieldErrors };
    },
  });
  const checkName = useDialogForm<typeof VENDOR_EDIT_DIALOG>(VENDOR_CHECK_INTENT, {
    actionData,
    messageMs,
    reloads: false,
  });
  const form = newestForm([save, checkName]);
  const initial = (name: string) => form.value(name) ?? data.values[name as keyof typeof data.values] ?? "";

  // With JavaScript: the check of the name as it was when the field was left.
  const [typed, setTyped] = useState(() => initial("Name"));
  const [live, setLive] = useState<NameCheck | null>(null);
  const asked = useRef(0);
  const runCheck = async (name: string) => {
    const ask = ++asked.current;
    if (name.trim() === "") return setLive(null);
    const params = new URLSearchParams({ Name: name });
    if (data.vendorId !== null) params.set("VendorID", String(data.vendorId));
    try {
      const response = await apiFetch(`${VENDOR_NAME_CHECK_API_PATH}?${params.toString()}`);
      if (!response.ok) return;
      const found = (await response.json()) as { verdict: Verdict; matches: VendorNameMatchRow[] };
      if (ask !== asked.current) return;
      setLive({
        name,
        verdict: found.verdict,
        lines: found.matches.map((match) => VENDOR_NAME_MESSAGES.used(match.Name)),
      });
    } catch {
      // The save checks again; a check that could not run only leaves the advice out.
    }
  };

  // Without JavaScript: what the server's check (its button, or a refused save) said about the name.
  const answer = form.answer;
  const answered: NameCheck | null = (() => {
    if (!answer) return null;
    if (answer.intent === VENDOR_CHECK_INTENT) {
      const lines = answer.fieldNotes?.Name ?? [];
      const verdict: Verdict =
        answer.message === VENDOR_NAME_MESSAGES.similar ? "similar" : lines.length > 0 ? "exact" : "new";
      return { name: String(answer.values.Name ?? ""), verdict, lines };
    }
    if (answer.message === VENDOR_NAME_MESSAGES.similar) {
      return { name: String(answer.values.Name ?? ""), verdict: "similar", lines: answer.fieldErrors?.Name ?? [] };
    }
    return null;
  })();
  const check =
    live && live.name === typed ? live : answered && (!hydrated || answered.name === typed) ? answered : null;
  const blocked = check?.verdict === "exact";
  const needsConfirm = check?.verdict === "similar";
  // The name's own lines show in the check's notice, not again as a field message.
  const nameError = check ? null : save.fieldError("Name");
  const message =
    form.message === VENDOR_NAME_MESSAGES.similar || form.intent === VENDOR_CHECK_INTENT ? null : form.message;

  if (readOnly) {
    return (
      <Callout.Root color="amber" role="status">
        <Callout.Text>This board is read only.</Callout.Text>
      </Callout.Root>
    );
  }

  const field = (name: string) => (
    <EditFieldInput entry={textField(name)} initial={initial(name)} error={save.fieldError(name)} />
  );

  return (
    <DialogFormElement form={save} alsoPosts={[checkName]} noValidate aria-label="Vendor">
      <DefaultSubmit />
      {data.vendorId !== null ? <input type="hidden" name="VendorID" value={data.vendorId} /> : null}
      <Flex direction="column" gap="3">
        <Section title="Vendor">
          <Flex direction="column" gap="1" style={{ gridColumn: "1 / -1" }}>
            <label htmlFor={nameId}>
              <Text size="2" weight="medium">
                Name
              </Text>
            </label>
            <Flex gap="2" align="center">
              <Box flexGrow="1">
                <TextField.Root
                  id={nameId}
                  name="Name"
                  defaultValue={initial("Name")}
                  maxLength={textField("Name").maxLength}
                  required
                  aria-invalid={nameError || blocked ? true : undefined}
                  aria-describedby={nameError ? `${nameId}-error` : undefined}
                  onChange={(event) => setTyped(event.target.value)}
                  onBlur={(event) => void runCheck(event.target.value)}
                />
              </Box>
              {hydrated ? null : (
                <Button type="submit" name="intent" value={VENDOR_CHECK_INTENT} variant="soft">
                  Check name
                </Button>
              )}
            </Flex>
            <FieldMessage message={nameError} id={`${nameId}-error`} />
            {check ? <NameCheckNotice check={check} /> : null}
          </Flex>
          {field("Contact")}
          <ChoiceField
            name="VendorType"
            initial={initial("VendorType")}
            error={save.fieldError("VendorType")}
            options={VENDOR_TYPES}
          />
          <ChoiceField
            name="EntityType"
            initial={initial("EntityType")}
            error={save.fieldError("EntityType")}
            options={VENDOR_ENTITY_TYPES.map((value) => ({ value, label: value }))}
            blank="None"
          />
          {field("FederalId")}
        </Section>
        <Section title="Address">
          {field("Address")}
          {field("Address2")}
          {field("City")}
          {field("State")}
          {field("ZipCode")}
        </Section>
        <Section title="Contact">
          {field("Phone")}
          {field("Mobile")}
          {field("Email")}
          {field("Website")}
        </Section>
        <Section title="Insurance">
          <Flex direction="column" gap="1">
            <label htmlFor={cargoId}>
              <Text size="2" weight="medium">
                {VENDOR_FIELD_LABELS.CargoIns} (optional)
              </Text>
            </label>
            <TextField.Root
              id={cargoId}
              name="CargoIns"
              inputMode="numeric"
              defaultValue={initial("CargoIns")}
              aria-invalid={save.fieldError("CargoIns") ? true : undefined}
              aria-describedby={save.fieldError("CargoIns") ? `${cargoId}-error` : undefined}
            />
            <FieldMessage message={save.fieldError("CargoIns")} id={`${cargoId}-error`} />
          </Flex>
          {field("InsExp")}
        </Section>
        <FormMessage message={message} />
        <Flex gap="2" justify="end">
          {needsConfirm ? (
            <Button type="submit" name={CONFIRM_SIMILAR_FIELD} value="1" color="amber" loading={save.busy}>
              Confirm
            </Button>
          ) : null}
          <Button type="submit" loading={save.busy} disabled={blocked || (needsConfirm && hydrated)}>
            {data.vendorId === null ? "Save" : "Save Changes"}
          </Button>
        </Flex>
      </Flex>
    </DialogFormElement>
  );
}

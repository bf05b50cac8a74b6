// The editOnboarding dialog ('Edit Order', spec 1 §2; issue 5 point 3): the on-rent order's fields in
// five sections, prefilled from the board's loader, posted to the board (intent edit-on-rent-order). It
// works without JavaScript: the server validates, and a refusal renders the dialog again with the
// message and the submitted values. With JavaScript the masks run as the user types, the total and
// trucks remaining follow the counts, the same rules check the form before it is sent (through a
// fetcher), and messages clear after 6 s. A save over a newer version shows who changed what instead.
import { Box, Button, Callout, Flex, Grid, Heading, Text, TextField } from "@radix-ui/themes";
import { type ReactNode, useEffect, useId, useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { DAMAGE_WAIVERS } from "~/rules/damage-waivers.ts";
import type { InputMaskName } from "~/rules/masks.ts";
import {
  EDIT_ON_RENT_INTENT,
  ON_RENT_COUNT_FIELDS,
  ON_RENT_EDIT_FIELDS,
  ON_RENT_EDIT_MESSAGE_MS,
  ON_RENT_EDIT_SECTIONS,
  type OnRentEditDialogData,
  type OnRentEditField,
  type OnRentEditFormValues,
  onRentEditPayloadFromForm,
  parseTruckCount,
  trucksAfterEdit,
  validateOnRentEdit,
} from "~/rules/on-rent-edit.ts";
import type { DialogActionData, FieldErrors, VersionConflict } from "~/rules/operation-result.ts";
import { FormMessage } from "../form-controls.tsx";
import type { BoardDialogProps } from "./dialog-kit.tsx";
import { MaskedInput } from "./masked-input.tsx";
import { OrderHistory, StaleVersionNotice } from "./order-history.tsx";

interface Refusal {
  message: string | null;
  fieldErrors: FieldErrors;
  conflict?: VersionConflict;
}

const MASK_OF: Partial<Record<OnRentEditField["kind"], InputMaskName>> = {
  companyCode: "companyCode",
  count: "truckCount",
  phone: "phone",
  zip: "zip",
  state: "state",
};

function editResult(value: unknown): DialogActionData | null {
  const result = value as DialogActionData | null | undefined;
  return result && result.intent === EDIT_ON_RENT_INTENT && !result.ok ? result : null;
}

function toRefusal(result: Refusal | DialogActionData): Refusal {
  return { message: result.message, fieldErrors: result.fieldErrors ?? {}, ...(result.conflict ? { conflict: result.conflict } : {}) };
}

export default function EditOnRentDialog({ data: dialog, actionData, closeHref, readOnly }: BoardDialogProps<"editOnboarding">) {
  // A newer version (after "Load the latest version") starts a fresh form and fetcher.
  return <EditOnRentForm key={dialog.version} dialog={dialog} posted={editResult(actionData)} closeHref={closeHref} readOnly={readOnly} />;
}

function EditOnRentForm({
  dialog,
  posted,
  closeHref,
  readOnly,
}: {
  dialog: OnRentEditDialogData;
  /** The refusal of a plain form post (no JavaScript), with what was sent. */
  posted: DialogActionData | null;
  closeHref: string;
  readOnly: boolean;
}) {
  const fetcher = useFetcher<DialogActionData>();
  const location = useLocation();
  const formId = useId();
  const sent = posted?.values;
  const initial = (name: string): string => {
    const value = sent?.[name];
    if (sent) return typeof value === "string" ? value : (value?.[0] ?? "");
    return dialog.values[name] ?? "";
  };
  // A checkbox sends nothing when not ticked: a posted form without it had it unticked.
  const initialSecondKey = sent ? sent.SecondKeyCount === "true" : dialog.values.SecondKeyCount === "true";
  const version = typeof sent?.version === "string" ? sent.version : String(dialog.version);

  const [counts, setCounts] = useState<OnRentEditFormValues>(() =>
    Object.fromEntries(ON_RENT_COUNT_FIELDS.map((name) => [name, initial(name)])),
  );
  const requested = ON_RENT_COUNT_FIELDS.reduce((sum, name) => sum + (parseTruckCount(counts[name]) ?? 0), 0);
  const remaining = requested - dialog.carrierAssigned;

  // The message shown: the browser's own check when the last submission failed it, otherwise the
  // server's last refusal. Derived, not copied into state, so it survives the dialog being re-mounted.
  const [checked, setChecked] = useState<Refusal | null>(null);
  const server = editResult(fetcher.data) ?? posted;
  const source: Refusal | DialogActionData | null = checked ?? server;
  // Messages clear after 6 s while scripts run (spec 1 §9); a version conflict stays until acted on.
  const [hidden, setHidden] = useState<ReadonlySet<unknown>>(() => new Set());
  useEffect(() => {
    if (!source || source.conflict) return;
    const timer = setTimeout(() => setHidden((before) => new Set(before).add(source)), ON_RENT_EDIT_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [source]);
  const shown: Refusal | null = source && !hidden.has(source) ? toRefusal(source) : null;
  const fieldError = (name: string) => shown?.fieldErrors[name]?.[0] ?? null;

  const editable = dialog.canEdit && !dialog.cancelled && !readOnly;
  const pending = fetcher.state !== "idle";
  const here = `${location.pathname}${location.search}`;

  return (
    <fetcher.Form
      method="post"
      action={here}
      noValidate
      aria-labelledby={`${formId}-heading`}
      onSubmit={(event) => {
        const payload = onRentEditPayloadFromForm(new FormData(event.currentTarget));
        const result = validateOnRentEdit(payload);
        let refusal: Refusal | null = result.ok ? null : { message: result.message, fieldErrors: result.fieldErrors };
        if (result.ok && result.edit.TrucksRequested !== dialog.trucksRequested) {
          const trucks = trucksAfterEdit(result.edit.TrucksRequested, dialog.carrierAssigned);
          if (!trucks.ok) refusal = { message: trucks.message, fieldErrors: { TrucksRequested: [trucks.message] } };
        }
        setChecked(refusal);
        if (refusal) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value={EDIT_ON_RENT_INTENT} />
      <input type="hidden" name="OrderFormID" value={dialog.orderFormId} />
      <input type="hidden" name="FormHistoryID" value={dialog.formHistoryId} />
      <input type="hidden" name="version" value={version} />
      <Flex direction="column" gap="3">
        <Text as="p" size="2" color="gray" id={`${formId}-heading`}>
          {dialog.companyName} · Order #{dialog.formHistoryId} · {dialog.stage}
        </Text>
        {dialog.cancelled ? <Notice>This order has been cancelled; it can no longer be edited.</Notice> : null}
        {!dialog.cancelled && (!dialog.canEdit || readOnly) ? <Notice>You can view this order but not edit it.</Notice> : null}
        {shown?.conflict ? <StaleVersionNotice conflict={shown.conflict} reloadHref={here} /> : null}

        <fieldset disabled={!editable} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <Flex direction="column" gap="4">
            {ON_RENT_EDIT_SECTIONS.map((section) => (
              <Section key={section.id} title={section.title}>
                {ON_RENT_EDIT_FIELDS.filter((entry) => entry.section === section.id).map((entry) => (
                  <FieldInput
                    key={entry.name}
                    entry={entry}
                    initial={initial(entry.name)}
                    initialChecked={initialSecondKey}
                    error={fieldError(entry.name)}
                    onCount={(value) => setCounts((before) => ({ ...before, [entry.name]: value }))}
                  />
                ))}
                {section.id === "order" ? (
                  <Box gridColumn="1 / -1" data-truck-totals="">
                    <Text as="p" size="2" aria-live="polite">
                      Trucks Requested: <strong data-trucks-requested="">{requested}</strong> · Carrier assigned:{" "}
                      <strong>{dialog.carrierAssigned}</strong> · Trucks Remaining:{" "}
                      <strong data-trucks-remaining="">{remaining}</strong>
                    </Text>
                    {fieldError("TrucksRequested") ? (
                      <Text size="1" color="red">
                        {fieldError("TrucksRequested")}
                      </Text>
                    ) : null}
                  </Box>
                ) : null}
              </Section>
            ))}
          </Flex>
        </fieldset>

        {shown && !shown.conflict ? <FormMessage message={shown.message} /> : null}
        <Flex gap="3" justify="end">
          <Button asChild variant="soft" color="gray">
            <Link to={closeHref}>Cancel</Link>
          </Button>
          {editable ? (
            <Button type="submit" loading={pending}>
              Save
            </Button>
          ) : null}
        </Flex>
        <OrderHistory entries={dialog.history} />
      </Flex>
    </fetcher.Form>
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
    <fieldset style={{ border: "1px solid var(--gray-a5)", borderRadius: "var(--radius-3)", margin: 0, padding: "8px 12px 12px", minWidth: 0 }}>
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

const nativeControlStyle = {
  height: "var(--space-6)",
  borderRadius: "var(--radius-2)",
  border: "1px solid var(--gray-a7)",
  background: "var(--color-surface)",
  color: "var(--gray-12)",
  padding: "0 8px",
  font: "inherit",
} as const;

function FieldInput({
  entry,
  initial,
  initialChecked,
  error,
  onCount,
}: {
  entry: OnRentEditField;
  initial: string;
  initialChecked: boolean;
  error: string | null;
  onCount: (value: string) => void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const label = entry.required ? entry.label : `${entry.label} (optional)`;
  const described = { "aria-invalid": error ? true : undefined, "aria-describedby": error ? errorId : undefined } as const;
  const message = error ? (
    <Text size="1" color="red" id={errorId}>
      {error}
    </Text>
  ) : null;
  const labelled = (control: ReactNode) => (
    <Flex direction="column" gap="1">
      <label htmlFor={id}>
        <Text size="2" weight="medium">
          {label}
        </Text>
      </label>
      {control}
      {message}
    </Flex>
  );

  const mask = MASK_OF[entry.kind];
  if (mask) {
    return (
      <MaskedInput
        id={id}
        name={entry.name}
        label={label}
        mask={mask}
        defaultValue={initial}
        required={entry.required}
        error={error}
        onValueChange={entry.kind === "count" ? onCount : undefined}
      />
    );
  }
  switch (entry.kind) {
    case "waiver":
      return labelled(
        <select id={id} name={entry.name} defaultValue={initial} required style={nativeControlStyle} {...described}>
          {initial === "" ? <option value="">None Selected</option> : null}
          {DAMAGE_WAIVERS.map((waiver) => (
            <option key={waiver.id} value={String(waiver.id)}>
              {waiver.id} {waiver.label}
            </option>
          ))}
        </select>,
      );
    case "yesNo":
      return (
        <Flex direction="column" gap="1" justify="end">
          <Flex asChild align="center" gap="2">
            <label htmlFor={id}>
              <input id={id} type="checkbox" name={entry.name} value="true" defaultChecked={initialChecked} {...described} />
              <Text size="2" weight="medium">
                {entry.label}
              </Text>
            </label>
          </Flex>
          {message}
        </Flex>
      );
    case "date":
      return labelled(
        <input id={id} type="date" name={entry.name} defaultValue={initial} required={entry.required} style={nativeControlStyle} {...described} />,
      );
    default:
      return labelled(
        <TextField.Root
          id={id}
          name={entry.name}
          type={entry.kind === "email" ? "email" : "text"}
          defaultValue={initial}
          maxLength={entry.maxLength}
          required={entry.required}
          {...described}
        />,
      );
  }
}

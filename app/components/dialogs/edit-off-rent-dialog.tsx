// The editOffboarding dialog ('Edit Order', spec 1 §2/§4/§5; ADR 015): company, code, submitted by, pickup
// date and contact, and the returning units list, prefilled from the board's loader and posted to the
// board (intent edit-off-rent). Without JavaScript every button is a post: "Add unit" and "Test units"
// come back with one more row or each row's test result (values kept), removals are checkboxes, and the
// server renders every message. With JavaScript rows are added, removed and tested in place (POST
// /api/truck/vin-test), the same rules check the form before it is sent, and messages clear after 6 s.
import { Badge, Button, Callout, Flex, Grid, Heading, Text, TextField } from "@radix-ui/themes";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import type { InputMaskName } from "~/rules/masks.ts";
import {
  CARRIER_ASSIGNED_LOCK,
  formLines,
  LINE_FORM_FIELDS,
  lineField,
  normalizeUnitNumber,
  OFF_RENT_EDIT_INTENTS,
  OFF_RENT_EDIT_MESSAGE_MS,
  OFF_RENT_EDIT_MESSAGES,
  type OffRentEditLine,
  type OffRentEditView,
  type OffRentFieldName,
  PLACEHOLDER_UNIT_NUMBER,
  removalRefusal,
  UNIT_TEST_LABELS,
  unitTestLabel,
  validateOffRentEditForm,
  vinsToTest,
} from "~/rules/off-rent-edit.ts";
import { PLACEHOLDER_RETURNING_UNIT } from "~/rules/order-stages.ts";
import type { DialogActionData, FieldErrors, VersionConflict } from "~/rules/operation-result.ts";
import { apiFetch } from "~/utils/api-fetch.ts";
import { FormMessage } from "../form-controls.tsx";
import { useHydrated } from "../app-dialog.tsx";
import type { BoardDialogProps } from "./dialog-kit.tsx";
import { MaskedInput } from "./masked-input.tsx";
import { OrderHistory, StaleVersionNotice } from "./order-history.tsx";

/** fieldNotes key prefix of a no-JavaScript test result (edit-off-rent-dialogs.server.ts). */
const UNIT_TEST_RESULT_PREFIX = "unitTest.";
const MY_INTENTS: readonly string[] = Object.values(OFF_RENT_EDIT_INTENTS);

interface Refusal {
  message: string | null;
  fieldErrors: FieldErrors;
  conflict?: VersionConflict;
  /** A no-JavaScript add or test answer: news, not an error. */
  info?: boolean;
}

type UnitTest = { vin: string; valid: boolean } | null;

interface Row {
  key: string;
  /** The stored line the row stands for; null for a row added in this dialog. */
  stored: OffRentEditLine | null;
  vin: string;
  odometer: string;
  test: UnitTest;
  removed: boolean;
}

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

/** This dialog's answer from the server: a refusal, or (no JavaScript) the re-render of "Add unit" or "Test units". */
function offRentResult(value: unknown): DialogActionData | null {
  const result = value as DialogActionData | null | undefined;
  return result && MY_INTENTS.includes(result.intent) ? result : null;
}

function refusalOf(result: DialogActionData | null): Refusal | null {
  if (!result) return null;
  return {
    message: result.message,
    fieldErrors: result.fieldErrors ?? {},
    ...(result.conflict ? { conflict: result.conflict } : {}),
    // "Add unit" and a test that ran failed nothing: their message is news (their results mark the rows).
    ...(result.ok ? { info: true } : {}),
  };
}

/** What marks the rows: a refusal's field errors and a re-render's test results. */
const rowMarks = (result: DialogActionData): FieldErrors => ({ ...result.fieldErrors, ...result.fieldNotes });

/** Marks rows with the test results and INVALID / Test Required marks a refusal carries. */
function withResults(rows: Row[], fieldErrors: FieldErrors): Row[] {
  let kept = -1;
  return rows.map((row) => {
    if (row.removed) return row;
    kept += 1;
    const vin = normalizeUnitNumber(row.vin);
    const tested = fieldErrors[`${UNIT_TEST_RESULT_PREFIX}${vin}`]?.[0];
    if (tested) return { ...row, test: { vin, valid: tested === UNIT_TEST_LABELS.valid } };
    if (fieldErrors[lineField(kept, "vin")]?.[0] === UNIT_TEST_LABELS.invalid) return { ...row, test: { vin, valid: false } };
    return row;
  });
}

/** The rows the dialog starts with: the posted form's (no JavaScript: values kept), else the order's. */
function initialRows(view: OffRentEditView, posted: DialogActionData | null): Row[] {
  const byKey = new Map(view.lines.map((line) => [line.key, line]));
  if (!posted) {
    return view.lines.map((line) => ({ key: line.key, stored: line, vin: line.vin, odometer: line.odometer, test: null, removed: false }));
  }
  let rows: Row[] = formLines(posted.values).map((line) => ({
    key: line.key,
    stored: byKey.get(line.key) ?? null,
    vin: line.vin,
    odometer: line.odometer,
    test: line.testedValid === "" ? null : { vin: normalizeUnitNumber(line.testedValid), valid: true },
    removed: line.removed,
  }));
  rows = withResults(rows, rowMarks(posted));
  if (posted.intent === OFF_RENT_EDIT_INTENTS.addUnit) rows = [...rows, placeholderRow(rows)];
  return rows;
}

function placeholderRow(rows: readonly Row[]): Row {
  const used = new Set(rows.map((row) => row.key));
  let next = rows.length + 1;
  while (used.has(`new-${next}`)) next += 1;
  return {
    key: `new-${next}`,
    stored: null,
    vin: PLACEHOLDER_RETURNING_UNIT.unitNumber,
    odometer: PLACEHOLDER_RETURNING_UNIT.odometer,
    test: null,
    removed: false,
  };
}

/** A row whose unit number is typed in this dialog (added, or changed): it needs a test. */
const isEdited = (row: Row) => row.stored === null || normalizeUnitNumber(row.vin) !== row.stored.vin;

export default function EditOffRentDialog({ data: view, actionData, closeHref, readOnly }: BoardDialogProps<"editOffboarding">) {
  // A newer version (after "Load the latest version") starts a fresh form.
  return <EditOffRentForm key={view.version} view={view} posted={offRentResult(actionData)} closeHref={closeHref} readOnly={readOnly} />;
}

function EditOffRentForm({
  view,
  posted,
  closeHref,
  readOnly,
}: {
  view: OffRentEditView;
  posted: DialogActionData | null;
  closeHref: string;
  readOnly: boolean;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<DialogActionData>();
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const formId = useId();
  const here = `${location.pathname}${location.search}`;
  const sent = posted?.values;
  const initial = (name: string): string => {
    const value = sent?.[name];
    if (sent) return typeof value === "string" ? value : (value?.[0] ?? "");
    return view.fields[name as OffRentFieldName] ?? "";
  };
  const version = typeof sent?.version === "string" ? sent.version : String(view.version);

  const [rows, setRows] = useState<Row[]>(() => initialRows(view, posted));
  const [shown, setShown] = useState<Refusal | null>(() => refusalOf(posted));
  const [testing, setTesting] = useState(false);
  // A new answer from the server replaces the message and marks the rows it names.
  const [answered, setAnswered] = useState(fetcher.data);
  if (fetcher.data !== answered) {
    setAnswered(fetcher.data);
    const result = offRentResult(fetcher.data);
    if (result) {
      setShown(refusalOf(result));
      setRows((before) => withResults(before, rowMarks(result)));
    }
  }
  // Messages clear after 6 s while scripts run (spec 1 §9); a version conflict stays until acted on.
  useEffect(() => {
    if (!hydrated || !shown || shown.conflict) return;
    const timer = setTimeout(() => setShown(null), OFF_RENT_EDIT_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [shown, hydrated]);

  const editable = view.readOnlyReason === null && !readOnly;
  const keptCount = rows.filter((row) => !row.removed).length;
  const storedLines = view.lines;
  const fieldError = (name: string) => (shown?.info ? null : (shown?.fieldErrors[name]?.[0] ?? null));
  const listError = fieldError("returningVins");

  const updateRow = (key: string, change: Partial<Row>) => setRows((before) => before.map((row) => (row.key === key ? { ...row, ...change } : row)));

  async function testUnits() {
    const form = formRef.current;
    if (!form) return;
    const vins = vinsToTest(rows);
    if (vins.length === 0) {
      setShown({ message: OFF_RENT_EDIT_MESSAGES.vinsRequired, fieldErrors: {} });
      return;
    }
    setTesting(true);
    try {
      const compCode = String(new FormData(form).get("compCode") ?? "");
      const response = await apiFetch("/api/truck/vin-test", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ vins, FormHistoryID: view.FormHistoryID, ...(compCode ? { compCode } : {}) }),
      });
      const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
      if (!response.ok || !body) {
        const errors = (body?.errors ?? {}) as FieldErrors;
        setShown({ message: typeof body?.error === "string" ? body.error : OFF_RENT_EDIT_MESSAGES.testFailed, fieldErrors: errors });
        return;
      }
      setRows((before) =>
        before.map((row) => {
          const vin = normalizeUnitNumber(row.vin);
          return typeof body[vin] === "boolean" ? { ...row, test: { vin, valid: body[vin] === true } } : row;
        }),
      );
      setShown(null);
    } catch {
      setShown({ message: OFF_RENT_EDIT_MESSAGES.testFailed, fieldErrors: {} });
    } finally {
      setTesting(false);
    }
  }

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={here}
      noValidate
      aria-labelledby={`${formId}-heading`}
      data-edit-off-rent=""
      onSubmit={(event) => {
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        if (submitter?.value && submitter.value !== OFF_RENT_EDIT_INTENTS.save) return;
        const data = new FormData(event.currentTarget);
        const values = Object.fromEntries([...new Set(data.keys())].map((name) => [name, data.getAll(name).map(String)]));
        const refusal = validateOffRentEditForm(values, storedLines, view.offboardingStatus);
        if (refusal) {
          event.preventDefault();
          setShown({ message: refusal.message, fieldErrors: refusal.fieldErrors ?? {} });
        } else {
          setShown(null);
        }
      }}
    >
      {/* The default button (Enter in a field) is Save, not the row buttons that come first. */}
      {editable ? (
        <button type="submit" name="intent" value={OFF_RENT_EDIT_INTENTS.save} tabIndex={-1} aria-hidden="true" style={VISUALLY_HIDDEN} />
      ) : null}
      <input type="hidden" name="FormHistoryID" value={view.FormHistoryID} />
      <input type="hidden" name="OffRentFormID" value={view.OffRentFormID} />
      <input type="hidden" name="version" value={version} />
      <Flex direction="column" gap="3">
        <Text as="p" size="2" color="gray" id={`${formId}-heading`}>
          {view.fields.compName} · Off-rent #{view.FormHistoryID} · {view.stageLabel}
        </Text>
        {!editable ? <Notice>{view.readOnlyReason ?? "You can view this order but not edit it."}</Notice> : null}
        {shown?.conflict ? <StaleVersionNotice conflict={shown.conflict} reloadHref={here} /> : null}

        <fieldset disabled={!editable} style={FIELDSET_RESET}>
          <Flex direction="column" gap="4">
            <Section title="Order">
              {FIELDS.filter((field) => field.section === "order").map((field) => (
                <FieldInput
                  key={field.name}
                  field={field}
                  initial={initial(field.name)}
                  error={fieldError(field.name)}
                  onChange={field.name === "compCode" ? () => setRows((before) => before.map((row) => ({ ...row, test: null }))) : undefined}
                />
              ))}
            </Section>

            <UnitsSection
              rows={rows}
              hydrated={hydrated}
              editable={editable}
              keptCount={keptCount}
              partlyAssigned={view.partlyAssigned}
              fieldError={fieldError}
              listError={listError}
              testing={testing}
              onRow={updateRow}
              onRemove={(row) => (row.stored ? updateRow(row.key, { removed: true }) : setRows((before) => before.filter((other) => other.key !== row.key)))}
              onRestore={(row) => updateRow(row.key, { removed: false })}
              onAdd={() => setRows((before) => [...before, placeholderRow(before)])}
              onTest={() => void testUnits()}
            />

            <Section title="Pickup contact">
              {FIELDS.filter((field) => field.section === "contact").map((field) => (
                <FieldInput key={field.name} field={field} initial={initial(field.name)} error={fieldError(field.name)} />
              ))}
            </Section>
          </Flex>
        </fieldset>

        {shown && !shown.conflict ? <FormMessage message={shown.message} tone={shown.info ? "success" : "error"} /> : null}
        <Flex gap="3" justify="end">
          <Button asChild variant="soft" color="gray">
            <Link to={closeHref}>Cancel</Link>
          </Button>
          {editable ? (
            <Button type="submit" name="intent" value={OFF_RENT_EDIT_INTENTS.save} loading={fetcher.state !== "idle"}>
              Save
            </Button>
          ) : null}
        </Flex>
        <OrderHistory entries={view.history} />
      </Flex>
    </fetcher.Form>
  );
}

function UnitsSection({
  rows,
  hydrated,
  editable,
  keptCount,
  partlyAssigned,
  fieldError,
  listError,
  testing,
  onRow,
  onRemove,
  onRestore,
  onAdd,
  onTest,
}: {
  rows: Row[];
  hydrated: boolean;
  editable: boolean;
  keptCount: number;
  partlyAssigned: boolean;
  fieldError: (name: string) => string | null;
  listError: string | null;
  testing: boolean;
  onRow: (key: string, change: Partial<Row>) => void;
  onRemove: (row: Row) => void;
  onRestore: (row: Row) => void;
  onAdd: () => void;
  onTest: () => void;
}) {
  // Each kept row's index in the payload's returningVins (what the server's row messages name).
  const keptIndexes = rows.map((row, position) => (row.removed ? null : rows.slice(0, position).filter((other) => !other.removed).length));
  return (
    <section aria-labelledby="returning-units-heading" style={SECTION_STYLE} data-returning-units="">
      <Flex justify="between" align="center" mb="2" wrap="wrap" gap="2">
        <Heading as="h3" size="3" id="returning-units-heading">
          Returning units
        </Heading>
        {editable ? (
          <Flex gap="2">
            <Button
              type={hydrated ? "button" : "submit"}
              name={hydrated ? undefined : "intent"}
              value={hydrated ? undefined : OFF_RENT_EDIT_INTENTS.testUnits}
              variant="soft"
              loading={testing}
              onClick={hydrated ? onTest : undefined}
            >
              Test units
            </Button>
            <Button
              type={hydrated ? "button" : "submit"}
              name={hydrated ? undefined : "intent"}
              value={hydrated ? undefined : OFF_RENT_EDIT_INTENTS.addUnit}
              variant="soft"
              onClick={hydrated ? onAdd : undefined}
            >
              Add unit
            </Button>
          </Flex>
        ) : null}
      </Flex>
      {partlyAssigned ? (
        <Text as="p" size="1" color="gray" mb="2">
          Some units have a carrier: their lines are locked.
        </Text>
      ) : null}
      <Flex direction="column" gap="2" asChild>
        <ol style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {rows.map((row, position) => {
            return (
              <UnitRow
                key={row.key}
                row={row}
                number={position + 1}
                keptIndex={keptIndexes[position] ?? null}
                hydrated={hydrated}
                editable={editable}
                keptCount={keptCount}
                fieldError={fieldError}
                onRow={onRow}
                onRemove={onRemove}
                onRestore={onRestore}
              />
            );
          })}
        </ol>
      </Flex>
      {listError ? (
        <Text as="p" size="2" color="red" mt="2" role="alert" data-units-error="">
          {listError}
        </Text>
      ) : null}
    </section>
  );
}

function UnitRow({
  row,
  number,
  keptIndex,
  hydrated,
  editable,
  keptCount,
  fieldError,
  onRow,
  onRemove,
  onRestore,
}: {
  row: Row;
  number: number;
  keptIndex: number | null;
  hydrated: boolean;
  editable: boolean;
  keptCount: number;
  fieldError: (name: string) => string | null;
  onRow: (key: string, change: Partial<Row>) => void;
  onRemove: (row: Row) => void;
  onRestore: (row: Row) => void;
}) {
  const { stored } = row;
  const locked = stored !== null && !stored.editable;
  const vin = normalizeUnitNumber(row.vin);
  const assigned = stored?.assignedStatus === "assigned";
  // Removable stored lines (spec 1 §4); rows added here may be dropped again.
  // Without JavaScript each removable line gets a checkbox; the server keeps the last unit.
  const removable = stored === null || removalRefusal(stored, hydrated ? keptCount : 2) === null;
  const hidden = (
    <>
      <input type="hidden" name={LINE_FORM_FIELDS.key} value={row.key} />
      <input type="hidden" name={LINE_FORM_FIELDS.testedValid} value={row.test?.valid && row.test.vin === vin ? vin : ""} />
    </>
  );

  if (row.removed && hydrated) {
    return (
      <li data-unit-row={row.key} data-removed="">
        {hidden}
        <input type="hidden" name={LINE_FORM_FIELDS.vin} value={row.vin} />
        <input type="hidden" name={LINE_FORM_FIELDS.odometer} value={row.odometer} />
        <input type="hidden" name={LINE_FORM_FIELDS.remove} value={row.key} />
        <Flex gap="2" align="center">
          <Text size="2" color="gray" style={{ textDecoration: "line-through" }}>
            {row.vin}
          </Text>
          <Text size="2" color="gray">
            removed
          </Text>
          <Button type="button" size="1" variant="ghost" onClick={() => onRestore(row)}>
            Undo
          </Button>
        </Flex>
      </li>
    );
  }

  const label = stored === null || isEdited(row) || row.test ? unitTestLabel(row.test, vin) : null;
  const vinError = keptIndex === null ? null : fieldError(lineField(keptIndex, "vin"));
  const shownVinError = vinError === UNIT_TEST_LABELS.invalid || vinError === UNIT_TEST_LABELS.required ? null : vinError;
  return (
    <li data-unit-row={row.key} style={{ borderTop: number === 1 ? undefined : "1px solid var(--gray-a5)", paddingTop: number === 1 ? 0 : 8 }}>
      {hidden}
      <Flex justify="between" align="center" gap="2" mb="1" wrap="wrap">
        <Text size="2" weight="bold">
          Unit {number}
          <Text weight="regular" color="gray">
            {" "}
            · {stored ? stored.statusLabel : "New"}
          </Text>
        </Text>
        <Flex gap="2" align="center">
          {assigned ? (
            <Badge color="orange" data-carrier-lock="">
              <LockIcon /> {CARRIER_ASSIGNED_LOCK}
            </Badge>
          ) : null}
          {label ? (
            <Badge color={label === UNIT_TEST_LABELS.valid ? "green" : label === UNIT_TEST_LABELS.invalid ? "red" : "gray"} data-unit-test="">
              {label}
            </Badge>
          ) : null}
        </Flex>
      </Flex>
      <Grid columns={{ initial: "1", sm: "2" }} gap="2">
        <MaskedInput
          name={LINE_FORM_FIELDS.vin}
          label="Unit number"
          mask="unitNumber"
          value={row.vin}
          onValueChange={(value) => onRow(row.key, { vin: value, test: null })}
          readOnly={locked}
          error={shownVinError}
        />
        <MaskedInput
          name={LINE_FORM_FIELDS.odometer}
          label="Odometer"
          mask="odometer"
          value={row.odometer}
          onValueChange={(value) => onRow(row.key, { odometer: value })}
          readOnly={locked}
          error={keptIndex === null ? null : fieldError(lineField(keptIndex, "odometer"))}
        />
      </Grid>
      {editable && removable ? (
        hydrated ? (
          <Button type="button" size="1" variant="ghost" color="red" mt="1" onClick={() => onRemove(row)}>
            {stored ? `Remove ${row.vin}` : "Discard this unit"}
          </Button>
        ) : (
          <Text as="label" size="2" mt="1" style={{ display: "flex", gap: 6, alignItems: "center" }}>
            <input type="checkbox" name={LINE_FORM_FIELDS.remove} value={row.key} defaultChecked={row.removed} />
            {stored ? "Remove this unit" : "Discard this unit"}
          </Text>
        )
      ) : null}
      {row.vin === PLACEHOLDER_UNIT_NUMBER && stored === null ? (
        <Text as="p" size="1" color="gray" mt="1">
          Enter the unit number, then test it.
        </Text>
      ) : null}
    </li>
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

function LockIcon() {
  return (
    <svg width="12" height="12" viewBox="0 0 15 15" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M5 4.64V6h5V4.64C10 3.21 8.88 2 7.5 2S5 3.21 5 4.64ZM4 6V4.64C4 2.72 5.53 1 7.5 1S11 2.72 11 4.64V6h.5A1.5 1.5 0 0 1 13 7.5v5a1.5 1.5 0 0 1-1.5 1.5h-8A1.5 1.5 0 0 1 2 12.5v-5A1.5 1.5 0 0 1 3.5 6H4Z"
      />
    </svg>
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
const SECTION_STYLE = { border: "1px solid var(--gray-a5)", borderRadius: "var(--radius-3)", margin: 0, padding: "8px 12px 12px", minWidth: 0 } as const;
const VISUALLY_HIDDEN = { position: "absolute", width: 1, height: 1, padding: 0, margin: -1, overflow: "hidden", clip: "rect(0 0 0 0)", border: 0 } as const;

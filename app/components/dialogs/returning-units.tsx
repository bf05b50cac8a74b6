// A return half's returning units as an edit dialog edits them (ADR 015), shared by the off-rent edit
// dialog (off-rent-edit-units.tsx binds it to its intents) and the trade's on-rent editor
// (trade-on-edit-dialog.tsx): the rows (the stored lines and rows added in the dialog), each
// with its unit test result, and their section with the "Test units" and "Add unit" buttons. "Test units"
// posts its intent with the whole form, with and without JavaScript (the dialog kit's `alsoPosts`); its
// results come back as the answer's fieldNotes and are marked on the rows. "Add unit" and removals work
// in place with JavaScript; without it "Add unit" is a post that comes back with one more row, and
// removals are checkboxes (with, for a dialog that has the intent, a post that checks them at once). The
// rows' form fields are returning-units-form.ts's, which keeps this module free of the off-rent form's
// zod schemas.
import { Badge, Button, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import { useState } from "react";
import type { OffRentEditLine } from "~/rules/orders/off-rent-edit/dialog.ts";
import { normalizeUnitNumber, PLACEHOLDER_UNIT_NUMBER } from "~/rules/orders/off-rent-edit/fields.ts";
import { CARRIER_ASSIGNED_LOCK, UNIT_TEST_LABELS } from "~/rules/orders/off-rent-edit/messages.ts";
import { lineField, removalRefusal, unitTestLabel } from "~/rules/orders/off-rent-edit/units-list.ts";
import { PLACEHOLDER_RETURNING_UNIT } from "~/rules/orders/order-stages.ts";
import type { DialogActionData, FieldErrors } from "~/rules/dialogs/operation-result.ts";
import { SECTION_STYLE } from "./dialog-sections.tsx";
import { postedUnitRows, UNIT_ROW_FIELDS } from "./returning-units-form.ts";
import { MaskedInput } from "./masked-input.tsx";
import { LockIcon } from "../lock-icon.tsx";

/** fieldNotes key prefix of a unit test result (off-rent-edit-dialogs.server.ts). */
const UNIT_TEST_RESULT_PREFIX = "unitTest.";

type UnitTest = { vin: string; valid: boolean } | null;

/** A stored line as a dialog's loader gives it: its lock and whether it may be removed. */
export type ReturningUnitLine = OffRentEditLine;

/** The intents of a dialog's units section (each unique to its dialog). */
export interface ReturningUnitsIntents {
  /** Tests every row's unit number (a post with the whole form, with and without JavaScript). */
  testUnits: string;
  /** Without JavaScript: the dialog comes back with one more placeholder row. */
  addUnit: string;
  /** Without JavaScript, when the dialog has it: checks the ticked removals at once, before the save. */
  removeUnits?: string;
}

/** One row of the dialog's returning units. */
export interface ReturningUnitRow {
  key: string;
  /** The stored line the row stands for; null for a row added in this dialog. */
  stored: ReturningUnitLine | null;
  vin: string;
  odometer: string;
  test: UnitTest;
  removed: boolean;
}

/** What marks the rows: a refusal's field errors and a re-render's test results. */
const rowMarks = (answer: DialogActionData): FieldErrors => ({ ...answer.fieldErrors, ...answer.fieldNotes });

/** Marks rows with the test results and INVALID marks an answer carries. */
function markRows(rows: ReturningUnitRow[], marks: FieldErrors): ReturningUnitRow[] {
  let kept = -1;
  return rows.map((row) => {
    if (row.removed) return row;
    kept += 1;
    const vin = normalizeUnitNumber(row.vin);
    const tested = marks[`${UNIT_TEST_RESULT_PREFIX}${vin}`]?.[0];
    if (tested) return { ...row, test: { vin, valid: tested === UNIT_TEST_LABELS.valid } };
    if (marks[lineField(kept, "vin")]?.[0] === UNIT_TEST_LABELS.invalid) return { ...row, test: { vin, valid: false } };
    return row;
  });
}

/** The rows the dialog starts with: the posted form's (no JavaScript: values kept), else the stored lines. */
function initialRows(
  lines: readonly ReturningUnitLine[],
  posted: DialogActionData | null,
  intents: ReturningUnitsIntents,
): ReturningUnitRow[] {
  const byKey = new Map(lines.map((line) => [line.key, line]));
  if (!posted) {
    return lines.map((line) => ({
      key: line.key,
      stored: line,
      vin: line.vin,
      odometer: line.odometer,
      test: null,
      removed: false,
    }));
  }
  let rows: ReturningUnitRow[] = postedUnitRows(posted.values).map((line) => ({
    key: line.key,
    stored: byKey.get(line.key) ?? null,
    vin: line.vin,
    odometer: line.odometer,
    test: line.testedValid === "" ? null : { vin: normalizeUnitNumber(line.testedValid), valid: true },
    removed: line.removed,
  }));
  rows = markRows(rows, rowMarks(posted));
  if (posted.intent === intents.addUnit) rows = [...rows, placeholderRow(rows)];
  // Rows added in the dialog and ticked are simply gone once the removals were checked.
  if (posted.intent === intents.removeUnits && posted.ok) rows = rows.filter((row) => row.stored || !row.removed);
  return rows;
}

function placeholderRow(rows: readonly ReturningUnitRow[]): ReturningUnitRow {
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
const isEdited = (row: ReturningUnitRow) => row.stored === null || normalizeUnitNumber(row.vin) !== row.stored.vin;

/**
 * The rows being edited: the posted form's (no JavaScript: values kept) or the stored lines, and every new
 * server answer among `answers` (a test's results, a refused save's INVALID marks) marked on the rows it
 * names, so the results stay with the rows (and what was typed in them) until a row changes.
 */
export function useReturningUnits(
  lines: readonly ReturningUnitLine[],
  posted: DialogActionData | null,
  answers: readonly (DialogActionData | null)[],
  intents: ReturningUnitsIntents,
) {
  const [rows, setRows] = useState<ReturningUnitRow[]>(() => initialRows(lines, posted, intents));
  const [marked, setMarked] = useState(answers);
  if (answers.length !== marked.length || answers.some((answer, index) => answer !== marked[index])) {
    setMarked(answers);
    const fresh = answers.filter(
      (answer, index): answer is DialogActionData => answer !== null && answer !== marked[index],
    );
    if (fresh.length > 0) setRows((before) => fresh.reduce((rows, answer) => markRows(rows, rowMarks(answer)), before));
  }
  const update = (key: string, change: Partial<ReturningUnitRow>) =>
    setRows((before) => before.map((row) => (row.key === key ? { ...row, ...change } : row)));
  return {
    rows,
    update,
    /** A stored line is marked removed (Undo restores it); a row added here is dropped. */
    remove: (row: ReturningUnitRow) =>
      row.stored
        ? update(row.key, { removed: true })
        : setRows((before) => before.filter((other) => other.key !== row.key)),
    restore: (row: ReturningUnitRow) => update(row.key, { removed: false }),
    add: () => setRows((before) => [...before, placeholderRow(before)]),
    /** Another company code: every test is void. */
    untest: () => setRows((before) => before.map((row) => ({ ...row, test: null }))),
  };
}

export type ReturningUnits = ReturnType<typeof useReturningUnits>;

export interface ReturningUnitsSectionProps {
  units: ReturningUnits;
  intents: ReturningUnitsIntents;
  hydrated: boolean;
  editable: boolean;
  partlyAssigned: boolean;
  /** Whether the unit test is on its way. */
  testing: boolean;
  fieldError: (name: string) => string | null;
  /**
   * Units of the order the list leaves out (the transport page's completed swaps of a trade): they count
   * towards the units an order keeps when one is removed.
   */
  unitsNotShown?: number;
}

export function ReturningUnitsSection({
  units,
  intents,
  hydrated,
  editable,
  partlyAssigned,
  testing,
  fieldError,
  unitsNotShown = 0,
}: ReturningUnitsSectionProps) {
  const { rows } = units;
  const keptCount = rows.filter((row) => !row.removed).length + unitsNotShown;
  // Each kept row's index in the payload's returningVins (what the server's row messages name).
  let kept = 0;
  const keptIndexes = rows.map((row) => (row.removed ? null : kept++));
  const listError = fieldError("returningVins");
  return (
    <section aria-labelledby="returning-units-heading" style={SECTION_STYLE} data-returning-units="">
      <Flex justify="between" align="center" mb="2" wrap="wrap" gap="2">
        <Heading as="h3" size="3" id="returning-units-heading">
          Returning units
        </Heading>
        {editable ? (
          <Flex gap="2">
            {/* A post of its own intent with the whole form, with and without JavaScript. */}
            <Button type="submit" name="intent" value={intents.testUnits} variant="soft" loading={testing}>
              Test units
            </Button>
            <Button
              type={hydrated ? "button" : "submit"}
              name={hydrated ? undefined : "intent"}
              value={hydrated ? undefined : intents.addUnit}
              variant="soft"
              onClick={hydrated ? units.add : undefined}
            >
              Add unit
            </Button>
            {!hydrated && intents.removeUnits ? (
              <Button type="submit" name="intent" value={intents.removeUnits} variant="soft" color="red">
                Remove ticked units
              </Button>
            ) : null}
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
          {rows.map((row, position) => (
            <ReturningUnitItem
              key={row.key}
              row={row}
              number={position + 1}
              keptIndex={keptIndexes[position] ?? null}
              hydrated={hydrated}
              editable={editable}
              keptCount={keptCount}
              fieldError={fieldError}
              units={units}
            />
          ))}
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

function ReturningUnitItem({
  row,
  number,
  keptIndex,
  hydrated,
  editable,
  keptCount,
  fieldError,
  units,
}: {
  row: ReturningUnitRow;
  number: number;
  keptIndex: number | null;
  hydrated: boolean;
  editable: boolean;
  keptCount: number;
  fieldError: (name: string) => string | null;
  units: ReturningUnits;
}) {
  const fields = UNIT_ROW_FIELDS;
  const { stored } = row;
  const locked = stored !== null && !stored.editable;
  const vin = normalizeUnitNumber(row.vin);
  const assigned = stored?.assignedStatus === "assigned";
  // Stored lines awaiting pickup without a carrier are removable; rows added here may be dropped again.
  // Without JavaScript each removable line gets a checkbox; the server keeps the last unit.
  const removable = stored === null || removalRefusal(stored, hydrated ? keptCount : 2) === null;
  const hidden = (
    <>
      <input type="hidden" name={fields.key} value={row.key} />
      <input type="hidden" name={fields.testedValid} value={row.test?.valid && row.test.vin === vin ? vin : ""} />
    </>
  );

  if (row.removed && hydrated) {
    return (
      <li data-unit-row={row.key} data-removed="">
        {hidden}
        <input type="hidden" name={fields.vin} value={row.vin} />
        <input type="hidden" name={fields.odometer} value={row.odometer} />
        <input type="hidden" name={fields.remove} value={row.key} />
        <Flex gap="2" align="center">
          <Text size="2" color="gray" style={{ textDecoration: "line-through" }}>
            {row.vin}
          </Text>
          <Text size="2" color="gray">
            removed
          </Text>
          <Button type="button" size="1" variant="ghost" onClick={() => units.restore(row)}>
            Undo
          </Button>
        </Flex>
      </li>
    );
  }

  const label = stored === null || isEdited(row) || row.test ? unitTestLabel(row.test, vin) : null;
  const vinError = keptIndex === null ? null : fieldError(lineField(keptIndex, "vin"));
  const shownVinError =
    vinError === UNIT_TEST_LABELS.invalid || vinError === UNIT_TEST_LABELS.required ? null : vinError;
  return (
    <li
      data-unit-row={row.key}
      style={{ borderTop: number === 1 ? undefined : "1px solid var(--gray-a5)", paddingTop: number === 1 ? 0 : 8 }}
    >
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
            <Badge
              color={label === UNIT_TEST_LABELS.valid ? "green" : label === UNIT_TEST_LABELS.invalid ? "red" : "gray"}
              data-unit-test=""
            >
              {label}
            </Badge>
          ) : null}
        </Flex>
      </Flex>
      <Grid columns={{ initial: "1", sm: "2" }} gap="2">
        <MaskedInput
          name={fields.vin}
          label="Unit number"
          mask="unitNumber"
          value={row.vin}
          onValueChange={(value) => units.update(row.key, { vin: value, test: null })}
          readOnly={locked}
          error={shownVinError}
        />
        <MaskedInput
          name={fields.odometer}
          label="Odometer"
          mask="odometer"
          value={row.odometer}
          onValueChange={(value) => units.update(row.key, { odometer: value })}
          readOnly={locked}
          error={keptIndex === null ? null : fieldError(lineField(keptIndex, "odometer"))}
        />
      </Grid>
      {editable && removable ? (
        hydrated ? (
          <Button type="button" size="1" variant="ghost" color="red" mt="1" onClick={() => units.remove(row)}>
            {stored ? `Remove ${row.vin}` : "Discard this unit"}
          </Button>
        ) : (
          <Text as="label" size="2" mt="1" style={{ display: "flex", gap: 6, alignItems: "center" }}>
            <input type="checkbox" name={fields.remove} value={row.key} defaultChecked={row.removed} />
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

// The edit forms of the memo dialog creditMemoEdit (ADR 048): action Create ('Edit Credit Memo') edits the
// memo's fields and lines, action Apply ('Edit Applied Credit Memo') its applications. Each is one form of
// the dialog kit checked before sending with the server's own rules, carrying the version it was
// made from (a stale one shows what changed meanwhile). Without JavaScript a line's or an application's
// Remove is a checkbox, and the edit form offers one empty line to add; with it, lines come and go in place.
import { Box, Button, Flex, Text, TextArea, TextField } from "@radix-ui/themes";
import { type ReactNode, useId, useState } from "react";
import {
  blankLine,
  CREDIT_MEMO_ERROR_MS,
  CREDIT_MEMO_FIELDS,
  CREDIT_MEMO_LINE_FIELDS,
  CREDIT_MEMO_TYPES,
  type CreditMemoFieldName,
  type CreditMemoLineFieldName,
  lineErrorKey,
  lineFormName,
} from "~/rules/credit-memos/credit-memo-create.ts";
import {
  appliedEditBodyOfForm,
  appliedEditFormName,
  appliedEditKey,
  appliedTotalRefusal,
  CREDIT_MEMO_EDIT_APPLIED_INTENT,
  CREDIT_MEMO_EDIT_INTENT,
  DROP_LINE_FIELD,
  memoEditBodyOfForm,
  REMOVED_INVOICE_FIELD,
  validateAppliedEdit,
  validateCreditMemoEdit,
} from "~/rules/credit-memos/credit-memo-edit.ts";
import type { CREDIT_MEMO_REVIEW_DIALOG, CreditMemoReviewDialogData } from "~/rules/credit-memos/credit-memo-review.ts";
import { decimalToCents, formatCents } from "~/rules/credit-memos/money.ts";
import { formFields } from "~/rules/dialogs/board-dialog.ts";
import type { DialogActionData } from "~/rules/dialogs/operation-result.ts";
import { FieldMessage, FormMessage } from "../form-message.tsx";
import { useHydrated } from "../app-dialog.tsx";
import { DialogFormElement, useDialogForm } from "./dialog-kit.tsx";
import { DefaultSubmit, Section } from "./dialog-sections.tsx";
import { nativeControlStyle } from "./native-control.ts";
import { VersionConflictNotice } from "./order-history.tsx";

type Edit = NonNullable<CreditMemoReviewDialogData["edit"]>;
const cell = { padding: 2, verticalAlign: "top" } as const;
const fieldOf = (name: CreditMemoFieldName) => CREDIT_MEMO_FIELDS.find((entry) => entry.name === name)!;

function Labelled(props: { id: string; label: string; error: string | null; wide?: boolean; children: ReactNode }) {
  return (
    <Flex direction="column" gap="1" style={props.wide ? { gridColumn: "1 / -1" } : undefined}>
      <label htmlFor={props.id}>
        <Text size="2" weight="medium">
          {props.label}
        </Text>
      </label>
      {props.children}
      <FieldMessage message={props.error} />
    </Flex>
  );
}

/** A submitted list field's n-th value (a plain post's answer), else undefined. */
function nth(values: DialogActionData["values"] | undefined, name: string, index: number): string | undefined {
  const value = values?.[name];
  return Array.isArray(value) ? value[index] : index === 0 ? value : undefined;
}

let nextKey = 0;

/** Action Create: the memo's fields and lines. */
export function CreditMemoEditForm({
  memoId,
  version,
  edit,
  actionData,
}: {
  memoId: number;
  version: number;
  edit: Edit;
  actionData: DialogActionData | null;
}) {
  const hydrated = useHydrated();
  const ids = { company: useId(), claim: useId(), date: useId(), type: useId(), source: useId(), description: useId() };
  const notesId = useId();
  const form = useDialogForm<typeof CREDIT_MEMO_REVIEW_DIALOG>(CREDIT_MEMO_EDIT_INTENT, {
    actionData,
    messageMs: CREDIT_MEMO_ERROR_MS,
    check: (sent) => {
      const validation = validateCreditMemoEdit({ ...memoEditBodyOfForm(formFields(sent)), creditMemoID: memoId });
      return validation.ok ? null : { message: validation.message, fieldErrors: validation.fieldErrors };
    },
  });
  const values = edit.values;
  const answer = form.answer?.values;
  const initial = (name: CreditMemoFieldName) => form.value(name) ?? String(values[name] ?? "");
  const [rows, setRows] = useState(() => {
    const count = answer ? [answer[lineFormName("relatedInvoice")]].flat().filter((v) => v !== undefined).length : 0;
    const start: Record<string, string>[] = answer
      ? Array.from({ length: count }, (_, index) =>
          Object.fromEntries(
            CREDIT_MEMO_LINE_FIELDS.map((entry) => [entry.name, nth(answer, lineFormName(entry.name), index) ?? ""]),
          ),
        )
      : values.lines.map((line) => ({ ...line }));
    // Without JavaScript one empty line is there to add a line (a blank line is left out of the save).
    if (!hydrated && !answer) start.push(blankLine());
    return start.map((line) => ({ key: ++nextKey, values: line as Record<string, string> }));
  });
  const text = (name: CreditMemoFieldName, id: string, extra: Record<string, unknown> = {}) => (
    <Labelled id={id} label={fieldOf(name).label} error={form.fieldError(name)}>
      <TextField.Root
        id={id}
        name={name}
        defaultValue={initial(name)}
        maxLength={fieldOf(name).maxLength}
        aria-invalid={form.fieldError(name) ? true : undefined}
        {...extra}
      />
    </Labelled>
  );
  const lineCell = (row: (typeof rows)[number], index: number, name: CreditMemoLineFieldName) => {
    const entry = CREDIT_MEMO_LINE_FIELDS.find((field) => field.name === name)!;
    const error = form.fieldError(lineErrorKey(index, name));
    return (
      <td style={cell}>
        <TextField.Root
          name={lineFormName(name)}
          aria-label={`${entry.label}, line ${index + 1}`}
          defaultValue={row.values[name] ?? ""}
          maxLength={entry.maxLength}
          aria-invalid={error ? true : undefined}
        />
        {error ? (
          <Text size="1" color="red" as="div">
            {error}
          </Text>
        ) : null}
      </td>
    );
  };
  return (
    <DialogFormElement form={form} noValidate aria-label="Edit credit memo">
      <DefaultSubmit />
      <input type="hidden" name="creditMemoID" value={memoId} />
      <input type="hidden" name="version" value={version} />
      <Flex direction="column" gap="3">
        <Section title="Credit memo">
          {text("companyCode", ids.company, { inputMode: "numeric" })}
          {text("invoiceClaim", ids.claim)}
          <Labelled id={ids.date} label="Date" error={form.fieldError("creditMemoDate")}>
            <TextField.Root id={ids.date} type="date" name="creditMemoDate" defaultValue={initial("creditMemoDate")} />
          </Labelled>
          <Labelled id={ids.type} label="Type" error={form.fieldError("creditMemoType")}>
            <select
              id={ids.type}
              name="creditMemoType"
              defaultValue={initial("creditMemoType")}
              style={nativeControlStyle}
            >
              {CREDIT_MEMO_TYPES.map((type) => (
                <option key={type.value} value={type.value}>
                  {type.label}
                </option>
              ))}
            </select>
          </Labelled>
          {text("creditMemoSource", ids.source)}
          <Labelled id={ids.description} label="Description" error={form.fieldError("creditMemoDescription")} wide>
            <TextArea
              id={ids.description}
              name="creditMemoDescription"
              rows={2}
              maxLength={fieldOf("creditMemoDescription").maxLength}
              defaultValue={initial("creditMemoDescription")}
            />
          </Labelled>
          <Labelled id={notesId} label="Notes (optional)" error={form.fieldError("creditMemoNotes")} wide>
            <TextArea
              id={notesId}
              name="creditMemoNotes"
              rows={2}
              maxLength={fieldOf("creditMemoNotes").maxLength}
              defaultValue={initial("creditMemoNotes")}
            />
          </Labelled>
        </Section>
        <Box>
          <Text as="p" size="2" weight="bold">
            Lines
          </Text>
          <table style={{ width: "100%", borderCollapse: "collapse" }} aria-label="Credit memo lines">
            <thead>
              <tr>
                {CREDIT_MEMO_LINE_FIELDS.map((entry) => (
                  <th key={entry.name} style={{ textAlign: "left", fontSize: 12, padding: 2 }}>
                    {entry.label}
                    {entry.required ? "" : " (optional)"}
                  </th>
                ))}
                <th />
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={row.key} data-memo-line={index}>
                  {lineCell(row, index, "relatedInvoice")}
                  {lineCell(row, index, "unitNumber")}
                  {lineCell(row, index, "amount")}
                  {lineCell(row, index, "po")}
                  {lineCell(row, index, "note")}
                  <td style={cell}>
                    {hydrated ? (
                      <Button
                        type="button"
                        variant="soft"
                        color="gray"
                        aria-label={`Remove line ${index + 1}`}
                        disabled={rows.length === 1}
                        onClick={() => setRows((current) => current.filter((each) => each.key !== row.key))}
                      >
                        Remove
                      </Button>
                    ) : (
                      <Text as="label" size="1">
                        <Flex gap="1" align="center">
                          <input
                            type="checkbox"
                            name={DROP_LINE_FIELD}
                            value={String(index)}
                            aria-label={`Remove line ${index + 1}`}
                          />
                          Remove
                        </Flex>
                      </Text>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <FieldMessage message={form.fieldError("lines")} />
          {hydrated ? (
            <Box mt="2">
              <Button
                type="button"
                variant="soft"
                onClick={() => setRows((current) => [...current, { key: ++nextKey, values: blankLine() }])}
              >
                Add line
              </Button>
            </Box>
          ) : null}
        </Box>
        <FormMessage message={form.message} />
        {form.conflict ? <VersionConflictNotice conflict={form.conflict} /> : null}
        <Flex gap="2" justify="end">
          <Button type="submit" loading={form.busy}>
            Save Changes
          </Button>
        </Flex>
      </Flex>
    </DialogFormElement>
  );
}

/** Action Apply: the memo's applications, one per invoice; the total within the original sum plus the credit. */
export function AppliedEditForm({
  memoId,
  version,
  edit,
  actionData,
}: {
  memoId: number;
  version: number;
  edit: Edit;
  actionData: DialogActionData | null;
}) {
  const hydrated = useHydrated();
  const applied = edit.values.applied;
  const originals = new Map(applied.map((line) => [line.invoice, line.appliedDate]));
  const originalSum = applied.reduce((sum, line) => sum + (decimalToCents(line.amount) ?? 0), 0);
  const available = decimalToCents(edit.values.available) ?? 0;
  const form = useDialogForm<typeof CREDIT_MEMO_REVIEW_DIALOG>(CREDIT_MEMO_EDIT_APPLIED_INTENT, {
    actionData,
    messageMs: CREDIT_MEMO_ERROR_MS,
    check: (sent) => {
      const body = { ...appliedEditBodyOfForm(formFields(sent)), creditMemoID: memoId };
      const validation = validateAppliedEdit(body, edit.today, originals);
      if (!validation.ok) return { message: validation.message, fieldErrors: validation.fieldErrors };
      // The browser's view of the limit: the replaced applications are every one not removed (the server
      // counts the removed ones too, and holds the exact rule under the memo's lock).
      const kept = new Set(validation.edit.lines.map((line) => line.originalInvoice));
      const replacedSum = applied
        .filter((line) => kept.has(line.invoice) || validation.edit.removedInvoices.includes(line.invoice))
        .reduce((sum, line) => sum + (decimalToCents(line.amount) ?? 0), 0);
      const total = validation.edit.lines.reduce((sum, line) => sum + line.amountCents, 0);
      const over = appliedTotalRefusal(total, replacedSum, available);
      return over ? { message: over, fieldErrors: {} } : null;
    },
  });
  const answer = form.answer?.values;
  const [removed, setRemoved] = useState<string[]>(() => {
    const value = answer?.[REMOVED_INVOICE_FIELD];
    return value === undefined ? [] : [value].flat();
  });
  const shown = hydrated ? applied.filter((line) => !removed.includes(line.invoice)) : applied;
  return (
    <DialogFormElement form={form} noValidate aria-label="Edit applied credit memo">
      <DefaultSubmit />
      <input type="hidden" name="creditMemoID" value={memoId} />
      <input type="hidden" name="version" value={version} />
      {hydrated
        ? removed.map((invoice) => <input key={invoice} type="hidden" name={REMOVED_INVOICE_FIELD} value={invoice} />)
        : null}
      <Flex direction="column" gap="3">
        <Text size="2" color="gray" data-applied-limit="">
          Applied now: {formatCents(originalSum)} · available credit: {formatCents(available)} · the total may be at
          most {formatCents(originalSum + available)}.
        </Text>
        <table style={{ width: "100%", borderCollapse: "collapse" }} aria-label="Applied credit">
          <thead>
            <tr>
              {["Invoice", "Applied Date", "Amount", "Note", ""].map((label) => (
                <th key={label} style={{ textAlign: "left", fontSize: 12, padding: 2 }}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((line, index) => {
              const field = (name: Parameters<typeof appliedEditFormName>[0], fallback: string) =>
                nth(answer, appliedEditFormName(name), index) ?? fallback;
              const error = (name: string) => form.fieldError(appliedEditKey(index, name));
              const dateChanged = field("AppliedDate", line.appliedDate) !== line.appliedDate;
              return (
                <tr key={line.invoice} data-applied-invoice={line.invoice}>
                  <td style={cell}>
                    <input type="hidden" name={appliedEditFormName("originalInvoice")} value={line.invoice} />
                    <TextField.Root
                      name={appliedEditFormName("Invoice")}
                      aria-label={`Invoice, application ${index + 1}`}
                      defaultValue={field("Invoice", line.invoice)}
                      maxLength={40}
                    />
                    <FieldMessage message={error("Invoice") ?? error("originalInvoice")} />
                  </td>
                  <td style={cell}>
                    <TextField.Root
                      type="date"
                      name={appliedEditFormName("AppliedDate")}
                      aria-label={`Applied Date, application ${index + 1}`}
                      defaultValue={field("AppliedDate", line.appliedDate)}
                      // An unchanged date stays however old; a new one at most 45 days back (the apply rule).
                      min={dateChanged ? edit.earliest : undefined}
                      max={edit.today}
                    />
                    <FieldMessage message={error("AppliedDate")} />
                  </td>
                  <td style={cell}>
                    <TextField.Root
                      name={appliedEditFormName("AppliedAmount")}
                      aria-label={`Amount, application ${index + 1}`}
                      defaultValue={field("AppliedAmount", line.amount)}
                      inputMode="decimal"
                    />
                    <FieldMessage message={error("AppliedAmount")} />
                  </td>
                  <td style={cell}>
                    <TextField.Root
                      name={appliedEditFormName("AppliedNote")}
                      aria-label={`Note, application ${index + 1}`}
                      defaultValue={field("AppliedNote", line.note)}
                      maxLength={500}
                    />
                    <FieldMessage message={error("AppliedNote")} />
                  </td>
                  <td style={cell}>
                    {hydrated ? (
                      <Button
                        type="button"
                        variant="soft"
                        color="gray"
                        aria-label={`Remove application to ${line.invoice}`}
                        onClick={() => setRemoved((current) => [...current, line.invoice])}
                      >
                        Remove
                      </Button>
                    ) : (
                      <Text as="label" size="1">
                        <Flex gap="1" align="center">
                          <input
                            type="checkbox"
                            name={REMOVED_INVOICE_FIELD}
                            value={line.invoice}
                            defaultChecked={removed.includes(line.invoice)}
                            aria-label={`Remove application to ${line.invoice}`}
                          />
                          Remove
                        </Flex>
                      </Text>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <FieldMessage message={form.fieldError("lines") ?? form.fieldError("removedInvoices")} />
        <FormMessage message={form.message} />
        {form.conflict ? <VersionConflictNotice conflict={form.conflict} /> : null}
        <Flex gap="2" justify="end">
          <Button type="submit" loading={form.busy}>
            Save Changes
          </Button>
        </Flex>
      </Flex>
    </DialogFormElement>
  );
}

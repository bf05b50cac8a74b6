// The Create Credit Memo dialog (creditMemoCreate; ADR 040) on the AR board. One form through the dialog
// kit, checked before sending with the server's own rules. With JavaScript, leaving the
// invoice/claim field asks GET /api/credit-memo/check-invoice-claim/{invoiceClaim}: a duplicate shows its
// message and disables Create; lines are added and removed in the page. Without JavaScript, Check, Add line
// and each line's Remove post the form and the dialog comes back with what was typed. A created memo opens
// in its memo dialog, which says so.
import { Box, Button, Callout, Flex, Text, TextArea, TextField } from "@radix-ui/themes";
import { type ReactNode, useId, useRef, useState } from "react";
import {
  blankLine,
  CREDIT_MEMO_ADD_LINE_INTENT,
  CREDIT_MEMO_CHECK_API_PATH,
  CREDIT_MEMO_CHECK_INTENT,
  type CREDIT_MEMO_CREATE_DIALOG,
  CREDIT_MEMO_CREATE_INTENT,
  CREDIT_MEMO_CREATE_MESSAGES,
  CREDIT_MEMO_ERROR_MS,
  CREDIT_MEMO_FIELDS,
  CREDIT_MEMO_LINE_FIELDS,
  CREDIT_MEMO_SOURCES,
  CREDIT_MEMO_TYPES,
  type CreditMemoFieldName,
  type CreditMemoLineFieldName,
  creditMemoBodyOfForm,
  DEFAULT_CREDIT_MEMO_TYPE,
  INVOICE_CLAIM_FREE,
  lineErrorKey,
  lineFormName,
  linesAfterStep,
  REMOVE_LINE_FIELD,
  validateCreditMemo,
} from "~/rules/credit-memos/credit-memo-create.ts";
import { formFields } from "~/rules/dialogs/board-dialog.ts";
import { apiFetch } from "~/utils/api-fetch.ts";
import { FormMessage, FieldMessage } from "../form-message.tsx";
import { useHydrated } from "../app-dialog.tsx";
import { type BoardDialogProps, DialogFormElement, newestForm, useDialogForm } from "./dialog-kit.tsx";
import { DefaultSubmit, Section } from "./dialog-sections.tsx";
import { nativeControlStyle } from "./native-control.ts";

const fieldOf = (name: CreditMemoFieldName) => CREDIT_MEMO_FIELDS.find((entry) => entry.name === name)!;

function Labelled({
  id,
  label,
  optional,
  error,
  children,
  wide,
}: {
  id: string;
  label: string;
  optional?: boolean;
  error: string | null;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <Flex direction="column" gap="1" style={wide ? { gridColumn: "1 / -1" } : undefined}>
      <label htmlFor={id}>
        <Text size="2" weight="medium">
          {label}
          {optional ? " (optional)" : ""}
        </Text>
      </label>
      {children}
      <FieldMessage message={error} id={`${id}-error`} />
    </Flex>
  );
}

let nextLineKey = 0;
interface LineRow {
  key: number;
  values: Record<string, string>;
}
const rowsOf = (lines: Record<string, string>[]): LineRow[] => lines.map((values) => ({ key: ++nextLineKey, values }));

export default function CreditMemoCreateDialog({ data, actionData, readOnly }: BoardDialogProps<"creditMemoCreate">) {
  const hydrated = useHydrated();
  const ids = { company: useId(), claim: useId(), date: useId(), type: useId(), source: useId(), sources: useId() };
  const descriptionId = useId();
  const notesId = useId();
  const save = useDialogForm<typeof CREDIT_MEMO_CREATE_DIALOG>(CREDIT_MEMO_CREATE_INTENT, {
    actionData,
    messageMs: CREDIT_MEMO_ERROR_MS,
    check: (form) => {
      const validation = validateCreditMemo(creditMemoBodyOfForm(formFields(form)));
      return validation.ok ? null : { message: validation.message, fieldErrors: validation.fieldErrors };
    },
  });
  const checkClaim = useDialogForm<typeof CREDIT_MEMO_CREATE_DIALOG>(CREDIT_MEMO_CHECK_INTENT, {
    actionData,
    messageMs: CREDIT_MEMO_ERROR_MS,
    reloads: false,
  });
  const addLine = useDialogForm<typeof CREDIT_MEMO_CREATE_DIALOG>(CREDIT_MEMO_ADD_LINE_INTENT, {
    actionData,
    messageMs: CREDIT_MEMO_ERROR_MS,
    reloads: false,
  });
  const form = newestForm([save, checkClaim, addLine]);
  const answer = form.answer;
  const initial = (name: CreditMemoFieldName, fallback = "") => form.value(name) ?? fallback;

  // The lines: what the server's answer drew again (no JavaScript), else one empty line.
  const [rows, setRows] = useState<LineRow[]>(() => {
    if (!answer) return rowsOf([blankLine()]);
    const step =
      answer.intent === CREDIT_MEMO_ADD_LINE_INTENT
        ? "add"
        : answer.ok && answer.values[REMOVE_LINE_FIELD] !== undefined
          ? "remove"
          : null;
    return rowsOf(linesAfterStep(answer.values, step));
  });

  // The invoice/claim check: with JavaScript as the field is left, without as Check's answer.
  const [typedClaim, setTypedClaim] = useState(() => initial("invoiceClaim"));
  const [live, setLive] = useState<{ claim: string; duplicate: boolean } | null>(null);
  const asked = useRef(0);
  const runCheck = async (claim: string) => {
    const ask = ++asked.current;
    if (claim.trim() === "") return setLive(null);
    try {
      const response = await apiFetch(`${CREDIT_MEMO_CHECK_API_PATH}/${encodeURIComponent(claim.trim())}`);
      if (!response.ok) return;
      const found = (await response.json()) as unknown[];
      if (ask === asked.current) setLive({ claim, duplicate: found.length > 0 });
    } catch {
      // The create checks again; a check that could not run only leaves the warning out.
    }
  };
  const answered = (() => {
    if (!answer) return null;
    const claim = String(answer.values.invoiceClaim ?? "");
    if (answer.intent === CREDIT_MEMO_CHECK_INTENT)
      return { claim, duplicate: (answer.fieldNotes?.invoiceClaim ?? []).length > 0 };
    const refusedAsDuplicate = answer.fieldErrors?.invoiceClaim?.includes(CREDIT_MEMO_CREATE_MESSAGES.duplicate);
    return refusedAsDuplicate ? { claim, duplicate: true } : null;
  })();
  const claimCheck =
    live && live.claim === typedClaim
      ? live
      : answered && (!hydrated || answered.claim === typedClaim)
        ? answered
        : null;
  const duplicate = claimCheck?.duplicate === true;
  const message =
    form.intent === CREDIT_MEMO_CHECK_INTENT || (form.answer?.ok && form.intent !== CREDIT_MEMO_CREATE_INTENT)
      ? null
      : form.message;

  if (readOnly || !data.mayCreate) {
    return (
      <Callout.Root color="amber" role="status">
        <Callout.Text>{readOnly ? "This board is read only." : CREDIT_MEMO_CREATE_MESSAGES.forbidden}</Callout.Text>
      </Callout.Root>
    );
  }

  const text = (name: CreditMemoFieldName, id: string, extra: Record<string, unknown> = {}) => {
    const error = save.fieldError(name);
    return (
      <Labelled id={id} label={fieldOf(name).label} optional={!fieldOf(name).required} error={error}>
        <TextField.Root
          id={id}
          name={name}
          defaultValue={initial(name)}
          maxLength={fieldOf(name).maxLength}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...extra}
        />
      </Labelled>
    );
  };

  const lineCell = (row: LineRow, index: number, name: CreditMemoLineFieldName) => {
    const entry = CREDIT_MEMO_LINE_FIELDS.find((field) => field.name === name)!;
    const error = save.fieldError(lineErrorKey(index, name));
    return (
      <td style={{ padding: 2, verticalAlign: "top" }}>
        <TextField.Root
          name={lineFormName(name)}
          aria-label={`${entry.label}, line ${index + 1}`}
          defaultValue={row.values[name] ?? ""}
          maxLength={entry.maxLength}
          inputMode={name === "amount" ? "decimal" : undefined}
          aria-invalid={error ? true : undefined}
          title={error ?? undefined}
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
    <DialogFormElement form={save} alsoPosts={[checkClaim, addLine]} noValidate aria-label="Credit memo">
      <DefaultSubmit />
      <Flex direction="column" gap="3">
        <Section title="Credit memo">
          {text("companyCode", ids.company, {
            inputMode: "numeric",
            maxLength: 5,
            onBlur: (event: { target: HTMLInputElement }) => {
              const value = event.target.value.trim();
              if (/^\d{1,4}$/.test(value)) event.target.value = value.padStart(5, "0");
            },
          })}
          <Labelled id={ids.claim} label={fieldOf("invoiceClaim").label} error={save.fieldError("invoiceClaim")}>
            <Flex gap="2" align="center">
              <Box flexGrow="1">
                <TextField.Root
                  id={ids.claim}
                  name="invoiceClaim"
                  defaultValue={initial("invoiceClaim")}
                  maxLength={fieldOf("invoiceClaim").maxLength}
                  aria-invalid={duplicate || save.fieldError("invoiceClaim") ? true : undefined}
                  onChange={(event) => setTypedClaim(event.target.value)}
                  onBlur={(event) => void runCheck(event.target.value)}
                />
              </Box>
              {hydrated ? null : (
                <Button type="submit" name="intent" value={CREDIT_MEMO_CHECK_INTENT} variant="soft">
                  Check
                </Button>
              )}
            </Flex>
            {duplicate ? (
              <Callout.Root color="red" role="alert" data-claim-check="duplicate">
                <Callout.Text>{CREDIT_MEMO_CREATE_MESSAGES.duplicate}</Callout.Text>
              </Callout.Root>
            ) : claimCheck ? (
              <Text size="1" color="green" role="status">
                {INVOICE_CLAIM_FREE}
              </Text>
            ) : null}
          </Labelled>
          <Labelled id={ids.date} label={fieldOf("creditMemoDate").label} error={save.fieldError("creditMemoDate")}>
            <TextField.Root
              id={ids.date}
              type="date"
              name="creditMemoDate"
              defaultValue={initial("creditMemoDate", data.today)}
            />
          </Labelled>
          <Labelled id={ids.type} label={fieldOf("creditMemoType").label} error={save.fieldError("creditMemoType")}>
            <select
              id={ids.type}
              name="creditMemoType"
              defaultValue={initial("creditMemoType", DEFAULT_CREDIT_MEMO_TYPE)}
              style={nativeControlStyle}
            >
              {CREDIT_MEMO_TYPES.map((type) => (
                <option key={type.value} value={type.value}>
                  {type.label}
                </option>
              ))}
            </select>
          </Labelled>
          {text("creditMemoSource", ids.source, { list: ids.sources })}
          <datalist id={ids.sources}>
            {CREDIT_MEMO_SOURCES.map((source) => (
              <option key={source} value={source} />
            ))}
          </datalist>
          <Labelled
            id={descriptionId}
            label={fieldOf("creditMemoDescription").label}
            error={save.fieldError("creditMemoDescription")}
            wide
          >
            <TextArea
              id={descriptionId}
              name="creditMemoDescription"
              rows={2}
              maxLength={fieldOf("creditMemoDescription").maxLength}
              defaultValue={initial("creditMemoDescription")}
              aria-invalid={save.fieldError("creditMemoDescription") ? true : undefined}
            />
          </Labelled>
          <Labelled
            id={notesId}
            label={fieldOf("creditMemoNotes").label}
            optional
            error={save.fieldError("creditMemoNotes")}
            wide
          >
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
                  <td style={{ padding: 2, verticalAlign: "top" }}>
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
                      <Button
                        type="submit"
                        name={REMOVE_LINE_FIELD}
                        value={String(index)}
                        variant="soft"
                        color="gray"
                        aria-label={`Remove line ${index + 1}`}
                        disabled={rows.length === 1}
                      >
                        Remove
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <FieldMessage message={save.fieldError("lines")} />
          <Box mt="2">
            {hydrated ? (
              <Button
                type="button"
                variant="soft"
                onClick={() => setRows((current) => [...current, ...rowsOf([blankLine()])])}
              >
                Add line
              </Button>
            ) : (
              <Button type="submit" name="intent" value={CREDIT_MEMO_ADD_LINE_INTENT} variant="soft">
                Add line
              </Button>
            )}
          </Box>
        </Box>
        <FormMessage message={message} />
        <Flex gap="2" justify="end">
          <Button type="submit" loading={save.busy} disabled={duplicate}>
            Create
          </Button>
        </Flex>
      </Flex>
    </DialogFormElement>
  );
}

// The Apply Credit Memo dialog (creditMemoApply; ADR 040) on the AR board: a company's approved credits,
// searched by company number (a GET form: the URL names the company, with or without JavaScript), and the
// applied lines (CM, invoice, applied date no older than 45 days, amount of at least 0.01 within the CM's
// credit, note), checked before sending with the server's own rules. A 404 or 406 answer asks whether to
// apply that invoice anyway: Apply Anyway posts the form again naming the line (InvoiceOverride 1); No
// leaves it. A 417 shows the server's message only.
import { Box, Button, Callout, Flex, Text, TextField } from "@radix-ui/themes";
import { useId, useState } from "react";
import { Form, useLocation } from "react-router";
import {
  APPLY_FORM_LINES,
  appliedFormName,
  appliedLineKey,
  applyBodyOfForm,
  type CREDIT_MEMO_APPLY_DIALOG,
  CREDIT_MEMO_APPLY_INTENT,
  creditRefusal,
  OVERRIDE_LINE_FIELD,
  overrideQuestion,
  overrideStatusOf,
  validateApply,
} from "~/rules/credit-memos/credit-memo-apply.ts";
import { CREDIT_MEMO_ERROR_MS } from "~/rules/credit-memos/credit-memo-create.ts";
import { decimalToCents, formatCents } from "~/rules/credit-memos/money.ts";
import { formFields } from "~/rules/dialogs/board-dialog.ts";
import { FormMessage } from "../form-message.tsx";
import { useHydrated } from "../app-dialog.tsx";
import { type BoardDialogProps, DialogFormElement, useDialogForm } from "./dialog-kit.tsx";
import { DefaultSubmit } from "./dialog-sections.tsx";
import { nativeControlStyle } from "./native-control.ts";

const cell = { padding: 2, verticalAlign: "top" } as const;

export default function CreditMemoApplyDialog({ data, actionData, readOnly }: BoardDialogProps<"creditMemoApply">) {
  const hydrated = useHydrated();
  const location = useLocation();
  const searchId = useId();
  const credits = data.credits;
  const available = new Map((credits?.CMList ?? []).map((cm) => [cm.CMID, decimalToCents(cm.AvailableCredit) ?? 0]));
  const form = useDialogForm<typeof CREDIT_MEMO_APPLY_DIALOG>(CREDIT_MEMO_APPLY_INTENT, {
    actionData,
    messageMs: CREDIT_MEMO_ERROR_MS,
    check: (sent) => {
      const validation = validateApply(applyBodyOfForm(formFields(sent)), data.today);
      if (!validation.ok) return { message: validation.message, fieldErrors: validation.fieldErrors };
      return creditRefusal(validation.apply.lines, available);
    },
  });
  const submitted = (field: Parameters<typeof appliedFormName>[0], index: number): string | undefined => {
    const value = form.answer?.values[appliedFormName(field)];
    return Array.isArray(value) ? value[index] : index === 0 ? value : undefined;
  };
  const submittedCount = (() => {
    const value = form.answer?.values[appliedFormName("CMID")];
    return Array.isArray(value) ? value.length : value === undefined ? 0 : 1;
  })();
  const [rows, setRows] = useState(() => Math.max(APPLY_FORM_LINES, submittedCount));
  // The override question of the last refusal, and the line it is about; No dismisses it.
  const [dismissed, setDismissed] = useState<unknown>(null);
  const status = overrideStatusOf(form.message);
  const question = status && form.answer !== dismissed ? overrideQuestion(status, form.message!) : null;
  const overrideLine = (() => {
    const errors = form.answer?.fieldErrors ?? {};
    const key = Object.keys(errors).find((name) => /^lines\.\d+\.Invoice$/.test(name));
    return key ? Number(key.split(".")[1]) : null;
  })();

  if (readOnly || !data.mayApply) {
    return (
      <Callout.Root color="amber" role="status">
        <Callout.Text>
          {readOnly ? "This board is read only." : "You do not have permission to apply credit memos."}
        </Callout.Text>
      </Callout.Root>
    );
  }

  const view = new URLSearchParams(location.search);
  const searchForm = (
    <Form method="get" action={location.pathname} aria-label="Find company credits">
      <input type="hidden" name="modal" value="creditMemoApply" />
      {view.get("filter") ? <input type="hidden" name="filter" value={view.get("filter")!} /> : null}
      <Flex gap="2" align="end">
        <Flex direction="column" gap="1">
          <label htmlFor={searchId}>
            <Text size="2" weight="medium">
              Company Number
            </Text>
          </label>
          <TextField.Root
            id={searchId}
            name="companyCode"
            defaultValue={data.companyCode}
            inputMode="numeric"
            maxLength={5}
          />
        </Flex>
        <Button type="submit" variant="soft">
          Search
        </Button>
      </Flex>
    </Form>
  );

  if (!credits) {
    return (
      <Flex direction="column" gap="3">
        {searchForm}
        <FormMessage message={data.searchError} />
      </Flex>
    );
  }

  const input = (index: number, field: "Invoice" | "AppliedAmount" | "AppliedNote", label: string) => {
    const error = form.fieldError(appliedLineKey(index, field));
    return (
      <td style={cell}>
        <TextField.Root
          name={appliedFormName(field)}
          aria-label={`${label}, line ${index + 1}`}
          defaultValue={submitted(field, index) ?? ""}
          inputMode={field === "AppliedAmount" ? "decimal" : undefined}
          maxLength={field === "AppliedNote" ? 500 : 40}
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
    <Flex direction="column" gap="3">
      {searchForm}
      <Box data-company-credits="">
        <Text as="p" size="3" weight="bold">
          {credits.CompanyName}
        </Text>
        <Text as="p" size="2" color="gray">
          {[
            credits.CompanyContact,
            credits.CompanyStreet,
            credits.CompanyCity,
            credits.CompanyState,
            credits.CompanyZip,
          ]
            .filter(Boolean)
            .join(", ")}
        </Text>
        <Text as="p" size="2">
          Total credit: <span data-total-credit="">{formatCents(decimalToCents(credits.AvailableCredit) ?? 0)}</span>
        </Text>
        <Text as="p" size="2">
          Invoices: {credits.Invoices}
        </Text>
      </Box>
      <DialogFormElement form={form} noValidate aria-label="Apply credit">
        <DefaultSubmit />
        <input type="hidden" name="CompanyCode" value={data.companyCode} />
        <table style={{ width: "100%", borderCollapse: "collapse" }} aria-label="Applied lines">
          <thead>
            <tr>
              {["CM", "Invoice", "Applied Date", "Amount", "Note"].map((label) => (
                <th key={label} style={{ textAlign: "left", fontSize: 12, padding: 2 }}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: rows }, (_, index) => (
              <tr key={index} data-applied-line={index}>
                <td style={cell}>
                  <select
                    name={appliedFormName("CMID")}
                    aria-label={`CM, line ${index + 1}`}
                    defaultValue={
                      submitted("CMID", index) ??
                      (index === 0 && data.creditMemoId && available.has(data.creditMemoId)
                        ? String(data.creditMemoId)
                        : "")
                    }
                    style={nativeControlStyle}
                  >
                    <option value="">Choose</option>
                    {credits.CMList.map((cm) => (
                      <option key={cm.CMID} value={cm.CMID}>
                        {`CM # ${cm.CMID} - ${formatCents(decimalToCents(cm.AvailableCredit) ?? 0)}`}
                      </option>
                    ))}
                  </select>
                  <input
                    type="hidden"
                    name={appliedFormName("InvoiceOverride")}
                    value={
                      submitted("InvoiceOverride", index) === "1" ||
                      form.answer?.values[OVERRIDE_LINE_FIELD] === String(index)
                        ? "1"
                        : "0"
                    }
                  />
                </td>
                {input(index, "Invoice", "Invoice")}
                <td style={cell}>
                  <TextField.Root
                    type="date"
                    name={appliedFormName("AppliedDate")}
                    aria-label={`Applied Date, line ${index + 1}`}
                    min={data.earliest}
                    max={data.today}
                    defaultValue={submitted("AppliedDate", index) ?? data.today}
                  />
                  {form.fieldError(appliedLineKey(index, "AppliedDate")) ? (
                    <Text size="1" color="red" as="div">
                      {form.fieldError(appliedLineKey(index, "AppliedDate"))}
                    </Text>
                  ) : null}
                </td>
                {input(index, "AppliedAmount", "Amount")}
                {input(index, "AppliedNote", "Note")}
              </tr>
            ))}
          </tbody>
        </table>
        {hydrated ? (
          <Box mt="2">
            <Button type="button" variant="soft" onClick={() => setRows((count) => count + 1)}>
              Add line
            </Button>
          </Box>
        ) : null}
        {question ? (
          <Callout.Root color="amber" role="alert" mt="3" data-override-question="">
            <Flex direction="column" gap="2">
              <Callout.Text>{question}</Callout.Text>
              <Flex gap="2">
                <Button type="submit" name={OVERRIDE_LINE_FIELD} value={String(overrideLine ?? 0)} color="amber">
                  Apply Anyway
                </Button>
                {hydrated ? (
                  <Button type="button" variant="soft" color="gray" onClick={() => setDismissed(form.answer)}>
                    No
                  </Button>
                ) : (
                  <Button asChild variant="soft" color="gray">
                    <a href={`${location.pathname}${location.search}`}>No</a>
                  </Button>
                )}
              </Flex>
            </Flex>
          </Callout.Root>
        ) : (
          <Box mt="3">
            <FormMessage message={form.message} />
          </Box>
        )}
        <Flex gap="2" justify="end" mt="3">
          <Button type="submit" loading={form.busy}>
            Apply
          </Button>
        </Flex>
      </DialogFormElement>
    </Flex>
  );
}

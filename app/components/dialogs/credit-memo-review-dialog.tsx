// The memo dialog (creditMemoEdit without an action, 'Credit Memo - Don't Edit'; ADR 040) on the AR board's
// memo cards: the memo read-only with its lines, applications, exact sums and history, and the actions the
// reader may take: Approve (credit-memo-approve) a pending memo, Void (credit-memo-edit-void, with a reason)
// a memo without applications. Two forms through the dialog kit; both work without JavaScript.
import { Badge, Box, Button, Callout, Flex, Text, TextArea } from "@radix-ui/themes";
import { type ReactNode, useId } from "react";
import { Link, useLocation } from "react-router";
import { CREDIT_MEMO_SUCCESS_MS, CREDIT_MEMO_ERROR_MS } from "~/rules/credit-memos/credit-memo-create.ts";
import {
  CREDIT_MEMO_APPROVE_INTENT,
  type CREDIT_MEMO_REVIEW_DIALOG,
  CREDIT_MEMO_VOID_INTENT,
  readVoidReason,
  VOID_REASON_MAX_LENGTH,
} from "~/rules/credit-memos/credit-memo-review.ts";
import { FormMessage, FieldMessage } from "../form-message.tsx";
import { type BoardDialogProps, DialogFormElement, newestForm, useDialogForm, useTimedMessage } from "./dialog-kit.tsx";
import { OrderHistory } from "./order-history.tsx";
import { AppliedEditForm, CreditMemoEditForm } from "./credit-memo-edit-forms.tsx";

const STATUS_LABELS = { PENDING: "Pending approval", APPROVED: "Approved", VOID: "Void" } as const;
const STATUS_COLORS = { PENDING: "orange", APPROVED: "green", VOID: "gray" } as const;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex direction="column">
      <Text size="1" color="gray">
        {label}
      </Text>
      <Text size="2">{children}</Text>
    </Flex>
  );
}

const cell = { padding: "2px 6px", fontSize: 13, textAlign: "left" } as const;

export default function CreditMemoReviewDialog({ data, actionData, readOnly }: BoardDialogProps<"creditMemoEdit">) {
  const { memo } = data;
  const reasonId = useId();
  const approve = useDialogForm<typeof CREDIT_MEMO_REVIEW_DIALOG>(CREDIT_MEMO_APPROVE_INTENT, {
    actionData,
    messageMs: CREDIT_MEMO_ERROR_MS,
  });
  const voiding = useDialogForm<typeof CREDIT_MEMO_REVIEW_DIALOG>(CREDIT_MEMO_VOID_INTENT, {
    actionData,
    messageMs: CREDIT_MEMO_ERROR_MS,
    check: (form) => {
      const reason = readVoidReason(form.get("reason"));
      return reason.ok ? null : { message: reason.message, fieldErrors: { reason: [reason.message] } };
    },
  });
  const form = newestForm([approve, voiding]);
  const notice = useTimedMessage(data.notice, CREDIT_MEMO_SUCCESS_MS);
  const reasonError = voiding.fieldError("reason");
  const canApprove = !readOnly && data.mayApprove && data.approveBlock === null;
  const canVoid = !readOnly && data.mayVoid && data.voidBlock === null;
  const location = useLocation();
  // The edit actions are the same dialog with action Create or Apply in the URL.
  const actionHref = (action: "Create" | "Apply" | null) => {
    const next = new URLSearchParams(location.search);
    next.delete("notice");
    if (action) next.set("action", action);
    else next.delete("action");
    return `${location.pathname}?${next.toString()}`;
  };
  const canEdit = !readOnly && data.mayEdit && memo.status !== "VOID";
  const canEditApplied = canEdit && memo.status === "APPROVED" && memo.applications.length > 0;

  return (
    <Flex direction="column" gap="3" data-credit-memo={memo.id}>
      <FormMessage message={notice} tone="success" />
      <Flex gap="2" align="center" wrap="wrap">
        <Text size="3" weight="bold">
          CM {memo.id} · {memo.companyCode} {memo.companyName}
        </Text>
        <Badge color={STATUS_COLORS[memo.status]} data-memo-status={memo.status}>
          {STATUS_LABELS[memo.status]}
        </Badge>
      </Flex>
      {data.editRefused ? (
        <Callout.Root color="amber" role="status">
          <Callout.Text>{data.editRefused}</Callout.Text>
        </Callout.Root>
      ) : null}
      {data.edit && !readOnly ? (
        <>
          {data.edit.action === "Create" ? (
            <CreditMemoEditForm memoId={memo.id} version={memo.version} edit={data.edit} actionData={actionData} />
          ) : (
            <AppliedEditForm memoId={memo.id} version={memo.version} edit={data.edit} actionData={actionData} />
          )}
          <Box>
            <Link to={actionHref(null)} preventScrollReset>
              Back to the credit memo
            </Link>
          </Box>
        </>
      ) : (
        memoView()
      )}
      <OrderHistory entries={data.history} />
    </Flex>
  );

  function memoView() {
    return (
      <>
        <Box style={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(150px, 1fr))", gap: 8 }}>
          <Fact label="Invoice/Claim #">{memo.invoiceClaim}</Fact>
          <Fact label="Date">{memo.memoDate}</Fact>
          <Fact label="Type">{memo.memoType}</Fact>
          <Fact label="Source">{memo.source}</Fact>
          <Fact label="Total">
            <span data-memo-total="">{memo.total}</span>
          </Fact>
          <Fact label="Applied">{memo.applied}</Fact>
          <Fact label="Available credit">
            <span data-available-credit="">{memo.available}</span>
          </Fact>
          <Fact label="Created by">{memo.createdBy ?? "—"}</Fact>
          {memo.approvedBy ? <Fact label="Approved by">{memo.approvedBy}</Fact> : null}
        </Box>
        <Fact label="Description">{memo.description}</Fact>
        {memo.notes ? <Fact label="Notes">{memo.notes}</Fact> : null}
        <Box>
          <Text as="p" size="2" weight="bold">
            Lines
          </Text>
          <table style={{ width: "100%", borderCollapse: "collapse" }} aria-label="Lines">
            <thead>
              <tr>
                <th style={cell}>Related Invoice</th>
                <th style={cell}>Unit Number</th>
                <th style={cell}>Amount</th>
                <th style={cell}>PO</th>
                <th style={cell}>Note</th>
              </tr>
            </thead>
            <tbody>
              {memo.lines.map((line, index) => (
                <tr key={index}>
                  <td style={cell}>{line.relatedInvoice}</td>
                  <td style={cell}>{line.unitNumber}</td>
                  <td style={cell}>{line.amount}</td>
                  <td style={cell}>{line.po ?? ""}</td>
                  <td style={cell}>{line.note}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Box>
        {memo.applications.length > 0 ? (
          <Box>
            <Text as="p" size="2" weight="bold">
              Applications
            </Text>
            <table style={{ width: "100%", borderCollapse: "collapse" }} aria-label="Applications">
              <thead>
                <tr>
                  <th style={cell}>Invoice</th>
                  <th style={cell}>Applied Date</th>
                  <th style={cell}>Amount</th>
                  <th style={cell}>Note</th>
                </tr>
              </thead>
              <tbody>
                {memo.applications.map((application, index) => (
                  <tr key={index}>
                    <td style={cell}>
                      {application.invoiceNumber}
                      {application.override ? " (override)" : ""}
                    </td>
                    <td style={cell}>{application.appliedDate}</td>
                    <td style={cell}>{application.amount}</td>
                    <td style={cell}>{application.note}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Box>
        ) : null}
        {canApprove ? (
          <DialogFormElement form={approve} aria-label="Approve credit memo">
            <Flex gap="2" align="center">
              <Button type="submit" color="green" loading={approve.busy}>
                Approve
              </Button>
              <Text size="1" color="gray">
                Its {memo.total} becomes credit to apply.
              </Text>
            </Flex>
          </DialogFormElement>
        ) : !readOnly && data.mayApprove && memo.status === "PENDING" && data.approveBlock ? (
          <Text as="p" size="2" color="gray" data-approve-block>
            {data.approveBlock}
          </Text>
        ) : null}
        {canVoid ? (
          <DialogFormElement form={voiding} noValidate aria-label="Void credit memo">
            <Flex direction="column" gap="1">
              <label htmlFor={reasonId}>
                <Text size="2" weight="medium">
                  Reason for voiding
                </Text>
              </label>
              <TextArea
                id={reasonId}
                name="reason"
                rows={2}
                maxLength={VOID_REASON_MAX_LENGTH}
                defaultValue={voiding.value("reason") ?? ""}
                aria-invalid={reasonError ? true : undefined}
              />
              <FieldMessage message={reasonError} />
              <Box>
                <Button type="submit" color="red" variant="soft" loading={voiding.busy}>
                  Void Credit Memo
                </Button>
              </Box>
            </Flex>
          </DialogFormElement>
        ) : null}
        {!readOnly && data.mayVoid && data.voidBlock && memo.status !== "VOID" ? (
          <Callout.Root color="gray" role="status">
            <Callout.Text>{data.voidBlock}</Callout.Text>
          </Callout.Root>
        ) : null}
        {canEdit || canEditApplied ? (
          <Flex gap="3" wrap="wrap">
            {canEdit ? (
              <Button asChild variant="soft">
                <Link to={actionHref("Create")} preventScrollReset>
                  Edit Credit Memo
                </Link>
              </Button>
            ) : null}
            {canEditApplied ? (
              <Button asChild variant="soft">
                <Link to={actionHref("Apply")} preventScrollReset>
                  Edit Applied Credit
                </Link>
              </Button>
            ) : null}
          </Flex>
        ) : null}
        <FormMessage message={form.message} />
      </>
    );
  }
}

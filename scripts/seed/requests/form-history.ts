// A request's FormHistory row and what happens to it as a whole: approval, priority, a confirmed prepay
// and cancellation (with the cancellation note), each with its audit entry, and the request's last
// activity, which later parts move on as they add jobs, edits and returns.
import type { Row } from "../bulk-insert.ts";
import { dateText, MS_PER_DAY, timestampText } from "../clock.ts";
import type { FormInfo } from "../context.ts";
import { CANCELLATION_NOTES, OTHER_PRIORITY_TEXTS, PRIORITY_REASONS } from "../reference-data.ts";
import type { Kind, RequestSeed, SplitInfo, Template } from "./shared.ts";
import { publicFormReference } from "../../../app/rules/public-forms/public-form-reference.ts";

/** Browsers customers send the public forms from (mostly phones). */
const PUBLIC_FORM_BROWSERS = [
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 15; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36",
] as const;

/** The FormHistory row, with approval, priority, prepay, cancellation and their audit entries. */
export function addFormHistory(
  seed: RequestSeed,
  kind: Kind,
  t: Template,
  split: SplitInfo | null,
  submittedAt: number,
  options: { canCancel: boolean },
): FormInfo & { cancelledById: number | null } {
  const id = seed.ctx.nextId("FormHistory");
  const { stage } = t;
  const board = kind === "OFF_RENT" ? "Off Rent" : "On Rent";
  const approvedAt = stage >= 1 ? seed.between(submittedAt + 0.05 * MS_PER_DAY, submittedAt + 1.5 * MS_PER_DAY) : null;
  const approvedById = approvedAt === null ? null : seed.staffId(board);
  let lastActivityAt = approvedAt ?? submittedAt;

  const cancelled = options.canCancel && stage <= 1 && split === null && seed.random.chance(0.07);
  const cancelledAt = cancelled
    ? seed.between(lastActivityAt + 0.1 * MS_PER_DAY, lastActivityAt + 3 * MS_PER_DAY)
    : null;
  const cancelledById = cancelled ? seed.staffId(board) : null;
  if (cancelledAt !== null) lastActivityAt = cancelledAt;

  let priorityReason: string | null = null;
  let priorityDeadline: string | null = null;
  let prioritySetAt: number | null = null;
  if (kind !== "OFF_RENT" && stage <= 2 && !cancelled && seed.random.chance(0.16)) {
    priorityReason = seed.random.chance(0.2)
      ? seed.random.pick(OTHER_PRIORITY_TEXTS)
      : seed.random.pick(PRIORITY_REASONS);
    if (seed.random.chance(0.5)) priorityDeadline = dateText(seed.clock.daysAhead(seed.random.int(-2, 14)));
    prioritySetAt = seed.between(submittedAt + 0.02 * MS_PER_DAY, submittedAt + 2 * MS_PER_DAY);
    lastActivityAt = Math.max(lastActivityAt, prioritySetAt);
    seed.audit(
      "FormHistory",
      id,
      id,
      "set-priority",
      { "Priority Reason": ["", priorityReason] },
      seed.staffId(board),
      prioritySetAt,
    );
  }
  const confirmedPrepay = kind === "ORDER" && stage <= 2 && !cancelled && seed.random.chance(0.1);
  if (confirmedPrepay) {
    seed.audit(
      "FormHistory",
      id,
      id,
      "confirm-prepay",
      { "Confirmed Prepay": ["0", "1"] },
      seed.staffId("Accounts Receivable"),
      seed.between(submittedAt, submittedAt + MS_PER_DAY),
    );
  }

  // A request a customer sent through a public form carries that form's audit entry with its origin, as
  // the forms write it: the reference number, the sender's address and browser.
  if (t.source === "PUBLIC_FORM" && !(split && split.number > 1)) {
    const form = kind === "ORDER" ? "order" : kind === "TRADE" ? "trade" : "offRent";
    const origin = {
      Reference: ["", publicFormReference(form, id)],
      // From the id, not the seed's random source: drawing from it would change every request after this one.
      Address: ["", `203.0.113.${(id % 254) + 1}`],
      Browser: ["", PUBLIC_FORM_BROWSERS[id % PUBLIC_FORM_BROWSERS.length]!],
    } satisfies Record<string, [string, string]>;
    seed.audit("FormHistory", id, id, `public-${form}-form`, origin, null, submittedAt);
  }
  // Approval is recorded on the FormHistory (approvedAt, approvedById).
  const stageField = kind === "OFF_RENT" ? "Offboarding Status" : "Onboarding Status";
  if (approvedAt !== null)
    seed.audit("FormHistory", id, id, "approve", { [stageField]: ["0", "1"] }, approvedById, approvedAt);
  if (cancelledAt !== null) {
    seed.audit("FormHistory", id, id, "cancel", { Cancelled: ["No", "Yes"] }, cancelledById, cancelledAt);
    seed.ctx.add("Note", {
      id: seed.ctx.nextId("Note"),
      formHistoryId: id,
      unitId: null,
      unitNumber: null,
      noteType: kind === "OFF_RENT" ? "offboarding" : "onboarding",
      subject: seed.random.pick(CANCELLATION_NOTES),
      authorId: cancelledById!,
      createdAt: timestampText(cancelledAt),
      cancelled: false,
      cancelledAt: null,
      cancelledById: null,
    });
  }

  const row: Row = {
    id,
    kind,
    source: split && split.number > 1 ? "SPLIT" : t.source,
    companyId: t.company.id,
    submitteeName: t.submittee,
    submittedAt: timestampText(submittedAt),
    priorityReason,
    priorityDeadline,
    prioritySetAt: prioritySetAt === null ? null : timestampText(prioritySetAt),
    confirmedPrepay,
    approvedAt: approvedAt === null ? null : timestampText(approvedAt),
    approvedById,
    cancelledAt: cancelledAt === null ? null : timestampText(cancelledAt),
    cancelledById,
    splitFromId: split?.fromId ?? null,
    splitNumber: split?.number ?? null,
    createdAt: timestampText(submittedAt),
    // Moved on by touch() as the request's later activity is generated.
    updatedAt: timestampText(lastActivityAt),
  };
  seed.ctx.add("FormHistory", row);
  seed.formRows.set(id, row);
  const info: FormInfo = {
    id,
    kind,
    stage,
    companyId: t.company.id,
    submittedAt,
    approvedAt,
    cancelledAt,
    board: kind === "OFF_RENT" ? "offboarding" : "onboarding",
    lastActivityAt,
  };
  seed.ctx.forms.push(info);
  return { ...info, cancelledById };
}

export function touchRequest(seed: RequestSeed, form: FormInfo, at: number): void {
  if (at <= form.lastActivityAt) return;
  form.lastActivityAt = at;
  const row = seed.formRows.get(form.id);
  if (row) row.updatedAt = timestampText(at);
}

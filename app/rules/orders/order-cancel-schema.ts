// PUT /api/order/cancel's body schema and the cancellation dialog's definition (ADR 013): zod lives
// here, apart from order-cancel.ts, which the dialog's component imports, so the browser never loads it.
import { z } from "zod";
import { defineBoardDialog } from "../dialogs/board-dialog.ts";
import { idSchema } from "../id-schema.ts";
import {
  CANCEL_NOTE_MAX_LENGTH,
  CANCEL_NOTE_REQUIRED_MESSAGE,
  type CancelDepartment,
  normalizeCancelNote,
  ORDER_CANCEL_INTENT,
  ORDER_CANCEL_MESSAGES,
  type OrderCancelDialogData,
} from "./order-cancel.ts";

const DEPARTMENTS: Readonly<Record<string, CancelDepartment>> = {
  onboarding: "Onboarding",
  offboarding: "Offboarding",
};

const positiveId = idSchema;

const stage = z
  .number({ error: ORDER_CANCEL_MESSAGES.status })
  .int({ error: ORDER_CANCEL_MESSAGES.status })
  .min(0, { error: ORDER_CANCEL_MESSAGES.status })
  .max(3, { error: ORDER_CANCEL_MESSAGES.status });

/**
 * PUT /api/order/cancel and the dialog's form. note, FormHistoryID and department are what the
 * server acts on; the order's view the client sends along (statuses, company, trucks) is checked for its
 * shape only, since the server reads the request itself. `version` (ours, optional for the spec's
 * clients) is the version of the order the dialog was opened on: an older one is refused with a 409.
 */
export const orderCancelSchema = z.object({
  note: z
    .string({ error: CANCEL_NOTE_REQUIRED_MESSAGE })
    .transform(normalizeCancelNote)
    .pipe(
      z
        .string()
        .min(1, { error: CANCEL_NOTE_REQUIRED_MESSAGE })
        .max(CANCEL_NOTE_MAX_LENGTH, { error: CANCEL_NOTE_REQUIRED_MESSAGE }),
    ),
  FormHistoryID: positiveId(ORDER_CANCEL_MESSAGES.chooseOrder),
  department: z.string({ error: ORDER_CANCEL_MESSAGES.department }).transform((value, context) => {
    const department = DEPARTMENTS[value.trim().toLowerCase()];
    if (department) return department;
    context.addIssue({ code: "custom", message: ORDER_CANCEL_MESSAGES.department });
    return z.NEVER;
  }),
  offboardingStatus: stage.nullish(),
  onboardingStatus: stage.nullish(),
  CompanyName: z
    .string({ error: ORDER_CANCEL_MESSAGES.companyName })
    .max(120, { error: ORDER_CANCEL_MESSAGES.companyName })
    .nullish(),
  CompanyNumber: z
    .union([z.string().max(16), z.number().int().min(0).max(99_999)], { error: ORDER_CANCEL_MESSAGES.companyNumber })
    .nullish(),
  Trucks: z
    .string({ error: ORDER_CANCEL_MESSAGES.trucks })
    .max(20_000, { error: ORDER_CANCEL_MESSAGES.trucks })
    .nullish(),
  version: positiveId(ORDER_CANCEL_MESSAGES.version).nullish(),
});
export type OrderCancelBody = z.input<typeof orderCancelSchema>;
export type OrderCancelInput = z.output<typeof orderCancelSchema>;

/** The noteOnboarding dialog: cancelling checks who may cancel which kind of request. */
export const ORDER_CANCEL_DIALOG = defineBoardDialog<OrderCancelDialogData>()({
  name: "noteOnboarding",
  feature: null,
  intents: {
    [ORDER_CANCEL_INTENT]: z.object({
      note: z.string().optional(),
      FormHistoryID: z.string().optional(),
      department: z.string().optional(),
      version: z.string().optional(),
    }),
  },
});

// The unit test of an off-rent's returning units (the edit dialog's "Test units" and POST
// /api/truck/vin-test; ADR 015): whether each unit number names a fleet unit that may be returned on this
// order. The save of the edit dialog runs the same check again (off-rent-edit.server.ts), so a client's
// test is never trusted.
import type { Db } from "~/modules/platform/services.server.ts";
import { mayEditTradeOnOrder } from "../../rules/orders/trade-on-edit.ts";
import {
  isPlaceholderUnit,
  isUnitNumber,
  mayEditOffRent,
  normalizeUnitNumber,
} from "../../rules/orders/off-rent-edit/fields.ts";
import { OFF_RENT_EDIT_MESSAGES } from "../../rules/orders/off-rent-edit/messages.ts";
import { vinTestSchema } from "../../rules/orders/off-rent-edit/schema.ts";
import type { OperationRefusal } from "../../rules/dialogs/operation-result.ts";
import { AT_CUSTOMER_UNIT_STATUS_IDS, OFFBOARDING_STAGE } from "../../rules/orders/order-stages.ts";
import { type OperationActor, parseInput, refuse } from "../operations/operation.server.ts";

/** The status a unit has while the customer has it (the only one it can be returned from). */
export const RETURNABLE_UNIT_STATUS = "ON RENT";

/**
 * The fleet unit (id) behind each unit number that may be returned on request `formHistoryId` by company
 * `companyId`, or null. A unit may be returned when it exists and either is already a line of this request,
 * or is ON RENT to that company and not still at the customer on another active request (an off-rent or a
 * trade's return that is not cancelled). Unit numbers are compared upper-case; placeholders are never units.
 */
export async function returnableUnits(
  db: Pick<Db, "unit" | "returningUnit">,
  request: { formHistoryId: number; companyId: number },
  unitNumbers: readonly string[],
): Promise<Map<string, { unitId: number } | null>> {
  const wanted = [...new Set(unitNumbers.map(normalizeUnitNumber))];
  const answers = new Map<string, { unitId: number } | null>(wanted.map((vin) => [vin, null]));
  const candidates = wanted.filter((vin) => isUnitNumber(vin) && !isPlaceholderUnit(vin));
  if (candidates.length === 0) return answers;

  const units = await db.unit.findMany({
    where: { unitNumber: { in: candidates } },
    select: { id: true, unitNumber: true, companyId: true, status: { select: { name: true } } },
  });
  if (units.length === 0) return answers;
  const unitIds = units.map((unit) => unit.id);
  const lines = await db.returningUnit.findMany({
    where: {
      unitId: { in: unitIds },
      OR: [
        { formHistoryId: request.formHistoryId },
        {
          statusId: { in: [...AT_CUSTOMER_UNIT_STATUS_IDS] },
          formHistory: { cancelledAt: null },
          offRentForm: { offboardingStatus: { lt: OFFBOARDING_STAGE.returned } },
        },
      ],
    },
    select: { unitId: true, formHistoryId: true },
  });
  const onThisRequest = new Set(
    lines.filter((line) => line.formHistoryId === request.formHistoryId).map((line) => line.unitId),
  );
  const returningElsewhere = new Set(
    lines.filter((line) => line.formHistoryId !== request.formHistoryId).map((line) => line.unitId),
  );
  for (const unit of units) {
    const mayReturn =
      onThisRequest.has(unit.id) ||
      (unit.status.name === RETURNABLE_UNIT_STATUS &&
        unit.companyId === request.companyId &&
        !returningElsewhere.has(unit.id));
    if (mayReturn) answers.set(unit.unitNumber, { unitId: unit.id });
  }
  return answers;
}

export type VinTestResult = { ok: true; results: Record<string, boolean> } | OperationRefusal;

/**
 * POST /api/truck/vin-test {vins, FormHistoryID, compCode?}: unit number (upper-case) → valid. The order
 * must be an off-rent or a trade's return; compCode (optional) tests against the customer a changed
 * company code names, else the order's own customer.
 */
export async function testReturningUnits(db: Db, actor: OperationActor, input: unknown): Promise<VinTestResult> {
  const parsed = parseInput(vinTestSchema, input);
  if (!parsed.ok) return parsed.refusal;
  // The return half's editors test its units: the Off Rent team, and for a trade also whoever edits the
  // trade's on-rent half (whose dialog lists the returning units too). Checked before the lookup; a trade
  // editor asking about a plain off-rent is answered as if it did not exist.
  const offRentEditor = mayEditOffRent(actor.permissions);
  const tradeEditor = mayEditTradeOnOrder(actor.permissions);
  if (!offRentEditor && !tradeEditor) return refuse(403, OFF_RENT_EDIT_MESSAGES.forbidden);
  const { vins, FormHistoryID: formHistoryId, compCode } = parsed.data;

  const form = await db.formHistory.findUnique({
    where: { id: formHistoryId },
    select: {
      id: true,
      kind: true,
      companyId: true,
      company: { select: { code: true } },
      offRentForm: { select: { id: true } },
    },
  });
  if (!form || !form.offRentForm) return refuse(404, OFF_RENT_EDIT_MESSAGES.notFound);
  if (!offRentEditor && form.kind !== "TRADE") return refuse(404, OFF_RENT_EDIT_MESSAGES.notFound);
  let companyId = form.companyId;
  if (compCode !== undefined && compCode !== form.company.code) {
    const company = await db.company.findUnique({ where: { code: compCode }, select: { id: true } });
    if (!company) {
      return {
        ok: false,
        status: 400,
        message: OFF_RENT_EDIT_MESSAGES.unknownCompany,
        fieldErrors: { compCode: [OFF_RENT_EDIT_MESSAGES.unknownCompany] },
      };
    }
    companyId = company.id;
  }
  const answers = await returnableUnits(db, { formHistoryId: form.id, companyId }, vins);
  const results: Record<string, boolean> = Object.fromEntries(
    vins.map((vin) => normalizeUnitNumber(vin)).map((vin) => [vin, answers.get(vin) != null]),
  );
  return { ok: true, results };
}

// Storing what the public order, trade and off-rent forms accept (ADR 047): each submission becomes the
// request the boards list (FormHistory of source PUBLIC_FORM, stage 0 "Submitted", awaiting approval) in
// one transaction with its audit row and origin. A company code that names a customer links the request
// to it; any other code is kept as typed on the order and the request goes to the review customer
// (DEFAULT_COMPANY_CODE), so the answer is the same whether a code exists or not. Each transaction first
// claims the submission's ticket: a ticket used already stores nothing (null).
import { recordOdometerReadings } from "~/modules/fleet/odometer-readings.server.ts";
import type { Db } from "~/modules/platform/services.server.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import type { CardListName } from "~/rules/boards/boards.ts";
import type { EditFieldValue } from "~/rules/edit-fields.ts";
import { TRUCK_TYPES } from "~/rules/fleet/truck-types.ts";
import { RETURNING_UNIT_STATUS } from "~/rules/orders/order-stages.ts";
import type { PublicOffRent } from "~/rules/public-forms/off-rent-form-schema.ts";
import type { PublicOrder } from "~/rules/public-forms/order-form.ts";
import type { PublicFormName } from "~/rules/public-forms/public-form-guard.ts";
import { publicFormReference, REVIEW_COMPANY } from "~/rules/public-forms/public-form-reference.ts";
import type { PublicTrade } from "~/rules/public-forms/trade-form.ts";
import {
  type AcceptedSubmission,
  auditPublicSubmission,
  claimPublicFormTicket,
  type SubmissionOrigin,
} from "./public-form-guard.server.ts";

type Tx = Prisma.TransactionClient;

export { REVIEW_COMPANY };

export interface StoredPublicRequest {
  formHistoryId: number;
  reference: string;
  /** The boards whose lists now hold the new card. */
  lists: CardListName[];
}

/** The customer of a code, or the review customer (created the first time one is needed). */
async function companyIdFor(tx: Tx, code: string): Promise<number> {
  const known = await tx.company.findUnique({ where: { code }, select: { id: true } });
  if (known) return known.id;
  // INSERT … ON CONFLICT DO NOTHING: two first submissions at once must not both try to create it (an
  // upsert reads, then inserts, and the second insert would fail on the unique code).
  await tx.company.createMany({
    data: [{ code: REVIEW_COMPANY.code, name: REVIEW_COMPANY.name }],
    skipDuplicates: true,
  });
  const review = await tx.company.findUniqueOrThrow({ where: { code: REVIEW_COMPANY.code }, select: { id: true } });
  return review.id;
}

const text = (value: EditFieldValue | undefined): string => (typeof value === "string" ? value : "");
const optional = (value: EditFieldValue | undefined): string | null =>
  typeof value === "string" && value !== "" ? value : null;
const count = (value: EditFieldValue | undefined): number => (typeof value === "number" ? value : 0);
const dateOf = (value: EditFieldValue | undefined) => new Date(`${text(value)}T00:00:00Z`);

async function finish(
  tx: Tx,
  form: PublicFormName,
  formHistoryId: number,
  origin: SubmissionOrigin,
  lists: CardListName[],
): Promise<StoredPublicRequest> {
  const reference = publicFormReference(form, formHistoryId);
  await auditPublicSubmission(tx, { form, reference, recordId: formHistoryId, origin });
  return { formHistoryId, reference, lists };
}

/** Units the customer named that are fleet units: their lines link to them (nothing is told back). */
async function unitsOf(
  tx: Tx,
  unitNumbers: readonly string[],
): Promise<Map<string, { id: number; companyId: number | null }>> {
  const units = await tx.unit.findMany({
    where: { unitNumber: { in: [...unitNumbers] } },
    select: { id: true, unitNumber: true, companyId: true },
  });
  return new Map(units.map((unit) => [unit.unitNumber, { id: unit.id, companyId: unit.companyId }]));
}

/** An order from /order-form: on the onboarding board, Submitted. */
export async function storePublicOrder(
  db: Db,
  order: PublicOrder,
  submission: AcceptedSubmission,
): Promise<StoredPublicRequest | null> {
  const f = order.fields;
  return db.$transaction(async (tx) => {
    if (!(await claimPublicFormTicket(tx, submission.ticketNonce))) return null;
    const companyId = await companyIdFor(tx, text(f.CompanyNumber));
    const history = await tx.formHistory.create({
      data: { kind: "ORDER", source: "PUBLIC_FORM", companyId, submitteeName: text(f.SubmitteeName) },
      select: { id: true },
    });
    await tx.orderForm.create({
      data: {
        formHistoryId: history.id,
        corporateName: text(f.CorporateName),
        companyCode: text(f.CompanyNumber),
        halfTonCount: count(f.HalfTonCount),
        threeQuarterTonCount: count(f.ThreeQuarterTonCount),
        oneTonFlatCount: count(f.OneTonFlatCount),
        oneTonServiceCount: count(f.OneTonServiceCount),
        trucksRequested: order.trucksRequested,
        trucksRemaining: order.trucksRequested,
        expectedRentalLength: text(f.ExpectedRentalLength),
        damageWaiverId: count(f.DamageWaiverID) || 1,
        secondKeyCount: f.SecondKeyCount === true,
        dateNeeded: dateOf(f.DateNeeded),
        poNumber: optional(f.PONumber),
        ...contact("del", f, "Del"),
        ...contact("bill", f, "Bill"),
        useStreetAddress: text(f.UseStreetAddress),
        useStreetAddress2: optional(f.UseStreetAddress2),
        useCity: text(f.UseCity),
        useState: text(f.UseState),
        useZip: text(f.UseZip),
        raName: text(f.RAName),
        raPhone: text(f.RAPhone),
        raEmail: text(f.RAEmail),
        raFax: optional(f.RAFax),
        specialInstructions: optional(f.specialInstructions),
      },
    });
    return finish(tx, "order", history.id, submission.origin, ["onboarding"]);
  });
}

/** The on-rent editor's contact block (Del…, Bill…) as OrderForm columns (del…, bill…). */
function contact(column: "del" | "bill", f: Record<string, EditFieldValue>, field: "Del" | "Bill") {
  return {
    [`${column}Name`]: text(f[`${field}Name`]),
    [`${column}Phone`]: text(f[`${field}Phone`]),
    [`${column}AltPhone`]: optional(f[`${field}AltPhone`]),
    [`${column}Email`]: text(f[`${field}Email`]),
    [`${column}StreetAddress`]: text(f[`${field}StreetAddress`]),
    [`${column}StreetAddress2`]: optional(f[`${field}StreetAddress2`]),
    [`${column}City`]: text(f[`${field}City`]),
    [`${column}State`]: text(f[`${field}State`]),
    [`${column}Zip`]: text(f[`${field}Zip`]),
  } as Record<`${typeof column}${"Name" | "Phone" | "Email" | "StreetAddress" | "City" | "State" | "Zip"}`, string> &
    Record<`${typeof column}${"AltPhone" | "StreetAddress2"}`, string | null>;
}

/** A trade from /trade-form: both halves, on the onboarding (new trucks) and offboarding (returns) boards. */
export async function storePublicTrade(
  db: Db,
  trade: PublicTrade,
  submission: AcceptedSubmission,
  today: string,
): Promise<StoredPublicRequest | null> {
  const f = trade.fields;
  return db.$transaction(async (tx) => {
    if (!(await claimPublicFormTicket(tx, submission.ticketNonce))) return null;
    const companyId = await companyIdFor(tx, text(f.CompanyCode));
    const history = await tx.formHistory.create({
      data: { kind: "TRADE", source: "PUBLIC_FORM", companyId, submitteeName: text(f.submitteeName) },
      select: { id: true },
    });
    const returning = trade.units.length;
    const pickup = {
      pickupDate: dateOf(f.pickupDate),
      pickupName: text(f.pickupName),
      pickupEmail: text(f.pickupEmail),
      pickupPhone: text(f.pickupPhone),
      pickupAltPhone: optional(f.pickupAltPhone),
      pickupStreetAddress: text(f.pickupStreetAddress),
      pickupStreetAddress2: optional(f.pickupStreetAddress2),
      pickupCity: text(f.pickupCity),
      pickupState: text(f.pickupState),
    };
    const tradeForm = await tx.tradeForm.create({
      data: {
        formHistoryId: history.id,
        corporateNameTrade: text(f.CorporateNameTrade),
        companyCode: text(f.CompanyCode),
        poNumber: optional(f.PONumber),
        ...Object.fromEntries(
          TRUCK_TYPES.map((type) => [lowerFirst(type.tradeCountField), count(f[type.tradeCountField])]),
        ),
        numTrucksReturning: returning,
        returnTrucksRemaining: returning,
        newTrucksRemaining: trade.newTrucks,
        damageWaiverId: count(f.DamageWaiverID) || 1,
        secondKeyTrade: f.SecondKeyTrade === true,
        ...pickup,
        pickupZip: text(f.pickupZip),
        deliveryName: trade.separateDelivery ? optional(f.deliveryName) : null,
        deliveryEmail: trade.separateDelivery ? optional(f.deliveryEmail) : null,
        deliveryPhone: trade.separateDelivery ? optional(f.deliveryPhone) : null,
        deliveryAltPhone: trade.separateDelivery ? optional(f.deliveryAltPhone) : null,
        deliveryStreetAddress: trade.separateDelivery ? optional(f.deliveryStreetAddress) : null,
        deliveryStreetAddress2: trade.separateDelivery ? optional(f.deliveryStreetAddress2) : null,
        deliveryCity: trade.separateDelivery ? optional(f.deliveryCity) : null,
        deliveryState: trade.separateDelivery ? optional(f.deliveryState) : null,
        deliveryZip: trade.separateDelivery ? optional(f.deliveryZip) : null,
        useStreetAddress: text(f.useStreetAddress),
        useStreetAddress2: optional(f.useStreetAddress2),
        useCity: text(f.useCity),
        useState: text(f.useState),
        useZip: text(f.useZip),
        raName: text(f.raName),
        raPhone: text(f.raPhone),
        raEmail: text(f.raEmail),
        raFax: optional(f.raFax),
        submitteeName: text(f.submitteeName),
        specialInstructions: optional(f.specialInstructions),
        submitDate: new Date(`${today}T00:00:00Z`),
      } as Prisma.TradeFormUncheckedCreateInput,
      select: { id: true },
    });
    const offRent = await tx.offRentForm.create({
      data: {
        formHistoryId: history.id,
        tradeFormId: tradeForm.id,
        companyName: text(f.CorporateNameTrade),
        companyCode: text(f.CompanyCode),
        submittedBy: text(f.submitteeName),
        ...pickup,
        pickupAltPhone: pickup.pickupAltPhone,
        pickupZip: text(f.pickupZip),
        numTrucksReturning: returning,
        trucksRemaining: returning,
      },
      select: { id: true },
    });
    await createReturningUnits(tx, history.id, offRent.id, companyId, trade.units);
    return finish(tx, "trade", history.id, submission.origin, ["onboarding", "offboarding"]);
  });
}

const lowerFirst = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

async function createReturningUnits(
  tx: Tx,
  formHistoryId: number,
  offRentFormId: number,
  companyId: number,
  units: readonly { unitNumber: string; odometer: number }[],
): Promise<void> {
  const known = await unitsOf(
    tx,
    units.map((unit) => unit.unitNumber),
  );
  await tx.returningUnit.createMany({
    data: units.map((unit) => ({
      formHistoryId,
      offRentFormId,
      unitNumber: unit.unitNumber,
      unitId: known.get(unit.unitNumber)?.id ?? null,
      odometer: unit.odometer,
      // At the customer, waiting for a pickup to be scheduled (as a staff-entered off-rent's lines).
      statusId: RETURNING_UNIT_STATUS.awaitingPickup,
    })),
  });
  // The customer's own reading of each unit it has on rent and returns: no employee recorded it, and a number
  // typed for another customer's unit is no reading of ours.
  const readAt = new Date();
  const rentedHere = (unitNumber: string) => {
    const unit = known.get(unitNumber);
    return unit && unit.companyId === companyId ? unit.id : null;
  };
  await recordOdometerReadings(
    tx,
    units.map((unit) => ({
      unitId: rentedHere(unit.unitNumber),
      reading: unit.odometer,
      source: "RETURN",
      readAt,
      recordedById: null,
      formHistoryId,
    })),
  );
}

/** An off-rent from /off-rent-form: on the offboarding board, Submitted. */
export async function storePublicOffRent(
  db: Db,
  offRent: PublicOffRent,
  submission: AcceptedSubmission,
): Promise<StoredPublicRequest | null> {
  const f = offRent.fields;
  return db.$transaction(async (tx) => {
    if (!(await claimPublicFormTicket(tx, submission.ticketNonce))) return null;
    const companyId = await companyIdFor(tx, f.compCode);
    const history = await tx.formHistory.create({
      data: { kind: "OFF_RENT", source: "PUBLIC_FORM", companyId, submitteeName: f.submittedBy },
      select: { id: true },
    });
    const returning = offRent.units.length;
    const form = await tx.offRentForm.create({
      data: {
        formHistoryId: history.id,
        companyName: f.compName,
        companyCode: f.compCode,
        submittedBy: f.submittedBy,
        pickupDate: new Date(`${f.pickupDate}T00:00:00Z`),
        pickupName: f.pickupName,
        pickupEmail: f.pickupEmail,
        pickupPhone: f.pickupPhone,
        pickupAltPhone: f.pickupPhoneAlt || null,
        pickupStreetAddress: f.pickupStreetAddress,
        pickupStreetAddress2: f.pickupStreetAddress2 || null,
        pickupCity: f.pickupCity,
        pickupState: f.pickupState,
        pickupZip: f.pickupZip,
        numTrucksReturning: returning,
        trucksRemaining: returning,
      },
      select: { id: true },
    });
    await createReturningUnits(tx, history.id, form.id, companyId, offRent.units);
    return finish(tx, "offRent", history.id, submission.origin, ["offboarding"]);
  });
}

// The request a split starts from (ADR 049): an order, a trade or an off-rent as the split
// bookkeeping sees it (app/rules/splits/splits.ts), with the units that cannot move. The dialog's loader, its
// no-JavaScript steps, the save and the reservation reads all read it here, so they agree on what a split may
// move. `client` is the database or the save's transaction (which reads it after locking the request).
import type { Prisma } from "~/generated/prisma/client";
import type { Db } from "~/modules/platform/services.server.ts";
import { ONBOARDING_STAGE, OFFBOARDING_STAGE, RETURNING_UNIT_STATUS } from "../../rules/orders/order-stages.ts";
import type { Original, SplitKind } from "../../rules/splits/splits.ts";

type Client = Db | Prisma.TransactionClient;

export const SPLIT_LOAD_MESSAGES = {
  notFound: {
    order: "That order does not exist.",
    trade: "That trade does not exist.",
    "off-rent": "That off-rent does not exist.",
  },
  cancelled: "This request has been cancelled.",
  delivered: "Its trucks have all been delivered: there is nothing left to split.",
  returned: "Its trucks have all been returned: there is nothing left to split.",
  tooSmall: "A request needs at least two trucks to be split.",
  forbidden: "You do not have permission to split this request.",
} as const;

export const REQUEST_KIND: Readonly<Record<SplitKind, "ORDER" | "TRADE" | "OFF_RENT">> = {
  order: "ORDER",
  trade: "TRADE",
  "off-rent": "OFF_RENT",
};

const TYPE_LABELS: Record<string, string> = {
  HALF_TON: "1/2 Ton",
  THREE_QUARTER_TON: "3/4 Ton",
  ONE_TON_FLATBED: "Flatbed",
  ONE_TON_SERVICE_BODY: "Service Body",
};

const FIXED_WHY = {
  assigned: "it is assigned to a carrier",
  pickupAssigned: "its pickup is assigned to a carrier",
  pickedUp: "it has been picked up",
  unidentified: "it is not identified yet",
} as const;

const unitSelect = { id: true, unitNumber: true, year: true, make: true, model: true, truckType: true } as const;
type UnitRow = { id: number; unitNumber: string; year: number; make: string; model: string; truckType: string };
const labelOf = (unit: UnitRow) => `${unit.year} ${unit.make} ${unit.model} · ${TYPE_LABELS[unit.truckType] ?? ""}`;

/** A unit the split may move, with its row ids (to move its reservation or returning line, and its job). */
export interface MovableUnit {
  unitNumber: string;
  unitId: number | null;
  /** The reservation's or the returning line's id. */
  rowId: number;
}

/** What a split starts from, as read (the form ids and versions the save writes against). */
export interface SplitSource {
  kind: SplitKind;
  formHistoryId: number;
  companyName: string;
  cancelled: boolean;
  /** The form the split changes: OrderForm, TradeForm or OffRentForm (for a trade, also its return half). */
  formId: number;
  returnFormId: number | null;
  version: number;
  stage: number;
  original: Original;
  /** A trade's NumTrucksReturning (the return half's), an off-rent's is its Total. */
  numTrucksReturning: number;
  reservations: MovableUnit[];
  returning: MovableUnit[];
  fixed: Record<string, string>;
  unitLabels: Record<string, string>;
}

const zero = { half: 0, threeQ: 0, flat: 0, service: 0 };

/** The request `formHistoryId` as a split of `kind` sees it, or null when there is no such request of that kind. */
export async function loadSplitSource(
  client: Client,
  kind: SplitKind,
  formHistoryId: number,
): Promise<SplitSource | null> {
  const request = await client.formHistory.findUnique({
    where: { id: formHistoryId },
    select: {
      id: true,
      kind: true,
      cancelledAt: true,
      company: { select: { name: true } },
      transportJobs: { select: { kind: true, unitId: true, vendorId: true, completedAt: true } },
    },
  });
  if (!request || request.kind !== REQUEST_KIND[kind]) return null;
  const assigned = new Set(
    request.transportJobs
      .filter((job) => job.vendorId !== null || job.completedAt !== null)
      .map((job) => `${job.kind}:${job.unitId}`),
  );
  const fixed: Record<string, string> = {};
  const unitLabels: Record<string, string> = {};
  const reservations: MovableUnit[] = [];
  const returning: MovableUnit[] = [];

  const readReservations = (rows: { id: number; unit: UnitRow }[]) => {
    for (const row of rows) {
      unitLabels[row.unit.unitNumber] = labelOf(row.unit);
      if (assigned.has(`DELIVERY:${row.unit.id}`)) fixed[row.unit.unitNumber] = FIXED_WHY.assigned;
      else reservations.push({ unitNumber: row.unit.unitNumber, unitId: row.unit.id, rowId: row.id });
    }
  };
  const readReturning = (
    rows: { id: number; unitNumber: string; unitId: number | null; statusId: number; unit: UnitRow | null }[],
  ) => {
    for (const row of rows) {
      if (row.unit) unitLabels[row.unitNumber] = labelOf(row.unit);
      if (row.unitId === null) fixed[row.unitNumber] = FIXED_WHY.unidentified;
      else if (row.statusId >= RETURNING_UNIT_STATUS.pickedUp) fixed[row.unitNumber] = FIXED_WHY.pickedUp;
      else if (assigned.has(`PICKUP:${row.unitId}`)) fixed[row.unitNumber] = FIXED_WHY.pickupAssigned;
      else returning.push({ unitNumber: row.unitNumber, unitId: row.unitId, rowId: row.id });
    }
  };
  const returningSelect = {
    select: { id: true, unitNumber: true, unitId: true, statusId: true, unit: { select: unitSelect } },
    orderBy: { id: "asc" },
  } as const;
  const reservationSelect = { select: { id: true, unit: { select: unitSelect } }, orderBy: { id: "asc" } } as const;
  const base = {
    kind,
    formHistoryId: request.id,
    companyName: request.company.name,
    cancelled: request.cancelledAt !== null,
    fixed,
    unitLabels,
    reservations,
    returning,
  };

  if (kind === "order") {
    const form = await client.orderForm.findUnique({
      where: { formHistoryId },
      select: {
        id: true,
        version: true,
        onboardingStatus: true,
        halfTonCount: true,
        threeQuarterTonCount: true,
        oneTonFlatCount: true,
        oneTonServiceCount: true,
        trucksRequested: true,
        trucksRemaining: true,
        reservations: reservationSelect,
      },
    });
    if (!form) return null;
    readReservations(form.reservations);
    return {
      ...base,
      formId: form.id,
      returnFormId: null,
      version: form.version,
      stage: form.onboardingStatus,
      numTrucksReturning: 0,
      original: {
        kind,
        total: form.trucksRequested,
        remaining: form.trucksRemaining,
        counts: {
          half: form.halfTonCount,
          threeQ: form.threeQuarterTonCount,
          flat: form.oneTonFlatCount,
          service: form.oneTonServiceCount,
        },
        reservations: reservations.map((unit) => unit.unitNumber),
        returning: [],
        returnsRemaining: 0,
      },
    };
  }
  if (kind === "trade") {
    const form = await client.tradeForm.findUnique({
      where: { formHistoryId },
      select: {
        id: true,
        version: true,
        onboardingStatus: true,
        halfTonCountTrade: true,
        threeQuarterTonCountTrade: true,
        oneTonFlatCountTrade: true,
        oneTonServiceCountTrade: true,
        newTrucksRemaining: true,
        returnTrucksRemaining: true,
        numTrucksReturning: true,
        reservations: reservationSelect,
        offRentHalf: { select: { id: true, returningUnits: returningSelect } },
      },
    });
    if (!form || !form.offRentHalf) return null;
    readReservations(form.reservations);
    readReturning(form.offRentHalf.returningUnits);
    const counts = {
      half: form.halfTonCountTrade,
      threeQ: form.threeQuarterTonCountTrade,
      flat: form.oneTonFlatCountTrade,
      service: form.oneTonServiceCountTrade,
    };
    return {
      ...base,
      formId: form.id,
      returnFormId: form.offRentHalf.id,
      version: form.version,
      stage: form.onboardingStatus,
      numTrucksReturning: form.numTrucksReturning,
      original: {
        kind,
        total: counts.half + counts.threeQ + counts.flat + counts.service,
        remaining: form.newTrucksRemaining,
        counts,
        reservations: reservations.map((unit) => unit.unitNumber),
        returning: returning.map((unit) => unit.unitNumber),
        returnsRemaining: form.returnTrucksRemaining,
      },
    };
  }
  const form = await client.offRentForm.findUnique({
    where: { formHistoryId },
    select: {
      id: true,
      version: true,
      tradeFormId: true,
      offboardingStatus: true,
      numTrucksReturning: true,
      trucksRemaining: true,
      returningUnits: returningSelect,
    },
  });
  if (!form || form.tradeFormId !== null) return null;
  readReturning(form.returningUnits);
  return {
    ...base,
    formId: form.id,
    returnFormId: null,
    version: form.version,
    stage: form.offboardingStatus,
    numTrucksReturning: form.numTrucksReturning,
    original: {
      kind,
      total: form.numTrucksReturning,
      remaining: form.trucksRemaining,
      counts: { ...zero },
      reservations: [],
      returning: returning.map((unit) => unit.unitNumber),
      returnsRemaining: 0,
    },
  };
}

/** Why this request cannot be split at all (cancelled, done, too small), or null. */
export function unsplittable(source: SplitSource): string | null {
  if (source.cancelled) return SPLIT_LOAD_MESSAGES.cancelled;
  if (
    source.kind === "off-rent" ? source.stage >= OFFBOARDING_STAGE.returned : source.stage >= ONBOARDING_STAGE.delivered
  )
    return source.kind === "off-rent" ? SPLIT_LOAD_MESSAGES.returned : SPLIT_LOAD_MESSAGES.delivered;
  if (source.original.total < 2 || source.original.remaining < 1) return SPLIT_LOAD_MESSAGES.tooSmall;
  return null;
}

/** A reservation as GET /api/getOrderReservations and /api/getTradeReservations answer it. */
export interface ReservationRow {
  ReservedUnit: string;
  FormHistoryID: number;
  OrderFormID?: number | null;
  TradeFormID?: number | null;
  SplitNumber: number | null;
  /** Whether a split may move it; if not, why (assigned to a carrier). */
  Movable: boolean;
  FixedBecause: string | null;
}

/** The reservations of an order or a trade, in the order they were made; null when there is no such request. */
export async function loadReservations(
  db: Db,
  kind: "order" | "trade",
  formHistoryId: number,
): Promise<ReservationRow[] | null> {
  const source = await loadSplitSource(db, kind, formHistoryId);
  if (!source) return null;
  const rows = await db.reservation.findMany({
    where: { formHistoryId, ...(kind === "order" ? { orderFormId: { not: null } } : { tradeFormId: { not: null } }) },
    select: {
      formHistoryId: true,
      orderFormId: true,
      tradeFormId: true,
      splitNumber: true,
      unit: { select: { unitNumber: true } },
    },
    orderBy: { id: "asc" },
  });
  return rows.map((row) => {
    const why = Object.hasOwn(source.fixed, row.unit.unitNumber) ? source.fixed[row.unit.unitNumber]! : null;
    return {
      ReservedUnit: row.unit.unitNumber,
      FormHistoryID: row.formHistoryId,
      ...(kind === "order" ? { OrderFormID: row.orderFormId } : { TradeFormID: row.tradeFormId }),
      SplitNumber: row.splitNumber,
      Movable: why === null,
      FixedBecause: why,
    };
  });
}

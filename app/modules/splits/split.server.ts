// Splitting an order, a trade or an off-rent (ADR 049): PUT /api/split-order, /api/split-trade,
// /api/split-off-rent and the three split dialogs' Save. One transaction: the request is locked by its version
// (a change since answers 409), read again, the splits checked against it (the specification's rules, no truck,
// reservation or unit lost, doubled or invented, units that cannot move left on the first part), then each later
// split becomes a request of its own (source SPLIT, linked to the first by splitFromId and, for trades, by the
// trade link) with its reservations, returning units, their transport jobs and unit notes, and a copy of the
// request's notes; the original keeps the first split's numbers; the audit log says which units went where.
import type { Prisma } from "~/generated/prisma/client";
import type { Db } from "~/modules/platform/services.server.ts";
import type { CardListName } from "../../rules/boards/boards.ts";
import { OG_NUMBERS, type SplitBody } from "../../rules/splits/split-body.ts";
import { fixedUnitRefusal, maySplit } from "../../rules/splits/split-dialog.ts";
import {
  conservationRefusal,
  type Split,
  type SplitKind,
  SPLIT_MESSAGES as M,
  splitsRefusal,
} from "../../rules/splits/splits.ts";
import { auditActorOf, describeChange, recordAudit } from "../audit/audit-log.server.ts";
import {
  type OperationActor,
  OperationConflict,
  type OperationResult,
  refuse,
  settle,
} from "../operations/operation.server.ts";
import {
  loadSplitSource,
  type MovableUnit,
  SPLIT_LOAD_MESSAGES,
  type SplitSource,
  unsplittable,
} from "./split-load.server.ts";

type Tx = Prisma.TransactionClient;

export const SPLIT_RESULT_MESSAGES = {
  stale: "This request changed after the split was opened. Open it again and split what it holds now.",
  unitsChanged: "The request's reservations or returning units changed after the split was opened. Open it again.",
  done: (parts: number) => `Split into ${parts} parts.`,
} as const;

/** The boards whose cards a split changes, as the specification lists them: transport and onboarding; off-rents' also offboarding and AR. */
export const SPLIT_LISTS: Readonly<Record<SplitKind, readonly CardListName[]>> = {
  order: ["onboarding", "shipping", "transport"],
  // A trade's return half is an offboarding card.
  trade: ["onboarding", "shipping", "transport", "offboarding"],
  "off-rent": ["onboarding", "transport", "offboarding", "ar-off-rent"],
};

/** The Og record's numbers as the request stands. */
function ogNumbersOf(source: SplitSource): Record<string, number> {
  const { original: o } = source;
  if (source.kind === "order")
    return {
      TrucksRemaining: o.remaining,
      TrucksRequested: o.total,
      HalfTonCount: o.counts.half,
      ThreeQuarterTonCount: o.counts.threeQ,
      OneTonFlatCount: o.counts.flat,
      OneTonServiceCount: o.counts.service,
    };
  if (source.kind === "trade")
    return {
      NewTrucksRemaining: o.remaining,
      ReturnTrucksRemaining: o.returnsRemaining,
      NumTrucksReturning: source.numTrucksReturning,
      HalfTonCountTrade: o.counts.half,
      ThreeQuarterTonCountTrade: o.counts.threeQ,
      OneTonFlatCountTrade: o.counts.flat,
      OneTonServiceCountTrade: o.counts.service,
    };
  return { NumTrucksReturning: o.total, TrucksRemaining: o.remaining };
}

const sameUnits = (before: readonly string[], after: readonly string[]) => {
  const a = [...before].sort();
  const b = [...after].sort();
  return a.length === b.length && a.every((unit, index) => unit === b[index]);
};

/** Whether the splits carry exactly the request's movable units (a change since the dialog opened, if not). */
const unitsMatch = (source: SplitSource, splits: readonly Split[]) =>
  sameUnits(
    source.original.reservations,
    splits.flatMap((split) => split.reservations),
  ) &&
  sameUnits(
    source.original.returning,
    splits.flatMap((split) => split.returning),
  );

/**
 * The splits as the bookkeeping sees them: units that cannot move may be listed on the first split (the reads
 * list them, so a client sends them back there), where they are left out, as the original leaves them out.
 */
function movableSplits(source: SplitSource, splits: readonly Split[]): Split[] {
  const movable = (unit: string) => !Object.hasOwn(source.fixed, unit);
  return splits.map((split, index) =>
    index === 0
      ? { ...split, reservations: split.reservations.filter(movable), returning: split.returning.filter(movable) }
      : split,
  );
}

/** The first refusal of these splits against the request as it stands (400 or 409), or null. */
function refusalOf(source: SplitSource, body: SplitBody, splits: readonly Split[]) {
  const expected = ogNumbersOf(source);
  if (
    OG_NUMBERS[source.kind].some(
      (field) => body.expected[field] !== undefined && body.expected[field] !== expected[field],
    )
  )
    return refuse(409, SPLIT_RESULT_MESSAGES.stale);
  const fixed = fixedUnitRefusal(splits, source.fixed);
  if (fixed) return refuse(400, fixed);
  const rule = splitsRefusal(source.kind, splits, source.original);
  if (rule) return refuse(400, rule);
  if (!unitsMatch(source, splits)) return refuse(409, SPLIT_RESULT_MESSAGES.unitsChanged);
  if (conservationRefusal(source.original, splits)) return refuse(400, M.failed);
  return null;
}

const unitsText = (units: readonly string[]) => (units.length > 0 ? units.join(", ") : "none");
const partText = (id: number, split: Split) =>
  `#${id}: ${split.total} trucks, ${split.remaining} remaining; reserved ${unitsText(split.reservations)}; returning ${unitsText(split.returning)}`;

/**
 * Splits the request `body` names into `body.splits` (the first stays the request itself). Refusals: 403 without
 * the permission, 404 no such request of this kind, 409 cancelled / delivered / changed since, 400 a broken rule.
 */
export async function splitRequest(
  db: Db,
  actor: OperationActor,
  kind: SplitKind,
  body: SplitBody,
): Promise<OperationResult> {
  if (!maySplit(kind, actor.permissions)) return refuse(403, SPLIT_LOAD_MESSAGES.forbidden);
  const first = await loadSplitSource(db, kind, body.formHistoryId);
  if (!first) return refuse(404, SPLIT_LOAD_MESSAGES.notFound[kind]);
  const blocked = unsplittable(first);
  if (blocked) return refuse(409, blocked);
  if (body.version !== null && body.version !== first.version) return refuse(409, SPLIT_RESULT_MESSAGES.stale);
  // The rules first, outside the transaction: most refusals need no lock.
  const early = refusalOf(first, body, movableSplits(first, body.splits));
  if (early) return early;

  return settle(() =>
    db.$transaction(async (tx) => {
      // The lock: the version read above, moved on; a save in between leaves nothing to update (409).
      const locked = await lockForm(tx, first);
      if (!locked) throw new OperationConflict(refuse(409, SPLIT_RESULT_MESSAGES.stale));
      const source = await loadSplitSource(tx, kind, body.formHistoryId);
      if (!source) throw new OperationConflict(refuse(409, SPLIT_RESULT_MESSAGES.stale));
      const splits = movableSplits(source, body.splits);
      const blockedNow = unsplittable(source);
      const again = blockedNow ? refuse(409, blockedNow) : refusalOf(source, body, splits);
      if (again) throw new OperationConflict(again);
      const created = await writeSplits(tx, source, splits, actor);
      return {
        ok: true,
        lists: [...SPLIT_LISTS[kind]],
        requests: [source.formHistoryId, ...created],
        message: SPLIT_RESULT_MESSAGES.done(body.splits.length),
      } satisfies OperationResult;
    }),
  );
}

async function lockForm(tx: Tx, source: SplitSource): Promise<boolean> {
  const where = { id: source.formId, version: source.version };
  const data = { version: { increment: 1 } };
  const written =
    source.kind === "order"
      ? await tx.orderForm.updateMany({ where, data })
      : source.kind === "trade"
        ? await tx.tradeForm.updateMany({ where, data })
        : await tx.offRentForm.updateMany({ where, data });
  return written.count === 1;
}

/** Writes the later splits as requests of their own and reduces the original to the first; answers the new ids. */
async function writeSplits(
  tx: Tx,
  source: SplitSource,
  splits: readonly Split[],
  actor: OperationActor,
): Promise<number[]> {
  const history = await tx.formHistory.findUniqueOrThrow({ where: { id: source.formHistoryId } });
  const root = history.splitFromId ?? history.id;
  const numbered = await tx.formHistory.aggregate({
    where: { OR: [{ id: root }, { splitFromId: root }] },
    _max: { splitNumber: true },
  });
  const ownNumber = history.splitNumber ?? 1;
  let nextNumber = Math.max(numbered._max.splitNumber ?? 1, ownNumber) + 1;
  const requestNotes = await tx.note.findMany({
    where: { formHistoryId: source.formHistoryId, unitNumber: null, cancelled: false },
    orderBy: { id: "asc" },
  });
  const {
    id: _id,
    createdAt: _created,
    updatedAt: _updated,
    splitFromId: _from,
    splitNumber: _number,
    source: _source,
    ...copied
  } = history;
  const tradeLink = source.kind === "trade" ? await tradeLinkOf(tx, source) : null;
  const created: number[] = [];
  const parts: Record<string, string> = {};

  for (const split of splits.slice(1)) {
    const number = nextNumber++;
    const part = await tx.formHistory.create({
      data: { ...copied, source: "SPLIT", splitFromId: root, splitNumber: number },
    });
    created.push(part.id);
    const forms = await copyForm(tx, source, part.id, split, tradeLink);
    await moveUnits(tx, source, part.id, forms, number, split);
    if (requestNotes.length > 0) {
      await tx.note.createMany({
        data: requestNotes.map(({ id: _note, formHistoryId: _request, ...note }) => ({
          ...note,
          formHistoryId: part.id,
        })),
      });
    }
    parts[`Split ${number}`] = describeChange(`Split ${number}`, "", partText(part.id, split));
    await recordAudit(tx, {
      entityType: "FormHistory",
      entityId: part.id,
      formHistoryId: part.id,
      action: "split",
      changedData: {
        "Split From": describeChange("Split From", "", `#${source.formHistoryId}`),
        [`Split ${number}`]: describeChange(`Split ${number}`, "", partText(part.id, split)),
      },
      actor: auditActorOf(actor),
      version: 1,
    });
  }
  const version = await reduceOriginal(tx, source, splits[0]!, tradeLink);
  await tx.formHistory.update({ where: { id: source.formHistoryId }, data: { splitNumber: ownNumber } });
  await tx.reservation.updateMany({ where: { formHistoryId: source.formHistoryId }, data: { splitNumber: ownNumber } });
  await recordAudit(tx, {
    entityType: "FormHistory",
    entityId: source.formHistoryId,
    formHistoryId: source.formHistoryId,
    action: "split",
    changedData: {
      Splits: describeChange("Splits", "1", String(splits.length)),
      [`Split ${ownNumber}`]: describeChange(`Split ${ownNumber}`, "", partText(source.formHistoryId, splits[0]!)),
      ...parts,
    },
    actor: auditActorOf(actor),
    version,
  });
  return created;
}

/** The trade link the parts of a trade share: the original's, or a new one named after it. */
async function tradeLinkOf(tx: Tx, source: SplitSource): Promise<string> {
  const trade = await tx.tradeForm.findUniqueOrThrow({ where: { id: source.formId }, select: { tradeLink: true } });
  return trade.tradeLink ?? `TL-${String(source.formHistoryId).padStart(6, "0")}`;
}

/** An order form's numbers for a split. */
const orderNumbers = (split: Split) => ({
  halfTonCount: split.counts.half,
  threeQuarterTonCount: split.counts.threeQ,
  oneTonFlatCount: split.counts.flat,
  oneTonServiceCount: split.counts.service,
  trucksRequested: split.total,
  trucksRemaining: split.remaining,
});

/** A trade form's numbers for a split: its new trucks, and the trucks it returns in all. */
const tradeNumbers = (split: Split, numTrucksReturning: number) => ({
  halfTonCountTrade: split.counts.half,
  threeQuarterTonCountTrade: split.counts.threeQ,
  oneTonFlatCountTrade: split.counts.flat,
  oneTonServiceCountTrade: split.counts.service,
  newTrucksRemaining: split.remaining,
  returnTrucksRemaining: split.returnsRemaining,
  numTrucksReturning,
});

/** A part's form, and a trade part's return half. */
interface PartForms {
  formId: number;
  returnFormId: number | null;
}

/**
 * The part's form: a copy of the original's with the split's numbers. A trade part's return half returns its
 * Returns Remaining (none picked up yet: picked-up units stay with the original).
 */
async function copyForm(
  tx: Tx,
  source: SplitSource,
  formHistoryId: number,
  split: Split,
  tradeLink: string | null,
): Promise<PartForms> {
  if (source.kind === "order") {
    const {
      id: _id,
      formHistoryId: _request,
      version: _version,
      updatedAt: _updated,
      ...order
    } = await tx.orderForm.findUniqueOrThrow({ where: { id: source.formId } });
    const form = await tx.orderForm.create({
      data: {
        ...order,
        formHistoryId,
        ...orderNumbers(split),
      },
    });
    return { formId: form.id, returnFormId: null };
  }
  if (source.kind === "trade") {
    const {
      id: _id,
      formHistoryId: _request,
      version: _version,
      updatedAt: _updated,
      ...trade
    } = await tx.tradeForm.findUniqueOrThrow({ where: { id: source.formId } });
    const form = await tx.tradeForm.create({
      data: {
        ...trade,
        formHistoryId,
        tradeLink,
        ...tradeNumbers(split, split.returnsRemaining),
      },
    });
    const returnForm = await copyOffRentForm(
      tx,
      source.returnFormId!,
      formHistoryId,
      form.id,
      split.returnsRemaining,
      split.returnsRemaining,
    );
    return { formId: form.id, returnFormId: returnForm };
  }
  return {
    formId: await copyOffRentForm(tx, source.formId, formHistoryId, null, split.total, split.remaining),
    returnFormId: null,
  };
}

async function copyOffRentForm(
  tx: Tx,
  offRentFormId: number,
  formHistoryId: number,
  tradeFormId: number | null,
  numTrucksReturning: number,
  trucksRemaining: number,
): Promise<number> {
  const {
    id: _id,
    formHistoryId: _request,
    tradeFormId: _trade,
    version: _version,
    updatedAt: _updated,
    ...offRent
  } = await tx.offRentForm.findUniqueOrThrow({ where: { id: offRentFormId } });
  const form = await tx.offRentForm.create({
    data: { ...offRent, formHistoryId, tradeFormId, numTrucksReturning, trucksRemaining },
  });
  return form.id;
}

/** Moves a part's reservations and returning lines to it, with their open transport jobs and their unit notes. */
async function moveUnits(
  tx: Tx,
  source: SplitSource,
  formHistoryId: number,
  forms: PartForms,
  splitNumber: number,
  split: Split,
) {
  const pick = (units: readonly MovableUnit[], numbers: readonly string[]) =>
    units.filter((unit) => numbers.includes(unit.unitNumber));
  const reservations = pick(source.reservations, split.reservations);
  const returning = pick(source.returning, split.returning);
  if (reservations.length > 0) {
    await tx.reservation.updateMany({
      where: { id: { in: reservations.map((unit) => unit.rowId) } },
      data:
        source.kind === "order"
          ? { formHistoryId, orderFormId: forms.formId, splitNumber }
          : { formHistoryId, tradeFormId: forms.formId, splitNumber },
    });
  }
  if (returning.length > 0) {
    await tx.returningUnit.updateMany({
      where: { id: { in: returning.map((unit) => unit.rowId) } },
      data: { formHistoryId, offRentFormId: source.kind === "trade" ? forms.returnFormId! : forms.formId },
    });
  }
  const moved = [...reservations, ...returning];
  const unitIds = moved.flatMap((unit) => (unit.unitId === null ? [] : [unit.unitId]));
  if (unitIds.length > 0) {
    // Open jobs only: a job with a carrier or done fixes its unit to the original (split-load.server.ts).
    await tx.transportJob.updateMany({
      where: { formHistoryId: source.formHistoryId, unitId: { in: unitIds }, vendorId: null, completedAt: null },
      data: { formHistoryId },
    });
  }
  if (moved.length > 0) {
    await tx.note.updateMany({
      where: { formHistoryId: source.formHistoryId, unitNumber: { in: moved.map((unit) => unit.unitNumber) } },
      data: { formHistoryId },
    });
  }
}

/**
 * The original keeps the first split: its numbers (trucks already delivered or picked up stay in its Total), its
 * version moved on by the lock. Answers the version.
 */
async function reduceOriginal(tx: Tx, source: SplitSource, split: Split, tradeLink: string | null): Promise<number> {
  if (source.kind === "order") {
    const form = await tx.orderForm.update({
      where: { id: source.formId },
      data: orderNumbers(split),
    });
    return form.version;
  }
  if (source.kind === "trade") {
    const given = source.original.returnsRemaining - split.returnsRemaining;
    const form = await tx.tradeForm.update({
      where: { id: source.formId },
      data: { tradeLink, ...tradeNumbers(split, source.numTrucksReturning - given) },
    });
    await tx.offRentForm.update({
      where: { id: source.returnFormId! },
      data: {
        numTrucksReturning: source.numTrucksReturning - given,
        trucksRemaining: split.returnsRemaining,
        version: { increment: 1 },
      },
    });
    return form.version;
  }
  const form = await tx.offRentForm.update({
    where: { id: source.formId },
    data: { numTrucksReturning: split.total, trucksRemaining: split.remaining },
  });
  return form.version;
}

// The unit hub (ADR 045): everything recorded about one truck, read for /unit-hub.
// Every list is read by the unit's own indexes (history by (unitId, changedOn), claims, jobs, returning
// lines and listings by unitId, notes and credit memo lines by unit number), so a page costs the same on
// any fleet. History is paged; the other lists of one unit are short and capped at HUB_LIST_LIMIT.
import type { Db } from "../platform/services.server.ts";
import { formatDisplayDate, formatUtcDay } from "../../rules/format.ts";
import { returningUnitStatusLabel } from "../../rules/orders/order-stages.ts";
import {
  departmentLabel,
  departmentSearchLink,
  historyPaging,
  type UnitHub,
  type UnitHubRequest,
} from "../../rules/fleet/unit-search.ts";
import { type DepartmentSearchHit, searchDepartments, unitHistoryPage } from "./unit-search.server.ts";

const HUB_LIST_LIMIT = 50;

/** The agreed address of an auction listing's details on /manheim-listings. */
export function auctionListingHref(listingId: number): string {
  return `/manheim-listings?modal=manheimDetails&listingId=${listingId}`;
}

const FORM_KIND_LABELS = { ORDER: "On-rent order", OFF_RENT: "Off-rent", TRADE: "Trade" } as const;

export type UnitHubAnswer =
  { kind: "unit"; hub: UnitHub } | { kind: "choose"; results: DepartmentSearchHit[]; more: boolean } | { kind: "none" };

const place = (city: string | null, state: string | null) => [city, state].filter(Boolean).join(", ");

/**
 * The hub for a search: the unit with exactly that number, or the only unit the search finds; several
 * found are listed to choose from; none is the specification's "no results".
 */
export async function loadUnitHub(db: Db, text: string, historyPage: number): Promise<UnitHubAnswer> {
  const exact = await db.unit.findUnique({ where: { unitNumber: text }, select: { id: true } });
  let unitId = exact?.id;
  if (unitId === undefined) {
    const found = await searchDepartments(db, text);
    if (found.results.length === 0) return { kind: "none" };
    if (found.results.length > 1 || found.more) return { kind: "choose", ...found };
    unitId = (await db.unit.findUnique({ where: { unitNumber: found.results[0]!.UnitNumber }, select: { id: true } }))
      ?.id;
    if (unitId === undefined) return { kind: "none" };
  }
  return { kind: "unit", hub: await readUnitHub(db, unitId, historyPage) };
}

async function readUnitHub(db: Db, unitId: number, historyPage: number): Promise<UnitHub> {
  const unit = await db.unit.findUniqueOrThrow({
    where: { id: unitId },
    include: { status: true, company: { select: { name: true, code: true } } },
  });
  const total = await db.unitHistory.count({ where: { unitId } });
  const paging = historyPaging(total, historyPage);
  const formSelect = {
    id: true,
    kind: true,
    submittedAt: true,
    cancelledAt: true,
    company: { select: { name: true } },
  } as const;
  const [history, reservation, returning, jobs, notes, claims, memoLines, listings] = await Promise.all([
    unitHistoryPage(db, unit, paging),
    db.reservation.findUnique({ where: { unitId }, select: { formHistory: { select: formSelect } } }),
    db.returningUnit.findMany({
      where: { unitId },
      orderBy: { id: "desc" },
      take: HUB_LIST_LIMIT,
      select: { statusId: true, formHistory: { select: formSelect } },
    }),
    db.transportJob.findMany({
      where: { unitId },
      orderBy: { id: "desc" },
      take: HUB_LIST_LIMIT,
      include: { vendor: { select: { name: true } }, formHistory: { select: formSelect } },
    }),
    db.note.findMany({
      where: { unitNumber: unit.unitNumber, cancelled: false },
      orderBy: { createdAt: "desc" },
      take: HUB_LIST_LIMIT,
      select: {
        id: true,
        subject: true,
        noteType: true,
        createdAt: true,
        author: { select: { firstName: true, lastName: true } },
      },
    }),
    db.claim.findMany({ where: { unitId }, orderBy: { openedAt: "desc" }, take: HUB_LIST_LIMIT }),
    db.creditMemoLine.findMany({
      where: { unitNumber: unit.unitNumber },
      orderBy: { id: "desc" },
      take: HUB_LIST_LIMIT,
      select: {
        amount: true,
        creditMemo: { select: { id: true, invoiceClaim: true, status: true, memoDate: true } },
      },
    }),
    db.auctionListing.findMany({ where: { unitId }, orderBy: { listedAt: "desc" }, take: HUB_LIST_LIMIT }),
  ]);

  // One line per request, whichever way the unit takes part in it (reserved, returning, transported).
  const requests = new Map<number, UnitHubRequest>();
  const addRequest = (form: (typeof returning)[number]["formHistory"], role: string) => {
    const known = requests.get(form.id);
    if (known) {
      if (!known.role.includes(role)) known.role = `${known.role}; ${role}`;
      return;
    }
    requests.set(form.id, {
      formHistoryId: form.id,
      kind: FORM_KIND_LABELS[form.kind],
      company: form.company.name,
      submitted: formatDisplayDate(form.submittedAt),
      role,
      cancelled: form.cancelledAt !== null,
    });
  };
  if (reservation) addRequest(reservation.formHistory, "Reserved");
  for (const line of returning) {
    addRequest(line.formHistory, `Returning (${returningUnitStatusLabel(line.statusId) ?? line.statusId})`);
  }
  for (const job of jobs) addRequest(job.formHistory, job.kind === "DELIVERY" ? "Delivery" : "Pickup");

  const link = departmentSearchLink(unit.status.department, unit.unitNumber);
  return {
    unit: {
      unitNumber: unit.unitNumber,
      vin: unit.vin,
      year: unit.year,
      make: unit.make,
      model: unit.model,
      color: unit.color,
      truckType: unit.truckType,
      odometer: unit.odometer,
      locationState: unit.locationState,
      inFleet: formatUtcDay(unit.inFleetDate),
      status: unit.status.name,
      subStatus: unit.subStatus,
      statusSince: formatDisplayDate(unit.statusChangedAt),
      overrideLate: unit.overrideLate,
      overrideReason: unit.overrideReason,
      truckNotes: unit.truckNotes,
      rentalUse: unit.rentalUse,
      company: unit.company ? `${unit.company.name} (${unit.company.code})` : null,
      department: departmentLabel(unit.status.department),
      departmentHref: link.href,
    },
    history: { rows: history, page: paging.page, pageCount: paging.pageCount, total },
    requests: [...requests.values()].sort((a, b) => b.formHistoryId - a.formHistoryId),
    notes: notes.map((note) => ({
      id: note.id,
      subject: note.subject,
      author: `${note.author.firstName} ${note.author.lastName}`,
      department: note.noteType,
      written: formatDisplayDate(note.createdAt),
    })),
    transportJobs: jobs.map((job) => ({
      id: job.id,
      formHistoryId: job.formHistoryId,
      kind: job.kind === "DELIVERY" ? "Delivery" : "Pickup",
      carrier: job.vendor?.name ?? null,
      scheduled: formatUtcDay(job.scheduledDate),
      completed: formatDisplayDate(job.completedAt),
      from: place(job.fromCity, job.fromState),
      to: place(job.toCity, job.toState),
    })),
    claims: claims.map((claim) => ({
      claimNumber: claim.claimNumber,
      status: claim.status,
      amount: claim.amount.toFixed(2),
      opened: formatDisplayDate(claim.openedAt),
      description: claim.description,
    })),
    creditMemos: memoLines.map((line) => ({
      creditMemoId: line.creditMemo.id,
      invoiceClaim: line.creditMemo.invoiceClaim,
      status: line.creditMemo.status,
      amount: line.amount.toFixed(2),
      memoDate: formatUtcDay(line.creditMemo.memoDate),
    })),
    auctionListings: listings.map((listing) => ({
      id: listing.id,
      href: auctionListingHref(listing.id),
      source: listing.source,
      buyNowPrice: listing.buyNowPrice?.toFixed(2) ?? null,
      listed: formatDisplayDate(listing.listedAt),
      ended: formatDisplayDate(listing.endedAt),
    })),
  };
}

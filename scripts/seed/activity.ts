// What staff leave behind while working: notes on requests and units, auction listings for the units
// sales sends to auction, page visits and dashboard feedback.
import { UNIT_STATUSES } from "../../app/rules/fleet/unit-statuses.ts";
import { MS_PER_DAY, timestampText } from "./clock.ts";
import type { SeedContext, UnitInfo } from "./context.ts";
import { createRandom } from "./random.ts";
import {
  AUCTIONS,
  FEEDBACK_MESSAGES,
  OFF_RENT_NOTE_SUBJECTS,
  ORDER_NOTE_SUBJECTS,
  UNIT_NOTE_SUBJECTS,
} from "./reference-data.ts";

/** The board a unit's notes are written on (NoteType is the lower-case route name). */
const UNIT_NOTE_BOARD: Record<string, { noteType: string; subjects: keyof typeof UNIT_NOTE_SUBJECTS; staff: string }> =
  {
    recon: { noteType: "recon", subjects: "recon", staff: "Recon" },
    sales: { noteType: "sales", subjects: "sales", staff: "Sales" },
    titles: { noteType: "titles", subjects: "titles", staff: "Titles" },
    ar: { noteType: "accounts-receivable", subjects: "ar", staff: "Accounts Receivable" },
  };

export function buildNotes(ctx: SeedContext): void {
  const { clock } = ctx;
  const random = createRandom("notes");
  const note = (input: {
    formHistoryId: number | null;
    unit: UnitInfo | null;
    noteType: string;
    subject: string;
    authorId: number;
    at: number;
  }) => {
    const cancelled = random.chance(0.08);
    ctx.add("Note", {
      id: ctx.nextId("Note"),
      formHistoryId: input.formHistoryId,
      unitId: input.unit?.id ?? null,
      unitNumber: input.unit?.unitNumber ?? null,
      noteType: input.noteType,
      subject: input.subject,
      authorId: input.authorId,
      createdAt: timestampText(input.at),
      cancelled,
      cancelledAt: cancelled ? timestampText(input.at + (clock.nowMs - input.at) * random.float(0.1, 0.9)) : null,
      cancelledById: cancelled ? input.authorId : null,
    });
  };

  for (const form of ctx.forms) {
    const count = random.weighted([
      [0, 40],
      [1, 30],
      [2, 20],
      [3, 10],
    ] as const);
    for (let i = 0; i < count; i++) {
      const transport = form.stage >= 1 && random.chance(0.2);
      const noteType = transport ? "transport" : form.board;
      const staff = random.pick(
        ctx.staffOf(transport ? "Transport" : form.board === "onboarding" ? "On Rent" : "Off Rent"),
      );
      const end = Math.max(form.lastActivityAt, form.submittedAt + MS_PER_DAY);
      note({
        formHistoryId: form.id,
        unit: null,
        noteType,
        subject: random.pick(form.board === "onboarding" ? ORDER_NOTE_SUBJECTS : OFF_RENT_NOTE_SUBJECTS),
        authorId: staff.id,
        at: Math.min(clock.nowMs - 0.01 * MS_PER_DAY, random.float(form.submittedAt, end)),
      });
    }
  }

  const departmentOf = new Map(UNIT_STATUSES.map((s) => [s.name, s.department]));
  for (const unit of ctx.units) {
    const board = UNIT_NOTE_BOARD[departmentOf.get(unit.status) ?? "titles"];
    if (!board || !random.chance(0.2)) continue;
    const count = random.int(1, 2);
    for (let i = 0; i < count; i++) {
      note({
        formHistoryId: null,
        unit,
        noteType: board.noteType,
        subject: random.pick(UNIT_NOTE_SUBJECTS[board.subjects]),
        authorId: random.pick(ctx.staffOf(board.staff)).id,
        at: unit.statusChangedAt + (clock.nowMs - unit.statusChangedAt) * random.float(0.05, 0.95),
      });
    }
  }

  // AR works each claim in notes on its unit, so a claimed unit's page on the unit hub tells its whole story
  // (returned, picked up, claimed, discussed). A stream of its own: the notes above stay as they were.
  const claimNotes = createRandom("claim-notes");
  const unitsById = new Map(ctx.units.map((unit) => [unit.id, unit]));
  const arStaff = ctx.staffOf("Accounts Receivable");
  for (const claim of ctx.rowsOf("Claim")) {
    const unit = unitsById.get(claim.unitId as number);
    if (!unit || arStaff.length === 0 || !claimNotes.chance(0.8)) continue;
    const openedAt = Date.parse(`${String(claim.openedAt).replace(" ", "T")}Z`);
    const subjects = claimNotes.pick(CLAIM_NOTE_STORIES);
    subjects.forEach((subject, i) => {
      const at = Math.min(clock.nowMs - 0.01 * MS_PER_DAY, openedAt + (i + claimNotes.float(0.2, 1)) * 3 * MS_PER_DAY);
      note({
        formHistoryId: (claim.formHistoryId as number | null) ?? null,
        unit,
        noteType: "accounts-receivable",
        subject: subject.replace("{claim}", String(claim.claimNumber)),
        authorId: claimNotes.pick(arStaff).id,
        at,
      });
    });
  }
}

/** The listings' photos: keys of stored demo photos (scripts/seed/listing-photos.ts), shared across listings. */
export interface ListingPhotoKeys {
  smallUrl: string;
  largeUrl: string;
}

/** What AR writes while working a claim, in order ({claim}: its number). */
const CLAIM_NOTE_STORIES = [
  ["Opened {claim}: photos from the return inspection attached", "Estimate sent to the customer for {claim}"],
  ["{claim}: customer disputes the damage, asked for the check-in photos", "{claim}: customer accepted after review"],
  [
    "{claim}: waiting on the body shop's repair estimate",
    "{claim} billed to the customer",
    "Payment received for {claim}",
  ],
] as const;

const SALES_LISTED: Partial<Record<string, number>> = {
  "At Auction": 1,
  "FOR SALE": 0.6,
  "Hold for Sale": 0.25,
  RETAIL: 0.4,
  "Sold Not Delivered": 0.4,
  SOLD: 0.4,
};

const OUTSIDE_SELLERS = ["Prairie Leasing", "Summit Fleet Remarketing", "Lone Star Work Trucks", "Keystone Rentals"];

/**
 * Auction listings: the company's units in the sales statuses (every one at auction, some for sale,
 * held for sale, retail or sold), linked by VIN, and market comparables from other sellers (no unit), each
 * with two to four of the shared demo photos.
 */
export function buildAuctionListings(ctx: SeedContext, photos: readonly ListingPhotoKeys[] = []): void {
  const { clock } = ctx;
  const random = createRandom("auction-listings");
  const addPhotos = (listingId: number) => {
    if (photos.length === 0) return;
    const count = random.int(2, Math.min(4, photos.length));
    const first = random.int(0, photos.length - 1);
    for (let position = 0; position < count; position++) {
      const photo = photos[(first + position) % photos.length]!;
      ctx.add("AuctionListingImage", { id: ctx.nextId("AuctionListingImage"), listingId, position, ...photo });
    }
  };
  const listing = (unit: UnitInfo, own: boolean, listedAt: number, endedAt: number | null) => {
    const id = ctx.nextId("AuctionListing");
    const auction = random.pick(AUCTIONS);
    if (own) unit.auction = auction;
    const ageYears = Math.max(0, clock.year - unit.year);
    // Market price (MMR) falls with age and miles; buy-now asks around it.
    const mmr = Math.max(
      8_000,
      Math.round((unit.msrp * Math.pow(0.86, ageYears + 0.5) - unit.odometer * 0.07) / 100) * 100,
    );
    const buyNow = Math.round((mmr * random.float(0.94, 1.12)) / 100) * 100;
    ctx.add("AuctionListing", {
      id,
      unitId: own ? unit.id : null,
      vin: unit.vin,
      year: unit.year,
      make: unit.make,
      model: unit.model,
      trim: unit.trim,
      odometer: unit.odometer,
      exteriorColor: unit.color,
      interiorColor: random.pick(["Medium Earth Gray", "Jet Black", "Diesel Gray", "Black"]),
      buyNowPrice: buyNow.toFixed(2),
      mmrPrice: mmr.toFixed(2),
      facilitatingAuction: `Manheim ${auction.city}`,
      locationCity: auction.city,
      locationFullZipcode: `${auction.zip}-${random.digits(4)}`,
      pickupLocationState: auction.state,
      sellerName: own ? "Fleet Ops Truck Rental" : random.pick(OUTSIDE_SELLERS),
      source: random.weighted([
        ["Manheim", 3],
        ["OVE", 1],
      ] as const),
      comments: random.pick([
        "One owner fleet truck, maintained on schedule.",
        "Light scratches on bed rails. Runs and drives.",
        "Tires at 50%. Service records available.",
        "Fresh recon, new wipers and detail.",
      ]),
      listingUrl: `https://auctions.example.com/listings/${unit.vin}`,
      listedAt: timestampText(listedAt),
      endedAt: endedAt === null ? null : timestampText(endedAt),
    });
    addPhotos(id);
  };
  for (const unit of ctx.units) {
    const chance = SALES_LISTED[unit.status];
    if (chance === undefined || !random.chance(chance)) continue;
    const sold = unit.status === "Sold Not Delivered" || unit.status === "SOLD";
    const listedAt = sold
      ? unit.statusChangedAt - random.float(5, 20) * MS_PER_DAY
      : Math.min(clock.nowMs - 0.05 * MS_PER_DAY, unit.statusChangedAt + random.float(0.2, 2) * MS_PER_DAY);
    listing(unit, true, listedAt, sold ? unit.statusChangedAt : null);
  }
  // Comparables: trucks like ours that other sellers list (their VINs are ours with another serial).
  const comparables = Math.max(6, Math.round(ctx.units.length / 25));
  for (let index = 0; index < comparables; index++) {
    const like = random.pick(ctx.units);
    const serial = String(900_000 + index).padStart(6, "0");
    const vin = `${like.vin.slice(0, 11)}${serial}`;
    const odometer = Math.max(1_000, Math.round(like.odometer * random.float(0.7, 1.3)));
    listing({ ...like, vin, odometer }, false, clock.nowMs - random.float(0.5, 12) * MS_PER_DAY, null);
  }
}

const BOARD_PAGE: Record<string, string> = {
  Administration: "/employee-management",
  "On Rent": "/onboarding",
  "Off Rent": "/offboarding",
  Transport: "/transport",
  "Accounts Receivable": "/accounts-receivable",
  "AR Read Only": "/accounts-receivable",
  Recon: "/recon",
  Sales: "/sales",
  Titles: "/titles",
  "Client Relations": "/client-relations",
  Executive: "/owners-stats",
};
const COMMON_PAGES = ["/home", "/home-apps", "/overview", "/profile", "/docs", "/release-notes"];

export function buildTracking(ctx: SeedContext): void {
  const { clock, sizes } = ctx;
  const random = createRandom("tracking");
  const staff = ctx.staff.filter((s) => s.department !== null);
  for (let i = 0; i < sizes.pageVisits; i++) {
    const member = random.pick(staff);
    const page = random.chance(0.6) ? (BOARD_PAGE[member.department!] ?? "/home") : random.pick(COMMON_PAGES);
    const at = timestampText(clock.daysAgo(random.float(0.01, 30)));
    ctx.add("PageVisit", { id: ctx.nextId("PageVisit"), userId: member.id, page, visitedAt: at, createdAt: at });
  }
  // Visits in time order, as the tracking endpoint would have recorded them.
  const visits = ctx.rowsOf("PageVisit");
  visits.sort((a, b) =>
    String(a.visitedAt) < String(b.visitedAt) ? -1 : String(a.visitedAt) > String(b.visitedAt) ? 1 : 0,
  );
  visits.forEach((row, index) => (row.id = index + 1));

  for (let i = 0; i < sizes.feedback; i++) {
    const member = random.pick(staff);
    ctx.add("Feedback", {
      id: ctx.nextId("Feedback"),
      userId: member.id,
      name: member.name,
      message: random.pick(FEEDBACK_MESSAGES),
      url: BOARD_PAGE[member.department!] ?? "/home",
      createdAt: timestampText(clock.daysAgo(random.float(0.1, 60))),
    });
  }
}

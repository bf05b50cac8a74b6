// The facts the fleet reports read beside the units themselves (ADR 059): the list of industries the
// companies link to, the places units stand (the company's lots, the auctions their listings name, body shops
// and upfitters), and each unit's registration. Odometer readings come with the unit history
// (odometer-readings.ts), the daily snapshots from the SQL the app's job runs (index.ts).
import type { UnitStatusName } from "../../app/rules/fleet/unit-statuses.ts";
import { dateText, MS_PER_DAY } from "./clock.ts";
import type { SeedContext, UnitInfo } from "./context.ts";
import { createRandom } from "./random.ts";
import {
  AUCTIONS,
  BODY_SHOPS,
  CITIES,
  INDUSTRIES,
  LOTS,
  type NamedPlace,
  type Place,
  UPFITTERS,
} from "./reference-data.ts";

/** The industries, before the companies that link to them. */
export function buildIndustries(ctx: SeedContext): void {
  for (const name of INDUSTRIES) {
    const id = ctx.nextId("Industry");
    ctx.industryIds.set(name, id);
    ctx.add("Industry", { id, name });
  }
}

type LocationKind = "LOT" | "AUCTION" | "BODY_SHOP" | "UPFITTER";

const lotName = (lot: Place) => `${lot.city} Lot`;
// The name a listing gives its auction (AuctionListing.facilitatingAuction).
const auctionName = (auction: Place) => `Manheim ${auction.city}`;

/** Statuses in which a unit stands nowhere of ours: at a customer, or sold and gone. */
const AT_NO_LOCATION: ReadonlySet<UnitStatusName> = new Set(["ON RENT", "SOLD"]);
/** On the road: bound for or coming from its lot, and still where the road has it (locationState). */
const ON_THE_ROAD: ReadonlySet<UnitStatusName> = new Set(["IN TRANSIT", "IN TRANSIT (SELLER)"]);

/**
 * The locations, and each unit's: a unit at auction at the auction its listing names, in the body shop at
 * the one near its lot, a new unit awaiting its upfit at an upfitter, a unit on rent or sold at none, and
 * every other at its lot. A unit standing at a location is in that location's state.
 */
export function buildLocations(ctx: SeedContext): void {
  const random = createRandom("locations");
  const ids = new Map<string, { id: number; place: NamedPlace }>();
  const add = (kind: LocationKind, place: NamedPlace) => {
    const id = ctx.nextId("Location");
    ids.set(place.name, { id, place });
    ctx.add("Location", { id, name: place.name, kind, city: place.city, state: place.state });
  };
  for (const lot of LOTS) add("LOT", { name: lotName(lot), city: lot.city, state: lot.state });
  for (const auction of AUCTIONS)
    add("AUCTION", { name: auctionName(auction), city: auction.city, state: auction.state });
  for (const shop of BODY_SHOPS) add("BODY_SHOP", shop);
  for (const upfitter of UPFITTERS) add("UPFITTER", upfitter);

  const near = (places: readonly NamedPlace[], unit: UnitInfo) =>
    places.find((place) => place.state === unit.lot.state) ?? random.pick(places);
  const place = (unit: UnitInfo): string | null => {
    if (AT_NO_LOCATION.has(unit.status)) return null;
    if (unit.status === "At Auction") return auctionName(unit.auction ?? random.pick(AUCTIONS));
    if (unit.status === "BODY SHOP") return near(BODY_SHOPS, unit).name;
    if (unit.status === "NEW" && unit.subStatus === "Awaiting Upfit") return near(UPFITTERS, unit).name;
    return lotName(unit.lot);
  };
  for (const unit of ctx.units) {
    const name = place(unit);
    const location = name === null ? undefined : ids.get(name);
    unit.locationId = location?.id ?? null;
    if (location && !ON_THE_ROAD.has(unit.status)) unit.locationState = location.place.state;
  }
}

/**
 * Registration: mostly in the state of the unit's home lot, renewed yearly, so expiry dates spread over the
 * coming year; about one unit in ten expires within 60 days and a few have expired.
 */
export function buildRegistrations(ctx: SeedContext): void {
  const random = createRandom("registrations");
  const { clock } = ctx;
  for (const unit of ctx.units) {
    unit.registrationState = random.chance(0.9) ? unit.lot.state : random.pick(CITIES).state;
    const window = random.weighted([
      ["expired", 3],
      ["soon", 10],
      ["later", 87],
    ] as const);
    const daysAhead =
      window === "expired" ? -random.int(1, 75) : window === "soon" ? random.int(0, 60) : random.int(61, 365);
    unit.registrationExpiry = clock.nowMs + daysAhead * MS_PER_DAY;
  }
}

/** The registration columns of a unit's row. */
export function registrationColumns(unit: UnitInfo): {
  registrationState: string | null;
  registrationExpiry: string | null;
} {
  return {
    registrationState: unit.registrationState,
    registrationExpiry: unit.registrationExpiry === null ? null : dateText(unit.registrationExpiry),
  };
}

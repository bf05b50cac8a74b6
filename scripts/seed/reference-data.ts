// Fixed word lists the demo data is drawn from: real US places, the trucks each type is bought as,
// sub-statuses per unit status, and the phrases staff write in notes.
import type { TruckType } from "../../app/rules/fleet/truck-types.ts";
import type { UnitStatusName } from "../../app/rules/fleet/unit-statuses.ts";

export interface Place {
  city: string;
  state: string;
  zip: string;
}

/** Customer cities and job sites: places where contractors, utilities and energy firms work. */
export const CITIES: readonly Place[] = [
  { city: "Houston", state: "TX", zip: "77002" },
  { city: "Dallas", state: "TX", zip: "75201" },
  { city: "Fort Worth", state: "TX", zip: "76102" },
  { city: "San Antonio", state: "TX", zip: "78205" },
  { city: "Austin", state: "TX", zip: "78701" },
  { city: "Midland", state: "TX", zip: "79701" },
  { city: "Odessa", state: "TX", zip: "79761" },
  { city: "Corpus Christi", state: "TX", zip: "78401" },
  { city: "Lubbock", state: "TX", zip: "79401" },
  { city: "Oklahoma City", state: "OK", zip: "73102" },
  { city: "Tulsa", state: "OK", zip: "74103" },
  { city: "Shreveport", state: "LA", zip: "71101" },
  { city: "Baton Rouge", state: "LA", zip: "70801" },
  { city: "Lafayette", state: "LA", zip: "70501" },
  { city: "Little Rock", state: "AR", zip: "72201" },
  { city: "Jackson", state: "MS", zip: "39201" },
  { city: "Birmingham", state: "AL", zip: "35203" },
  { city: "Mobile", state: "AL", zip: "36602" },
  { city: "Atlanta", state: "GA", zip: "30303" },
  { city: "Savannah", state: "GA", zip: "31401" },
  { city: "Macon", state: "GA", zip: "31201" },
  { city: "Jacksonville", state: "FL", zip: "32202" },
  { city: "Orlando", state: "FL", zip: "32801" },
  { city: "Tampa", state: "FL", zip: "33602" },
  { city: "Charlotte", state: "NC", zip: "28202" },
  { city: "Raleigh", state: "NC", zip: "27601" },
  { city: "Greensboro", state: "NC", zip: "27401" },
  { city: "Columbia", state: "SC", zip: "29201" },
  { city: "Greenville", state: "SC", zip: "29601" },
  { city: "Nashville", state: "TN", zip: "37203" },
  { city: "Knoxville", state: "TN", zip: "37902" },
  { city: "Memphis", state: "TN", zip: "38103" },
  { city: "Louisville", state: "KY", zip: "40202" },
  { city: "Lexington", state: "KY", zip: "40507" },
  { city: "Richmond", state: "VA", zip: "23219" },
  { city: "Norfolk", state: "VA", zip: "23510" },
  { city: "Charleston", state: "WV", zip: "25301" },
  { city: "Pittsburgh", state: "PA", zip: "15222" },
  { city: "Harrisburg", state: "PA", zip: "17101" },
  { city: "Columbus", state: "OH", zip: "43215" },
  { city: "Cleveland", state: "OH", zip: "44113" },
  { city: "Cincinnati", state: "OH", zip: "45202" },
  { city: "Indianapolis", state: "IN", zip: "46204" },
  { city: "Fort Wayne", state: "IN", zip: "46802" },
  { city: "Detroit", state: "MI", zip: "48226" },
  { city: "Grand Rapids", state: "MI", zip: "49503" },
  { city: "Chicago", state: "IL", zip: "60601" },
  { city: "Peoria", state: "IL", zip: "61602" },
  { city: "Milwaukee", state: "WI", zip: "53202" },
  { city: "Minneapolis", state: "MN", zip: "55401" },
  { city: "Des Moines", state: "IA", zip: "50309" },
  { city: "Kansas City", state: "MO", zip: "64106" },
  { city: "St. Louis", state: "MO", zip: "63101" },
  { city: "Wichita", state: "KS", zip: "67202" },
  { city: "Omaha", state: "NE", zip: "68102" },
  { city: "Denver", state: "CO", zip: "80202" },
  { city: "Colorado Springs", state: "CO", zip: "80903" },
  { city: "Greeley", state: "CO", zip: "80631" },
  { city: "Cheyenne", state: "WY", zip: "82001" },
  { city: "Casper", state: "WY", zip: "82601" },
  { city: "Williston", state: "ND", zip: "58801" },
  { city: "Bismarck", state: "ND", zip: "58501" },
  { city: "Billings", state: "MT", zip: "59101" },
  { city: "Salt Lake City", state: "UT", zip: "84101" },
  { city: "Albuquerque", state: "NM", zip: "87102" },
  { city: "Farmington", state: "NM", zip: "87401" },
  { city: "Phoenix", state: "AZ", zip: "85003" },
  { city: "Tucson", state: "AZ", zip: "85701" },
  { city: "Las Vegas", state: "NV", zip: "89101" },
  { city: "Reno", state: "NV", zip: "89501" },
  { city: "Bakersfield", state: "CA", zip: "93301" },
  { city: "Fresno", state: "CA", zip: "93721" },
  { city: "Sacramento", state: "CA", zip: "95814" },
  { city: "Riverside", state: "CA", zip: "92501" },
  { city: "Portland", state: "OR", zip: "97204" },
  { city: "Spokane", state: "WA", zip: "99201" },
  { city: "Boise", state: "ID", zip: "83702" },
];

/** The company's own yards, where units wait between rentals. */
export const LOTS: readonly Place[] = [
  { city: "Dallas", state: "TX", zip: "75212" },
  { city: "Houston", state: "TX", zip: "77029" },
  { city: "Atlanta", state: "GA", zip: "30336" },
  { city: "Columbus", state: "OH", zip: "43207" },
  { city: "Phoenix", state: "AZ", zip: "85043" },
  { city: "Denver", state: "CO", zip: "80216" },
  { city: "Charlotte", state: "NC", zip: "28208" },
  { city: "Oklahoma City", state: "OK", zip: "73129" },
];

export const AUCTIONS: readonly Place[] = [
  { city: "Dallas", state: "TX", zip: "75261" },
  { city: "Atlanta", state: "GA", zip: "30336" },
  { city: "Phoenix", state: "AZ", zip: "85043" },
  { city: "Grove City", state: "OH", zip: "43123" },
  { city: "Denver", state: "CO", zip: "80216" },
  { city: "Nashville", state: "TN", zip: "37080" },
];

export interface TruckModel {
  make: "Ford" | "Chevrolet" | "Ram";
  model: string;
  /** First three VIN characters (world manufacturer identifier). */
  wmi: string;
  /** VIN positions 4–8 (vehicle descriptor; the check digit is computed). */
  descriptor: string;
  trims: readonly string[];
  /** Typical new price, for auction prices. */
  msrp: number;
}

/** What each truck type is bought as: three makes per type. */
export const TRUCK_MODELS: Record<TruckType, readonly TruckModel[]> = {
  HALF_TON: [
    { make: "Ford", model: "F-150", wmi: "1FT", descriptor: "EW1EP", trims: ["XL", "XLT", "STX"], msrp: 46_000 },
    {
      make: "Chevrolet",
      model: "Silverado 1500",
      wmi: "1GC",
      descriptor: "UYAEF",
      trims: ["WT", "Custom", "LT"],
      msrp: 45_000,
    },
    { make: "Ram", model: "1500", wmi: "1C6", descriptor: "SRFGT", trims: ["Tradesman", "Big Horn"], msrp: 44_000 },
  ],
  THREE_QUARTER_TON: [
    { make: "Ford", model: "F-250", wmi: "1FT", descriptor: "BF2BA", trims: ["XL", "XLT"], msrp: 52_000 },
    {
      make: "Chevrolet",
      model: "Silverado 2500HD",
      wmi: "1GC",
      descriptor: "4YLE7",
      trims: ["WT", "Custom", "LT"],
      msrp: 53_000,
    },
    { make: "Ram", model: "2500", wmi: "3C6", descriptor: "UR5CJ", trims: ["Tradesman", "Big Horn"], msrp: 51_000 },
  ],
  ONE_TON_FLATBED: [
    { make: "Ford", model: "F-350 Flatbed", wmi: "1FD", descriptor: "RF3H6", trims: ["XL"], msrp: 61_000 },
    {
      make: "Chevrolet",
      model: "Silverado 3500HD Flatbed",
      wmi: "1GB",
      descriptor: "3YSE7",
      trims: ["WT"],
      msrp: 62_000,
    },
    { make: "Ram", model: "3500 Flatbed", wmi: "3C7", descriptor: "WRAKG", trims: ["Tradesman"], msrp: 60_000 },
  ],
  ONE_TON_SERVICE_BODY: [
    { make: "Ford", model: "F-350 Service Body", wmi: "1FD", descriptor: "RF3A6", trims: ["XL"], msrp: 68_000 },
    {
      make: "Chevrolet",
      model: "Silverado 3500HD Service Body",
      wmi: "1GB",
      descriptor: "3YLE7",
      trims: ["WT"],
      msrp: 69_000,
    },
    { make: "Ram", model: "3500 Service Body", wmi: "3C7", descriptor: "WRAL4", trims: ["Tradesman"], msrp: 67_000 },
  ],
};

/** Share of the fleet per make (Ford, Chevrolet, Ram). */
export const MAKE_WEIGHTS = [0.46, 0.31, 0.23] as const;

export const TRUCK_TYPE_WEIGHTS: ReadonlyArray<readonly [TruckType, number]> = [
  ["HALF_TON", 0.4],
  ["THREE_QUARTER_TON", 0.3],
  ["ONE_TON_FLATBED", 0.15],
  ["ONE_TON_SERVICE_BODY", 0.15],
];

/** Unit-number letter per truck type: H24-0417 is a 2024 half-ton. */
export const UNIT_NUMBER_LETTER: Record<TruckType, string> = {
  HALF_TON: "H",
  THREE_QUARTER_TON: "Q",
  ONE_TON_FLATBED: "F",
  ONE_TON_SERVICE_BODY: "S",
};

export const COLORS_BY_MAKE: Record<TruckModel["make"], ReadonlyArray<readonly [string, number]>> = {
  Ford: [
    ["Oxford White", 70],
    ["Iconic Silver", 10],
    ["Carbonized Gray", 8],
    ["Agate Black", 6],
    ["Atlas Blue", 3],
    ["Race Red", 3],
  ],
  Chevrolet: [
    ["Summit White", 72],
    ["Silver Ice Metallic", 10],
    ["Black", 7],
    ["Satin Steel Gray", 6],
    ["Northsky Blue", 3],
    ["Red Hot", 2],
  ],
  Ram: [
    ["Bright White", 70],
    ["Billet Silver", 10],
    ["Granite Crystal", 9],
    ["Diamond Black", 6],
    ["Patriot Blue", 3],
    ["Flame Red", 2],
  ],
};

/** Monthly rent per truck type (range in dollars). */
export const MONTHLY_RATE: Record<TruckType, readonly [number, number]> = {
  HALF_TON: [1_150, 1_450],
  THREE_QUARTER_TON: [1_350, 1_700],
  ONE_TON_FLATBED: [1_650, 2_050],
  ONE_TON_SERVICE_BODY: [1_850, 2_400],
};

/** Sub-statuses a unit passes through in each status; the last one listed is where it usually ends. */
export const SUB_STATUSES: Record<UnitStatusName, readonly string[]> = {
  NEW: ["Awaiting Upfit", "Registration Pending", "Ready"],
  "RE-RENT": ["Detail Needed", "Awaiting Keys", "Ready"],
  "ON RENT": ["Delivered", "Active", "Renewal Pending"],
  "OFF RENT": ["Returned", "Inspection Pending", "Inspected"],
  "IN TRANSIT": ["To Customer", "From Customer", "To Lot", "To Body Shop"],
  "IN TRANSIT (SELLER)": ["To Buyer", "To Auction"],
  "ON LOT": ["Inspection Pending", "Inspected", "Awaiting Decision"],
  "BODY SHOP": ["Estimate Pending", "In Repair", "Repair Complete"],
  "In Maintenance": ["Diagnosis", "Waiting on Parts", "In Service"],
  "Hold for Sale": ["Title Pending", "Pricing Review"],
  "FOR SALE": ["Listed", "Pricing Review", "Offer Pending"],
  "At Auction": ["Listed", "Run Scheduled", "No Sale - Relist"],
  RETAIL: ["On Retail Lot", "Deposit Taken"],
  "Sold Not Delivered": ["Awaiting Payment", "Awaiting Pickup"],
  Claims: ["Adjuster Assigned", "Estimate Received", "Awaiting Approval"],
  SOLD: ["Title Pending", "Title Sent", "Closed"],
};

/** The screen or process each status change is made from (UnitHistory.changedFrom). */
export const CHANGED_FROM: Record<UnitStatusName, readonly string[]> = {
  NEW: ["Fleet Import", "Unit Hub"],
  "RE-RENT": ["Recon Board", "Status Count"],
  "ON RENT": ["Transport Board", "Onboarding Board"],
  "OFF RENT": ["Offboarding Board", "Transport Board"],
  "IN TRANSIT": ["Transport Board"],
  "IN TRANSIT (SELLER)": ["Titles Board", "Transport Board"],
  "ON LOT": ["Recon Board", "Transport Board"],
  "BODY SHOP": ["Recon Board"],
  "In Maintenance": ["Recon Board"],
  "Hold for Sale": ["Sales Board", "Recon Board"],
  "FOR SALE": ["Sales Board"],
  "At Auction": ["Sales Board", "Manheim Listings"],
  RETAIL: ["Sales Board"],
  "Sold Not Delivered": ["Sales Board", "Titles Board"],
  Claims: ["Accounts Receivable", "Recon Board"],
  SOLD: ["Titles Board"],
};

export const LATE_OVERRIDE_REASONS = [
  "Customer extended pickup window",
  "Parts on back order",
  "Waiting on title from DMV",
  "Body shop backlog - approved by manager",
  "Held for customer swap",
  "Auction run rescheduled",
  "Insurance adjuster delayed",
  "Upfitter delay on service body",
] as const;

export const TRUCK_NOTES = [
  "Spare key in lockbox",
  "Ladder rack installed",
  "Tow package",
  "Bed liner",
  "Rear camera intermittent",
  "Needs front tires within 5k miles",
  "Toolbox keys with titles",
  "Fleet decals removed",
  "Windshield chip - monitor",
  "Strobe light bar installed",
] as const;

export const COMPANY_NAME_SUFFIXES = [
  "Construction",
  "Excavating",
  "Electric",
  "Pipeline",
  "Utility Services",
  "Landscaping",
  "Roofing",
  "Mechanical",
  "Energy Services",
  "Paving",
  "Fence & Supply",
  "Drilling",
  "Telecom",
  "Plumbing",
  "Civil Contractors",
  "Environmental",
  "Solar",
  "Field Services",
  "Concrete",
  "Oilfield Services",
] as const;

export const INDUSTRIES_BY_SUFFIX: Record<string, string> = {
  Construction: "Construction",
  Excavating: "Construction",
  Electric: "Electrical",
  Pipeline: "Oil & Gas",
  "Utility Services": "Utilities",
  Landscaping: "Landscaping",
  Roofing: "Construction",
  Mechanical: "HVAC",
  "Energy Services": "Oil & Gas",
  Paving: "Construction",
  "Fence & Supply": "Construction",
  Drilling: "Oil & Gas",
  Telecom: "Telecommunications",
  Plumbing: "Plumbing",
  "Civil Contractors": "Construction",
  Environmental: "Environmental",
  Solar: "Renewable Energy",
  "Field Services": "Utilities",
  Concrete: "Construction",
  "Oilfield Services": "Oil & Gas",
};

/** The maintained list of industries: those the company names imply, and a few no demo customer is in yet. */
export const INDUSTRIES: readonly string[] = [
  ...new Set([...Object.values(INDUSTRIES_BY_SUFFIX), "Agriculture", "Government", "Mining", "Waste Management"]),
].sort();

export interface NamedPlace {
  name: string;
  city: string;
  state: string;
}

/** Body shops the company sends damaged units to, one near each lot. */
export const BODY_SHOPS: readonly NamedPlace[] = [
  { name: "Metroplex Collision Center", city: "Dallas", state: "TX" },
  { name: "Gulf Coast Auto Body", city: "Houston", state: "TX" },
  { name: "Peachtree Collision", city: "Atlanta", state: "GA" },
  { name: "Buckeye Fleet Body Works", city: "Columbus", state: "OH" },
  { name: "Desert Collision Repair", city: "Phoenix", state: "AZ" },
  { name: "Front Range Auto Body", city: "Denver", state: "CO" },
  { name: "Queen City Collision", city: "Charlotte", state: "NC" },
  { name: "Sooner Body & Paint", city: "Oklahoma City", state: "OK" },
];

/** Upfitters that fit racks, boxes and service bodies to new trucks before their first rental. */
export const UPFITTERS: readonly NamedPlace[] = [
  { name: "Lone Star Work Truck Upfitters", city: "Fort Worth", state: "TX" },
  { name: "Southeast Fleet Upfit", city: "Macon", state: "GA" },
];

export const VENDOR_TRANSPORT_WORDS = [
  "Transport",
  "Auto Transport",
  "Logistics",
  "Hauling",
  "Carriers",
  "Freight",
  "Trucking",
  "Vehicle Delivery",
] as const;

export const RENTAL_LENGTHS = [
  "3 months",
  "6 months",
  "9 months",
  "12 months",
  "18 months",
  "24 months",
  "Ongoing",
] as const;

/** The priority reasons a request can be given (Other carries free text). */
export const PRIORITY_REASONS = [
  "New Customer",
  "In Service Trade",
  "Expiring Registration Trade",
  "Hard Deadline",
] as const;
export const OTHER_PRIORITY_TEXTS = [
  "Customer escalated to regional VP",
  "Storm response crew",
  "Replacement for totaled unit",
  "Job start moved up a week",
] as const;

export const ORDER_NOTE_SUBJECTS = [
  "Customer called to confirm delivery window",
  "Left voicemail for site contact",
  "PO to follow from customer accounting",
  "Gate code needed for delivery - requested from customer",
  "Customer asked for white trucks only",
  "Credit application approved",
  "Delivery contact changed, see edit history",
  "Customer wants trucks staged at the yard entrance",
  "Waiting on COI from customer",
  "Confirmed second keys requested",
] as const;

export const OFF_RENT_NOTE_SUBJECTS = [
  "Customer says keys are in the cup holder",
  "Pickup rescheduled at customer request",
  "Unit at a different site than the form says",
  "Customer reported a cracked windshield",
  "Confirmed pickup address with site foreman",
  "Odometer photo received",
] as const;

export const UNIT_NOTE_SUBJECTS: Record<"ar" | "recon" | "sales" | "titles", readonly string[]> = {
  ar: ["Final invoice sent", "Damage charge disputed by customer", "Customer paid by ACH", "Waiting on PO for damage"],
  recon: [
    "Needs 4 new tires",
    "Bumper replaced",
    "Full detail done",
    "Check engine light - sent to dealer",
    "Estimate approved",
  ],
  sales: ["Listed at buy-now price", "Buyer asked for more photos", "Price dropped 5%", "Relisted after no-sale"],
  titles: ["Title requested from lender", "Title mailed to buyer", "Lien release received", "Duplicate title ordered"],
};

export const CANCELLATION_NOTES = [
  "Customer cancelled - project postponed",
  "Duplicate of another order",
  "Customer went with a purchase instead",
  "Credit not approved",
] as const;

export const CLAIM_DESCRIPTIONS = [
  "Rear bumper damage",
  "Cracked windshield",
  "Driver door dent and scrape",
  "Tailgate damaged by equipment",
  "Interior burn marks and stains",
  "Missing spare tire and jack",
  "Bed side panel crushed",
  "Mirror broken off",
] as const;

// The sources the Create Credit Memo dialog offers: the demo memos use the same list.
export { CREDIT_MEMO_SOURCES } from "../../app/rules/credit-memos/credit-memo-create.ts";

export const FEEDBACK_MESSAGES = [
  "Could the onboarding cards show the delivery city?",
  "Love the late highlighting on the status lists.",
  "Excel export on status details is missing the sub-status column.",
  "Transport board is faster since the last release, thanks!",
  "Please add a filter for priority orders only.",
  "Notes dialog should remember the last department I used.",
] as const;

// How much of everything each scale writes. "demo" is a believable company for clicking through;
// "large" is the same company grown to production-like volume for performance work.
import type { UnitStatusName } from "../../app/rules/fleet/unit-statuses.ts";

export type SeedScale = "demo" | "large";

export interface ScaleSizes {
  companies: number;
  units: number;
  vendors: number;
  /** Ordinary employees on top of the demo accounts. */
  employees: number;
  orders: number;
  offRents: number;
  trades: number;
  /** How many orders, off-rents and trades are split into 2–3 parts. */
  splitOrders: number;
  splitOffRents: number;
  splitTrades: number;
  damageReports: number;
  creditMemos: number;
  /** Months of rent invoices per open contract. */
  invoiceMonths: number;
  pageVisits: number;
  feedback: number;
  /**
   * Share of orders, off-rents and trades in each stage 0..3 (3 = delivered or returned: history). The
   * demo spreads them so every stage has plenty to click through; the large company has the mix of a
   * real one, where the open queue is the last few weeks of requests and the rest is history.
   */
  stageWeights: readonly [number, number, number, number];
  /** Completed requests (stage 3) were submitted between 8 days and this many days ago. */
  historyDays: number;
}

/** When requests still in each open stage (0–2) were submitted, in days ago. */
export const OPEN_STAGE_DAYS_AGO: readonly (readonly [number, number])[] = [
  [0.05, 4],
  [1, 12],
  [3, 25],
];

/**
 * Stage shares of a company whose requests arrive at a steady rate over `historyDays`: a stage holds the
 * requests submitted within its window of OPEN_STAGE_DAYS_AGO, so its share is the window's length over
 * the history's; completed requests are the rest.
 */
export function steadyStateWeights(historyDays: number): [number, number, number, number] {
  const [s0, s1, s2] = OPEN_STAGE_DAYS_AGO.map(([from, to]) => (to - from) / historyDays) as [number, number, number];
  return [s0, s1, s2, 1 - s0 - s1 - s2];
}

export const SCALES: Record<SeedScale, ScaleSizes> = {
  demo: {
    companies: 60,
    units: 1_500,
    vendors: 36,
    employees: 25,
    orders: 96,
    offRents: 48,
    trades: 24,
    splitOrders: 2,
    splitOffRents: 1,
    splitTrades: 2,
    damageReports: 24,
    creditMemos: 30,
    invoiceMonths: 3,
    pageVisits: 240,
    feedback: 8,
    stageWeights: [0.2, 0.25, 0.25, 0.3],
    historyDays: 120,
  },
  large: {
    companies: 2_000,
    units: 50_000,
    vendors: 600,
    employees: 250,
    orders: 5_000,
    offRents: 2_500,
    trades: 1_250,
    splitOrders: 60,
    splitOffRents: 30,
    splitTrades: 40,
    damageReports: 800,
    creditMemos: 1_000,
    invoiceMonths: 3,
    pageVisits: 20_000,
    feedback: 120,
    // Two years of requests arriving at a steady rate: the share in an open stage is the time a request
    // spends there over the two years (ADR 016), about 5 % in all; the rest is delivered or returned.
    stageWeights: steadyStateWeights(730),
    historyDays: 730,
  },
};

/** Share of the fleet in each status: most of it on rent, every status represented. */
export const STATUS_WEIGHTS: ReadonlyArray<readonly [UnitStatusName, number]> = [
  ["NEW", 90],
  ["RE-RENT", 110],
  ["ON RENT", 660],
  ["OFF RENT", 70],
  ["IN TRANSIT", 60],
  ["IN TRANSIT (SELLER)", 20],
  ["ON LOT", 55],
  ["BODY SHOP", 55],
  ["In Maintenance", 60],
  ["Hold for Sale", 40],
  ["FOR SALE", 55],
  ["At Auction", 50],
  ["RETAIL", 30],
  ["Sold Not Delivered", 25],
  ["Claims", 30],
  ["SOLD", 90],
];

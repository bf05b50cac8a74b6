// Customer requests: on-rent orders, off-rents and trades in every stage, with the reservations,
// returning units and transport jobs that make each stage true. Counts are derived from the units
// actually placed, so TrucksRequested = the four counts, TrucksRemaining = requested − carrier-assigned
// deliveries, and an off-rent's TrucksRemaining = returning units − carrier-assigned pickups.
// This file plans the requests (how many of each kind in each stage, which are split) and generates them
// oldest first; form-history.ts writes each request's FormHistory, orders.ts, off-rents.ts and trades.ts
// each kind's own record, deliveries.ts and returns.ts the units going out and coming back.
import { MS_PER_DAY } from "../clock.ts";
import type { SeedContext } from "../context.ts";
import type { CompanyPicker } from "../fleet.ts";
import { apportion } from "../random.ts";
import { OPEN_STAGE_DAYS_AGO } from "../scale.ts";
import { addOffRent } from "./off-rents.ts";
import { addOrder } from "./orders.ts";
import { type Job, type Kind, RequestSeed, type SplitInfo, type Stage } from "./shared.ts";
import { addTrade } from "./trades.ts";

export function buildRequests(ctx: SeedContext, picker: CompanyPicker): void {
  const seed = new RequestSeed(ctx, picker);
  for (const job of plannedJobs(seed)) generateRequest(seed, job);
}

/** Every request to generate, oldest first. */
function plannedJobs(seed: RequestSeed): Job[] {
  const { sizes } = seed.ctx;
  const jobs: Job[] = [];
  const plan: Array<[Kind, number, number]> = [
    ["ORDER", sizes.orders, sizes.splitOrders],
    ["OFF_RENT", sizes.offRents, sizes.splitOffRents],
    ["TRADE", sizes.trades, sizes.splitTrades],
  ];
  for (const [kind, total, splits] of plan) {
    const perStage = apportion(total, [...sizes.stageWeights], 1);
    const kindJobs: Job[] = [];
    perStage.forEach((count, stage) => {
      for (let i = 0; i < count; i++) {
        const [lo, hi] = stage === 3 ? [8, sizes.historyDays] : OPEN_STAGE_DAYS_AGO[stage]!;
        kindJobs.push({ kind, stage: stage as Stage, daysAgo: seed.random.float(lo, hi), parts: 1 });
      }
    });
    // Split requests are waiting for transport (stages 1 and 2): that is when a split is useful.
    const splittable = kindJobs.filter((j) => j.stage === 1 || j.stage === 2);
    seed.random.shuffle(splittable);
    splittable.slice(0, splits).forEach((job) => (job.parts = seed.random.chance(0.7) ? 2 : 3));
    jobs.push(...kindJobs);
  }
  // Oldest first, so FormHistory ids grow with submission time as they would in production.
  jobs.sort((a, b) => b.daysAgo - a.daysAgo);
  return jobs;
}

/** One customer request: each of its parts, and the split's audit entry on the first. */
export function generateRequest(seed: RequestSeed, job: Job): void {
  const template = seed.template(job.kind, job.stage, job.daysAgo);
  let firstId: number | null = null;
  for (let part = 1; part <= job.parts; part++) {
    const split: SplitInfo | null = job.parts === 1 ? null : { fromId: firstId, number: part, tradeLink: null };
    let id: number;
    if (job.kind === "ORDER") id = addOrder(seed, template, split);
    else if (job.kind === "OFF_RENT") id = addOffRent(seed, template, split);
    else id = addTrade(seed, template, split, firstId);
    if (part === 1) {
      firstId = id;
      if (job.parts > 1) {
        seed.audit(
          "FormHistory",
          id,
          id,
          "split",
          { Splits: ["1", String(job.parts)] },
          seed.staffId("On Rent"),
          seed.between(template.submittedAt + MS_PER_DAY, seed.clock.nowMs),
        );
      }
    }
  }
}

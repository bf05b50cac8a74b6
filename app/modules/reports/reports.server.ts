// The reports built on the kit (ADR 055), by route: a page in app/rules/access/page-modules.ts that points at
// app/routes/report.tsx finds its declaration here. A new report adds its module and one line.
import type { RouteName } from "~/rules/access/routes.ts";
import { daysInStatusReport } from "./fleet/days-in-status.server.ts";
import { fleetPieReport } from "./fleet/fleet-pie.server.ts";
import { statusDiffReport } from "./fleet/status-diff.server.ts";
import { dailyCountsReport } from "./fleet/daily-counts.server.ts";
import { mileageReport } from "./fleet/mileage.server.ts";
import { daysOnRentReport } from "./fleet/days-on-rent.server.ts";
import { monthsInFleetReport } from "./fleet/months-in-fleet.server.ts";
import { onOffRentReport } from "./fleet/on-off-rent.server.ts";
import { industryReport } from "./fleet/industry.server.ts";
import { lotAuctionCountReport } from "./fleet/lot-auction-count.server.ts";
import { truckCountByStateNewReport, truckCountByStateReport } from "./fleet/truck-count-by-state.server.ts";
import type { ServerReport } from "./report-run.server.ts";

// Each report's rows are its own type; the runner only hands them back to the report's own functions.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const REPORTS: Partial<Record<RouteName, ServerReport<any>>> = {
  fleetpie: fleetPieReport,
  "days-in-status-report": daysInStatusReport,
  "status-diff": statusDiffReport,
  "daily-counts": dailyCountsReport,
  "mileage-report": mileageReport,
  trucks: onOffRentReport,
  "days-on-rent-report": daysOnRentReport,
  monthsinfleet: monthsInFleetReport,
  "truck-count-by-state": truckCountByStateReport,
  "truck-count-by-state-new": truckCountByStateNewReport,
  "lot-auction-count": lotAuctionCountReport,
  industry: industryReport,
};

/** The report a route shows, or undefined for a route that is not one. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function reportOfRoute(name: string): ServerReport<any> | undefined {
  return Object.hasOwn(REPORTS, name) ? REPORTS[name as RouteName] : undefined;
}

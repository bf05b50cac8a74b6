// Which pages of the route table are built, and by which route module (app/routes.ts builds the router's
// configuration from this). Every other page renders the shared "not available yet" module, and the
// navigation bar, /home and /home-apps mark it "coming soon" instead of offering it as a working page.
// A feature that builds a page adds it here; nothing else needs to change.
import type { RouteName } from "./routes.ts";

/** The module every page without its own renders: it says plainly that the page is not built yet. */
export const UNAVAILABLE_MODULE = "routes/unavailable-page.tsx";

/** Pages with a module of their own; a list gives one module per path (the canonical path first). */
export const PAGE_MODULES: Partial<Record<RouteName, string | readonly string[]>> = {
  login: "routes/employee-login.tsx",
  notFound: "routes/not-found.tsx",
  home: "routes/home.tsx",
  "home-apps": "routes/home.tsx",
  documentation: "routes/docs.tsx",
  register: "routes/register.tsx",
  profile: "routes/profile.tsx",
  "employee-management": "routes/employee-management.tsx",
  employee: "routes/employee.tsx",
  departments: "routes/departments.tsx",
  // /reset/{token} from the e-mail, and /password-reset-external (request form, or ?token=).
  passwordResetExternal: ["routes/reset.tsx", "routes/password-reset-external.tsx"],
  // The department boards: one module, the route decides the lists (app/rules/boards/board-pages.ts).
  onboarding: "routes/board.tsx",
  offboarding: "routes/board.tsx",
  transport: "routes/board.tsx",
  "accounts-receivable": "routes/board.tsx",
  "client-relations": "routes/board.tsx",
  recon: "routes/board.tsx",
  sales: "routes/board.tsx",
  titles: "routes/board.tsx",
  overview: "routes/board.tsx",
  // Vendors and carriers.
  vendors: "routes/vendors.tsx",
  // Status counts with the status details dialog, and the software variables.
  statuscount: "routes/status-count.tsx",
  "stored-variables": "routes/stored-variables.tsx",
  // The credit memos list.
  "credit-memos": "routes/credit-memos.tsx",
  // The credit memo detail reports: one module, the route decides the report.
  "cm-open-detail": "routes/credit-memo-report.tsx",
  "cm-all-detail": "routes/credit-memo-report.tsx",
  // Auction listings with their importer and details dialog.
  "manheim-listings": "routes/manheim-listings.tsx",
  // One page per unit: facts, history, requests, notes, jobs, claims, memos.
  "unit-hub": "routes/unit-hub.tsx",
  // The public request forms.
  orderForm: "routes/order-form.tsx",
  tradeForm: "routes/trade-form.tsx",
  offRentForm: "routes/off-rent-form.tsx",
  // The public damage form and the staff's inspection of its reports.
  damageForm: "routes/damage-form.tsx",
  damageInspection: "routes/damage-inspection.tsx",
  // The reports built on the report kit: one module, the route decides the report (ADR 055).
  fleetpie: "routes/report.tsx",
  "days-in-status-report": "routes/report.tsx",
  "status-diff": "routes/report.tsx",
  "daily-counts": "routes/report.tsx",
  "mileage-report": "routes/report.tsx",
  trucks: "routes/report.tsx",
  "days-on-rent-report": "routes/report.tsx",
  monthsinfleet: "routes/report.tsx",
  "truck-count-by-state": "routes/report.tsx",
  "truck-count-by-state-new": "routes/report.tsx",
  "lot-auction-count": "routes/report.tsx",
  industry: "routes/report.tsx",
};

/** Whether the page is built (has a module of its own); the root path only redirects. */
export function isPageBuilt(name: RouteName): boolean {
  return name === "root" || PAGE_MODULES[name] !== undefined;
}

/** The title attribute and screen-reader text of a page that is not built yet. */
export const COMING_SOON = "Coming soon";

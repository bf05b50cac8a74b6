// The navigation bar's model (ADR 002): which top links, menus and menu items a
// user sees, the bar's colour and the user button's label. Pure: the component only renders this.
// Visibility is the route guard's own decision (decideRouteAccess), so the bar never offers a page the
// guard would refuse, and id 1 sees everything.
import { holdsAllAccess, unlocksRoute } from "./permissions.ts";
import { isPageBuilt } from "./page-modules.ts";
import { routeByName, type RouteName } from "./routes.ts";
import { decideRouteAccess, permittedPages } from "./access.ts";

export type DataSource = "local" | "test" | "production";

export interface NavigationInput {
  readonly permissionIds: readonly number[];
  /** The user's id is listed in the software variable 'Owners Stats Permissions'. */
  readonly ownersStatsUser?: boolean;
  readonly externalLinks?: ExternalLinks;
}

export interface ExternalLinks {
  readonly feedback?: string;
  readonly payroll?: string;
  readonly crm?: string;
}

/** A page of the app (client-side link), an outside address (new tab), a dialog, or Sign Out. */
export type NavigationItem =
  | {
      readonly kind: "route";
      readonly id: string;
      readonly routeName: RouteName;
      readonly label: string;
      readonly href: string;
      /** Forms open in a new tab (target="_blank" rel="noopener"). */
      readonly newTab: boolean;
      /** The page is not built yet (app/rules/access/page-modules.ts): shown muted, marked "coming soon". */
      readonly comingSoon: boolean;
    }
  | { readonly kind: "external"; readonly id: string; readonly label: string; readonly href: string }
  /** A dialog over the current page, addressed by ?modal= (the modal host renders it). */
  | { readonly kind: "dialog"; readonly id: string; readonly label: string; readonly modal: string }
  | { readonly kind: "sign-out"; readonly id: "sign-out"; readonly label: "Sign Out" };

export interface NavigationGroup {
  readonly id: string;
  /** Shown as a heading when the menu has more than one group. */
  readonly label: string | null;
  /** The Operations group of Reporting is laid out in 3 columns. */
  readonly columns: 1 | 3;
  readonly items: readonly NavigationItem[];
}

export type NavigationMenuId = "rental" | "forms" | "executive" | "reporting" | "user";

export interface NavigationMenu {
  readonly id: NavigationMenuId;
  readonly label: string;
  readonly groups: readonly NavigationGroup[];
}

export interface NavigationModel {
  readonly topLinks: readonly NavigationItem[];
  /** Menus in display order; a menu without visible items is left out. The user menu is last. */
  readonly menus: readonly NavigationMenu[];
}

interface RouteItemSpec {
  readonly routeName: RouteName;
  /** Defaults to the route's title. */
  readonly label?: string;
}

const TOP_LINKS: readonly RouteItemSpec[] = [
  { routeName: "onboarding", label: "On Rent" },
  { routeName: "offboarding", label: "Off Rent" },
  { routeName: "transport", label: "Transport" },
  { routeName: "accounts-receivable", label: "AR" },
  { routeName: "recon", label: "Recon" },
  { routeName: "sales", label: "Sales" },
  { routeName: "titles", label: "Titles" },
];

const RENTAL_ITEMS: readonly RouteItemSpec[] = [
  { routeName: "onboarding", label: "On Rent" },
  { routeName: "offboarding", label: "Off Rent" },
];

const FORM_ITEMS: readonly RouteItemSpec[] = [
  { routeName: "orderForm" },
  { routeName: "tradeForm" },
  { routeName: "offRentForm" },
];

const EXECUTIVE_ITEMS: readonly RouteItemSpec[] = [
  { routeName: "employee-management" },
  // Administration the specification does not show: shown to whoever may open it.
  { routeName: "vendors" },
  { routeName: "fleetcard" },
  { routeName: "owners-stats" },
  { routeName: "manheim-listings" },
  { routeName: "profit-loss" },
  { routeName: "truck-details" },
  { routeName: "activity-tracker" },
  { routeName: "page-analytics" },
];

const REPORTING_AR_ITEMS: readonly RouteItemSpec[] = [
  { routeName: "billing" },
  { routeName: "credit-memos" },
  { routeName: "custom-report" },
  { routeName: "days-in-status-report" },
  { routeName: "invoice-report" },
];

const REPORTING_OPERATIONS_ITEMS: readonly RouteItemSpec[] = [
  { routeName: "auction-report" },
  { routeName: "bmr" },
  { routeName: "client-info", label: "Customer Overview" },
  { routeName: "days-on-rent-report" },
  { routeName: "fleetpie" },
  { routeName: "industry" },
  { routeName: "lot-auction-count" },
  { routeName: "mileage-report" },
  { routeName: "monthsinfleet" },
  { routeName: "trucks", label: "On/Off Rent" },
  { routeName: "on-rent-optional-services" },
  { routeName: "statuscount" },
  { routeName: "status-diff" },
  // The bar links only the newer page, so it carries the plain name.
  { routeName: "truck-count-by-state-new", label: "Truck Count by State" },
  { routeName: "unit-hub" },
  { routeName: "stored-variables", label: "Variables List" },
];

const USER_ROUTE_ITEMS: readonly RouteItemSpec[] = [{ routeName: "profile" }, { routeName: "release-notes" }];

/** The user menu's way to impersonation: holders of id 1 start it from the employee list. */
const ACT_AS_ITEM: RouteItemSpec = { routeName: "employee-management", label: "Act as another user" };

const EXTERNAL_LINK_LABELS: readonly { key: keyof ExternalLinks; label: string }[] = [
  { key: "feedback", label: "Employee Feedback" },
  { key: "payroll", label: "Payroll Login" },
  { key: "crm", label: "CRM" },
];

/** Whether the user may open the page: the route guard's answer for a valid token. */
export function mayOpen(routeName: RouteName, input: NavigationInput): boolean {
  return (
    decideRouteAccess({
      routeName,
      permissionIds: input.permissionIds,
      tokenExpired: false,
      ownersStatsUser: input.ownersStatsUser ?? false,
    }).kind === "allow"
  );
}

function routeItems(
  specs: readonly RouteItemSpec[],
  input: NavigationInput,
  options: { newTab?: boolean; idPrefix: string },
): NavigationItem[] {
  return specs
    .filter((spec) => mayOpen(spec.routeName, input))
    .map((spec) => {
      const route = routeByName(spec.routeName);
      return {
        kind: "route",
        id: `${options.idPrefix}-${spec.routeName}`,
        routeName: spec.routeName,
        label: spec.label ?? route.title,
        href: route.path,
        newTab: options.newTab ?? false,
        comingSoon: !isPageBuilt(spec.routeName),
      };
    });
}

function menu(id: NavigationMenuId, label: string, groups: NavigationGroup[]): NavigationMenu | null {
  const visibleGroups = groups.filter((group) => group.items.length > 0);
  return visibleGroups.length > 0 ? { id, label, groups: visibleGroups } : null;
}

/** The Rental menu appears when the user holds onboarding or offboarding (id 1 holds both). */
export function showsRentalMenu(permissionIds: readonly number[]): boolean {
  return unlocksRoute(permissionIds, "onboarding") || unlocksRoute(permissionIds, "offboarding");
}

/** Only http(s) addresses become links: configuration is trusted, but a stray value must not inject a script URL. */
function isSafeExternalHref(href: string | undefined): href is string {
  if (!href) return false;
  try {
    const url = new URL(href);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

export function buildNavigation(input: NavigationInput): NavigationModel {
  const topLinks = routeItems(TOP_LINKS, input, { idPrefix: "top" });

  const rental = showsRentalMenu(input.permissionIds)
    ? menu("rental", "Rental", [
        { id: "rental", label: null, columns: 1, items: routeItems(RENTAL_ITEMS, input, { idPrefix: "rental" }) },
      ])
    : null;

  const forms = menu("forms", "Forms", [
    { id: "forms", label: null, columns: 1, items: routeItems(FORM_ITEMS, input, { idPrefix: "forms", newTab: true }) },
  ]);

  const executive = menu("executive", "Executive", [
    { id: "executive", label: null, columns: 1, items: routeItems(EXECUTIVE_ITEMS, input, { idPrefix: "executive" }) },
  ]);

  const reporting = menu("reporting", "Reporting", [
    {
      id: "reporting-ar",
      label: "AR",
      columns: 1,
      items: routeItems(REPORTING_AR_ITEMS, input, { idPrefix: "reporting" }),
    },
    {
      id: "reporting-operations",
      label: "Operations",
      columns: 3,
      items: routeItems(REPORTING_OPERATIONS_ITEMS, input, { idPrefix: "reporting" }),
    },
  ]);

  const externalItems: NavigationItem[] = EXTERNAL_LINK_LABELS.flatMap(({ key, label }) => {
    const href = input.externalLinks?.[key];
    return isSafeExternalHref(href) ? [{ kind: "external" as const, id: `user-${key}`, label, href }] : [];
  });
  const user = menu("user", "User", [
    {
      id: "user",
      label: null,
      columns: 1,
      items: [
        ...routeItems(USER_ROUTE_ITEMS, input, { idPrefix: "user" }),
        { kind: "dialog", id: "user-change-password", label: "Change Password", modal: "passwordReset" },
        ...(holdsAllAccess(input.permissionIds) ? routeItems([ACT_AS_ITEM], input, { idPrefix: "user-act-as" }) : []),
        ...externalItems,
        { kind: "sign-out", id: "sign-out", label: "Sign Out" },
      ],
    },
  ]);

  return {
    topLinks,
    menus: [rental, forms, executive, reporting, user].filter((entry): entry is NavigationMenu => entry !== null),
  };
}

export type NavigationColour = "green" | "orange" | "pink" | "neutral";

/** Green for local data, orange for test, pink while impersonating (which wins); production is neutral. */
export function navigationColour(input: { dataSource: DataSource; impersonating: boolean }): NavigationColour {
  if (input.impersonating) return "pink";
  if (input.dataSource === "local") return "green";
  if (input.dataSource === "test") return "orange";
  return "neutral";
}

/** The user button: the first letters of first and last name, or 'User' when the name is unknown. */
export function initials(user: { firstName?: string | null; lastName?: string | null } | null | undefined): string {
  const first = firstLetter(user?.firstName);
  const last = firstLetter(user?.lastName);
  if (!first && !last) return "User";
  return `${first}${last}`;
}

function firstLetter(name: string | null | undefined): string {
  const trimmed = name?.trim() ?? "";
  // Array.from keeps a letter outside the Basic Multilingual Plane whole.
  return (Array.from(trimmed)[0] ?? "").toLocaleUpperCase("en");
}

export interface SmallScreenPage {
  readonly routeName: RouteName;
  readonly label: string;
  readonly href: string;
  readonly comingSoon: boolean;
}

/**
 * The small-screen (hamburger) menu: every page the user may open, sorted by name. A page of one record
 * (`/employee-management/:userId`) is opened from its list, not from the menu.
 */
export function smallScreenPages(input: NavigationInput): SmallScreenPage[] {
  const pages = permittedPages(input.permissionIds, { ownersStatsUser: input.ownersStatsUser ?? false });
  return pages
    .filter((route) => !route.path.includes(":"))
    .map((route) => ({
      routeName: route.name,
      label: route.title,
      href: route.path,
      comingSoon: !isPageBuilt(route.name),
    }));
}

/** Whether the item is the page being shown (aria-current="page"). */
export function isCurrentItem(item: NavigationItem, routeName: string): boolean {
  return item.kind === "route" && item.routeName === routeName;
}

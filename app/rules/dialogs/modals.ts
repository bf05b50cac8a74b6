// The modal host's catalogue (ADR 026 for the board dialogs): which dialogs exist, their titles and sizes, and
// how a URL's search parameters (`?modal=passwordReset&size=lg`) choose one. Pure: the server renders
// the dialog from the same decision the browser makes.

export const MODAL_SIZES = ["sm", "lg", "xl"] as const;
export type ModalSize = (typeof MODAL_SIZES)[number];
export const DEFAULT_MODAL_SIZE: ModalSize = "lg";
export const INVALID_MODAL_SIZE_MESSAGE = "Invalid modal size passed as prop";

/** Search parameters that address a dialog. */
export const MODAL_PARAM = "modal";
export const MODAL_SIZE_PARAM = "size";

export const MODAL_NAMES = [
  "passwordReset",
  "login",
  "requestReset",
  "noteOnboarding",
  "notesGeneral",
  "editOffboarding",
  "editOnboarding",
  "editOnTrade",
  "editOffTrade",
  "creditMemoCreate",
  "creditMemoApply",
  "creditMemoEdit",
  "setPriorityOrder",
  "removePrepayOrder",
  "statusDetailsModal",
  "departmentSearchModal",
  "vendorModal",
  "departmentCreate",
  "manheimDetails",
  "splitOrderModal",
  "splitTradeModal",
  "splitOffModal",
  // Not the specification's: giving transport jobs to carriers on the transport board.
  "assignCarrier",
] as const;
export type ModalName = (typeof MODAL_NAMES)[number];

const modalNames: ReadonlySet<string> = new Set(MODAL_NAMES);

export function isModalName(value: unknown): value is ModalName {
  return typeof value === "string" && modalNames.has(value);
}

export const LOGIN_MODAL_TITLE = "Session Expired - Please Sign In Again";

/** What a title may draw on: the order's company and, on the AR board, the unit; whether a record is edited. */
export interface ModalTitleContext {
  companyName?: string | null;
  unitNumber?: string | null;
  routeName?: string | null;
  /** The dialog is open on a record that exists: 'Edit Vendor', 'Edit Department'. */
  editing?: boolean;
  /** creditMemoEdit's action (Create, Apply, or none: the memo read-only). */
  memoAction?: string | null;
}

/** creditMemoEdit's title by its action: Create and Apply edit, anything else shows the memo read-only. */
export function creditMemoEditTitle(action: string | null | undefined): string {
  if (action === "Create") return "Edit Credit Memo";
  if (action === "Apply") return "Edit Applied Credit Memo";
  return "Credit Memo - Don't Edit";
}

const FIXED_TITLES: Partial<Record<ModalName, string>> = {
  passwordReset: "Change Password",
  login: LOGIN_MODAL_TITLE,
  requestReset: "Password Reset",
  editOffboarding: "Edit Order",
  editOnboarding: "Edit Order",
  editOnTrade: "Edit Order",
  editOffTrade: "Edit Order",
  // Spec 2 describes these; until its screens exist they carry a plain name.
  creditMemoCreate: "Create Credit Memo",
  creditMemoApply: "Apply Credit Memo",
  creditMemoEdit: "Edit Credit Memo",
  setPriorityOrder: "Set Priority",
  removePrepayOrder: "Remove Prepay",
  statusDetailsModal: "Status Details",
  departmentSearchModal: "Departments",
  vendorModal: "Create Vendor",
  assignCarrier: "Assign Carrier",
  departmentCreate: "Create Department",
  manheimDetails: "Manheim Listing",
  splitOrderModal: "Split Order",
  // The specification titles the trade's split dialog 'Split Order', like the order's.
  splitTradeModal: "Split Order",
  splitOffModal: "Split Off Rents",
};

/**
 * The dialog's title. Notes dialogs are titled with the company name (and, on accounts receivable, the
 * unit number); the cancellation note with the company name.
 */
export function modalTitle(name: ModalName, context: ModalTitleContext = {}): string {
  const company = context.companyName?.trim() || "";
  if (name === "noteOnboarding") return company || "Cancel Order";
  if (name === "departmentCreate" && context.editing) return "Edit Department";
  if (name === "notesGeneral") {
    const unit = context.unitNumber?.trim();
    const onAr = context.routeName === "accounts-receivable" || context.routeName === "ar";
    const base = company || "Notes";
    return onAr && unit ? `${base} - ${unit}` : base;
  }
  if (name === "vendorModal" && context.editing) return "Edit Vendor";
  if (name === "creditMemoEdit") return creditMemoEditTitle(context.memoAction);
  return FIXED_TITLES[name] ?? name;
}

export type ModalSizeResult = { ok: true; size: ModalSize } | { ok: false; error: typeof INVALID_MODAL_SIZE_MESSAGE };

/** A missing size is the default (lg); anything but sm, lg or xl is an error. */
export function parseModalSize(raw: string | null | undefined): ModalSizeResult {
  if (raw === null || raw === undefined || raw === "") return { ok: true, size: DEFAULT_MODAL_SIZE };
  return (MODAL_SIZES as readonly string[]).includes(raw)
    ? { ok: true, size: raw as ModalSize }
    : { ok: false, error: INVALID_MODAL_SIZE_MESSAGE };
}

/** Maximum dialog widths in pixels. */
export const MODAL_WIDTHS: Record<ModalSize, number> = { sm: 420, lg: 720, xl: 1140 };

export type ModalRequest =
  | { kind: "none" }
  | { kind: "unknown"; name: string }
  | { kind: "invalid-size"; name: ModalName; error: typeof INVALID_MODAL_SIZE_MESSAGE }
  | { kind: "open"; name: ModalName; size: ModalSize; title: string };

/**
 * The dialog a URL asks for. Without a session every dialog is the sign-in dialog (a modal opened
 * without a token shows the login modal).
 */
/** Dialogs that open without a session. */
export const PUBLIC_MODALS: ReadonlySet<string> = new Set(["login", "requestReset"]);

export function resolveModalRequest(
  search: URLSearchParams,
  options: { signedIn: boolean; titleContext?: ModalTitleContext },
): ModalRequest {
  const raw = search.get(MODAL_PARAM);
  if (raw === null || raw === "") return { kind: "none" };
  // Without a session every dialog is the sign-in dialog, except those meant for people
  // who cannot sign in: the password reset request.
  const name: string = options.signedIn || PUBLIC_MODALS.has(raw) ? raw : "login";
  if (!isModalName(name)) return { kind: "unknown", name };
  const size = parseModalSize(search.get(MODAL_SIZE_PARAM));
  if (!size.ok) return { kind: "invalid-size", name, error: size.error };
  return { kind: "open", name, size: size.size, title: modalTitle(name, options.titleContext) };
}

/** The same URL with the dialog's parameters removed: where closing a dialog goes. */
export function urlWithoutModal(pathname: string, search: URLSearchParams): string {
  const rest = new URLSearchParams(search);
  rest.delete(MODAL_PARAM);
  rest.delete(MODAL_SIZE_PARAM);
  const query = rest.toString();
  return query ? `${pathname}?${query}` : pathname;
}

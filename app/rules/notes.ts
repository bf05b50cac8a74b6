// Notes on requests and units (the Notes dialog and the four note calls; ADR 012): the departments a note is written on (the calls'
// input schemas and the dialog's definition are in notes-schema.ts), who may read, add, cancel and restore notes, the Note shape the API answers,
// and the dialog's data. Pure: the server's operations and the browser's dialog share every message.
import { canAddNotes, holdsAllAccess, unlocksRoute } from "./access/permissions.ts";
import { BOARD_ROUTES, type BoardRouteName } from "./boards/board-pages.ts";
import type { CardListName } from "./boards/boards.ts";

/** The `{unit}` of GET /api/orders/{form}/notes/{unit} when only the order is meant. */
export const IGNORE_UNIT = "IgnoreUnit";

/** The longest note kept (the spec gives none; 64 kB bodies would allow far more than anyone reads). */
export const NOTE_MAX_LENGTH = 2000;

/** How long a refusal stays above the add area when scripts run. */
export const NOTE_MESSAGE_MS = 5_000;

/** The boards that keep notes (every board but the overview): their lower-case route names are the notes' departments (NoteType). */
export const NOTE_DEPARTMENTS = BOARD_ROUTES.filter(
  (route): route is Exclude<BoardRouteName, "overview"> => route !== "overview",
);
export type NoteDepartment = (typeof NOTE_DEPARTMENTS)[number];

/** What the add call accepts as `department`: the route names, and 'ar' (AR's socket room, socketRoomForRoute). */
export const NOTE_DEPARTMENT_VALUES = [...NOTE_DEPARTMENTS, "ar"] as const;

/** The departments whose notes may name a unit: ar, recon, sales, titles, accounts-receivable. */
export const UNIT_NOTE_DEPARTMENTS: readonly NoteDepartment[] = ["accounts-receivable", "recon", "sales", "titles"];

export function isNoteDepartment(value: unknown): value is NoteDepartment {
  return typeof value === "string" && (NOTE_DEPARTMENTS as readonly string[]).includes(value);
}

/** The department a value names ('ar' is accounts-receivable), or null. */
export function noteDepartmentOf(value: unknown): NoteDepartment | null {
  if (value === "ar") return "accounts-receivable";
  return isNoteDepartment(value) ? value : null;
}

export function takesUnitNumber(department: NoteDepartment): boolean {
  return UNIT_NOTE_DEPARTMENTS.includes(department);
}

export const NOTE_MESSAGES = {
  noteRequired: "Enter a note.",
  noteTooLong: `A note can be at most ${NOTE_MAX_LENGTH} characters.`,
  noteUnsavable: "The note contains a character that cannot be saved.",
  chooseOrder: "Choose an order.",
  chooseOrderOrUnit: "Choose an order or a unit.",
  unitNumber: "Enter a unit number of up to 8 letters, digits or dashes.",
  unitNotTaken: "Only notes written on the AR, recon, sales and titles boards name a unit.",
  department: "Choose the board the note is written on.",
  chooseNote: "Choose a note.",
  cancelValue: "Choose 1 to cancel the note or 0 to restore it.",
  forbidden: "You do not have permission to do that.",
  readOnly: "Your access is read only, so you cannot add or change notes.",
  notAuthor: "Only the note's author can cancel or restore it.",
  orderNotFound: "That order does not exist.",
  unitNotFound: "That unit does not exist.",
  noteNotFound: "That note does not exist.",
  alreadyCancelled: "This note has already been cancelled.",
  notCancelled: "This note is not cancelled.",
  noNotesHere: "Notes are not kept on this board.",
} as const;
/** One note as the notes calls answer it (the Note shape API clients read). */
export interface NoteRecord {
  NoteID: number;
  /** The department (lower-case route name) it was written on. */
  NoteType: string;
  FirstName: string;
  LastName: string;
  /** Blank for an order note. */
  NoteUnitNumber: string;
  /** An ISO instant. */
  CreatedOn: string;
  NoteSubject: string;
  NoteCancelled: 0 | 1;
}

// ---------------------------------------------------------------------------------------------
// Who may do what.

/** Reading notes: whoever may open any board that keeps them (id 1 opens all). */
export function mayReadNotes(permissionIds: readonly number[]): boolean {
  return NOTE_DEPARTMENTS.some((department) => unlocksRoute(permissionIds, department));
}

/** Adding a note on a board: its page permission, and not ar-read-only without restricted (canAddNotes). */
export function mayAddNoteOn(permissionIds: readonly number[], department: NoteDepartment): boolean {
  return unlocksRoute(permissionIds, department) && canAddNotes(permissionIds);
}

/**
 * Cancelling or restoring a note: its author, or a holder of restricted (1); never a read-only reader,
 * and only while the reader may read notes at all.
 */
export function mayChangeNote(
  actor: { userId: number; permissionIds: readonly number[] },
  note: { authorId: number },
): boolean {
  if (!canAddNotes(actor.permissionIds) || !mayReadNotes(actor.permissionIds)) return false;
  return holdsAllAccess(actor.permissionIds) || note.authorId === actor.userId;
}

/** Why a reader may not cancel or restore a note, or null when they may. */
export function changeNoteRefusal(
  actor: { userId: number; permissionIds: readonly number[] },
  note: { authorId: number },
): string | null {
  if (!mayReadNotes(actor.permissionIds)) return NOTE_MESSAGES.forbidden;
  if (!canAddNotes(actor.permissionIds)) return NOTE_MESSAGES.readOnly;
  return mayChangeNote(actor, note) ? null : NOTE_MESSAGES.notAuthor;
}

// ---------------------------------------------------------------------------------------------
// The dialog.

/** A note as the dialog lists it: the spec's shape, and whether this reader may cancel or restore it. */
export type NoteView = NoteRecord & { mayChange: boolean };

/** What the notesGeneral dialog's loader hands to the page. */
export interface NotesDialogData {
  department: NoteDepartment;
  formHistoryId: number | null;
  unitNumber: string | null;
  notes: NoteView[];
  /** May this reader add a note here; when not, `addBlockedReason` says why. */
  mayAdd: boolean;
  addBlockedReason: string | null;
}

export const NOTE_INTENTS = { add: "note-add", cancel: "note-cancel" } as const;

/** The Add button: enabled only for text that is not blank, and for readers who may add. */
export function addButtonDisabled(text: string, mayAdd: boolean): boolean {
  return !mayAdd || text.trim() === "";
}

/** The author as the list shows them. */
export function noteAuthor(note: Pick<NoteRecord, "FirstName" | "LastName">): string {
  return `${note.FirstName} ${note.LastName}`.trim() || "Unknown";
}

// A note's time (a board card shows it too, without loading this module's schemas).
export { formatNoteTime } from "./note-time.ts";

// ---------------------------------------------------------------------------------------------
// The card lists a note shows on (docs/boards.md): request lists count a request's notes (order and
// unit notes on the FormHistory), unit lists count a unit's notes by unit number, whatever the request.

/** What decides which request lists show a request's cards. A superset is fine; missing one is not. */
export interface RequestReach {
  /** An OrderForm or TradeForm: the onboarding board. */
  onRentHalf: boolean;
  /** An OffRentForm (an off-rent, or a trade's return): the offboarding board. */
  offRentHalf: boolean;
  /** Any transport job: the transport and shipping lists. */
  transportJobs: boolean;
  /** A completed delivery: the client-relations board (which also reads its notes for 'Called'). */
  completedDelivery: boolean;
  /** A returning line picked up or received (status 6 or 7): AR off rent. */
  returnedLine: boolean;
}

/** Which statuses each unit board shows (the lists' own constants, handed in by the server). */
export interface UnitBoardStatuses {
  recon: readonly string[];
  sales: readonly string[];
  titles: readonly string[];
}

export interface NoteReach {
  request: RequestReach | null;
  /** The unit a note names, with its status and whether it has an OPEN or BILLED claim (AR claims). */
  unit: { statusName: string; openClaim: boolean } | null;
}

/** The card lists whose note counts change when a note of this reach is added, cancelled or restored. */
export function listsShowingNote(reach: NoteReach, unitBoards: UnitBoardStatuses): CardListName[] {
  const lists: CardListName[] = [];
  const { request, unit } = reach;
  if (request) {
    if (request.onRentHalf) lists.push("onboarding");
    if (request.offRentHalf) lists.push("offboarding");
    if (request.transportJobs) lists.push("transport", "shipping");
    if (request.completedDelivery) lists.push("client-relations");
    if (request.returnedLine) lists.push("ar-off-rent");
  }
  if (unit) {
    if (unitBoards.recon.includes(unit.statusName)) lists.push("recon");
    if (unitBoards.sales.includes(unit.statusName)) lists.push("sales");
    if (unitBoards.titles.includes(unit.statusName)) lists.push("titles");
    if (unit.openClaim) lists.push("ar-claims");
  }
  return lists;
}

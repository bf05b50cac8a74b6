// The departments page (/departments, ADR 036): how names compare, its search by name and the addresses of
// its dialog. Pure and free of zod, so the page carries none of the editor's schemas; the
// editor's rules (department-edit.ts) build on it.
import { MODAL_PARAM, MODAL_SIZE_PARAM } from "../dialogs/modals.ts";

/** The longest name, as the column holds it. */
export const DEPARTMENT_NAME_MAX_LENGTH = 80;

/** `?modal=departmentCreate&departmentId=N` opens the dialog on an existing department. */
export const DEPARTMENT_ID_PARAM = "departmentId";

/** A name as it is stored: without surrounding blanks. */
export function normalizeDepartmentName(value: string): string {
  return value.trim();
}

/** What two names are compared by: trimmed and case-insensitive (the database's unique index agrees). */
export function departmentNameKey(name: string): string {
  return normalizeDepartmentName(name).toLowerCase();
}

export function sameDepartmentName(a: string, b: string): boolean {
  return departmentNameKey(a) === departmentNameKey(b);
}

/** A department as the page lists it. */
export interface DepartmentRow {
  id: number;
  name: string;
  /** Its users, active or not. */
  members: number;
  /** How many permissions it grants. */
  permissions: number;
  /** It grants all access (the all-access marker). */
  allAccess: boolean;
}

export const DEPARTMENT_SEARCH_PARAM = "search";
export const DEPARTMENT_SEARCH_LABEL = "Search departments";

/** The search of a URL: trimmed, at most as long as a name can be (a longer one could match nothing). */
export function departmentSearchOf(search: URLSearchParams): string {
  return (search.get(DEPARTMENT_SEARCH_PARAM) ?? "").trim().slice(0, DEPARTMENT_NAME_MAX_LENGTH);
}

/** Whether a department's name matches the search: contains it, whatever the case; an empty search matches all. */
export function matchesDepartmentSearch(name: string, search: string): boolean {
  const wanted = departmentNameKey(search);
  return wanted === "" || departmentNameKey(name).includes(wanted);
}

/** Departments in the page's order: by name, whatever the case. */
export function byDepartmentName(a: { name: string }, b: { name: string }): number {
  return departmentNameKey(a.name).localeCompare(departmentNameKey(b.name), "en") || a.name.localeCompare(b.name, "en");
}

/** The page's own address with the dialog opened: a new department, or the one with this id. */
export function departmentDialogHref(search: URLSearchParams, departmentId: number | null = null): string {
  const params = withoutDialog(search);
  params.set(MODAL_PARAM, "departmentCreate");
  if (departmentId !== null) params.set(DEPARTMENT_ID_PARAM, String(departmentId));
  return `?${params.toString()}`;
}

/** The page's address without the dialog (its search kept): where closing it, and a save, goes. */
export function departmentsViewHref(pathname: string, search: URLSearchParams): string {
  const query = withoutDialog(search).toString();
  return query ? `${pathname}?${query}` : pathname;
}

function withoutDialog(search: URLSearchParams): URLSearchParams {
  const rest = new URLSearchParams(search);
  for (const name of [MODAL_PARAM, MODAL_SIZE_PARAM, DEPARTMENT_ID_PARAM]) rest.delete(name);
  return rest;
}

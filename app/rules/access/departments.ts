// The departments page (/departments, ADR 036): its search by name and the addresses of its dialog. Pure:
// the loader filters with it and the page builds its links with it.
import { MODAL_PARAM, MODAL_SIZE_PARAM } from "../dialogs/modals.ts";
import { DEPARTMENT_ID_PARAM, DEPARTMENT_NAME_MAX_LENGTH, departmentNameKey } from "./department-edit.ts";

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

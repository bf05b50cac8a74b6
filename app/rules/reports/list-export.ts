// A list page's Excel and CSV of its whole filtered list (the report kit's files, ADR 055): the download's
// URL is the page's own with `format`, less its page, and a filter value the list would have replaced by
// its default is refused, so a file never holds other rows than the ones asked for. Pure: the page builds
// the links, the server reads them.

export type ListExportFormat = "xlsx" | "csv";

export const LIST_EXPORT_MESSAGES = {
  format: "format must be xlsx or csv",
  sort: (value: string) => `The list cannot be sorted by “${value}”.`,
  dir: (value: string) => `The order cannot be “${value}”; it is asc or desc.`,
} as const;

/** `?format=`: xlsx or csv, or null for any other value. */
export function listExportFormat(search: URLSearchParams): ListExportFormat | null {
  const format = search.get("format");
  return format === "xlsx" || format === "csv" ? format : null;
}

/** The download of the list a page shows: its view's parameters, every page (no `page`), and the format. */
export function listExportHref(
  pathname: string,
  view: URLSearchParams,
  format: ListExportFormat,
  extra: Readonly<Record<string, string>> = {},
): string {
  const params = new URLSearchParams(view);
  params.delete("page");
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  params.set("format", format);
  return `${pathname}?${params.toString()}`;
}

/**
 * The first filter whose value, as given, the list's lenient reading replaced (an unknown status, a search
 * too long), as its message; null when every given value was read as given. The page falls back to its
 * default for an old or mistyped link, but a file of other rows than asked for would mislead.
 */
export function replacedFilterMessage(
  given: Readonly<Record<string, string>>,
  read: Readonly<Record<string, unknown>>,
  messages: Readonly<Record<string, (value: string) => string>>,
): string | null {
  for (const [name, message] of Object.entries(messages)) {
    const value = given[name]?.trim();
    if (value === undefined || value === "") continue;
    if (String(read[name]) !== value) return message(value.slice(0, 40));
  }
  return null;
}

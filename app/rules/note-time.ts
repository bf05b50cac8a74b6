// A note's time as the notes dialog and a board card show it, apart from the notes' rules
// and schemas (app/rules/notes.ts, which re-exports it) so a board page draws its cards without zod
// (ADR 028).

const pad = (value: number) => String(value).padStart(2, "0");

/** MM/dd/yyyy HH:mm, in UTC (server, hydration) or in the browser's time zone once scripts run. */
export function formatNoteTime(iso: string, local: boolean): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (local) {
    return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
  }
  return `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}

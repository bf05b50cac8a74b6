// The stored software variables page (/stored-variables, ADR 044): which variables hold lists of user ids,
// how an edited value is read (strictly, unlike the lenient reading the gates use, so a typo cannot
// silently lock someone out), and the page's messages. Pure; the existence of the users is the domain's check.
export const VARIABLE_VALUE_MAX = 2_000;
/** The most months a months variable may hold (fifty years). */
export const MONTHS_MAX = 600;

export const STORED_VARIABLE_MESSAGES = {
  forbidden: "Only holders of all access may edit software variables.",
  notFound: "That software variable does not exist.",
  tooLong: `A value may be at most ${VARIABLE_VALUE_MAX} characters.`,
  userIds: "Enter comma-separated ids of existing users, for example 12,40.",
  unknownUsers: (ids: readonly number[]) => `No user has the id ${ids.join(", ")}.`,
  months: `Enter a whole number of months from 1 to ${MONTHS_MAX}.`,
  saved: "Variable saved.",
} as const;

/** The variables whose value is a list of user ids ('Rental Use Override Permissions', …). */
export function holdsUserIds(variableName: string): boolean {
  return / Permissions$/.test(variableName);
}

/**
 * A user-id list as typed: ids separated by commas, spaces around them allowed, no blanks, no duplicates
 * kept. Empty is an empty list. Returns the ids in the order given, or null when anything else is there.
 */
export function readUserIdList(value: string): number[] | null {
  const trimmed = value.trim();
  if (trimmed === "") return [];
  const ids: number[] = [];
  for (const entry of trimmed.split(",")) {
    const text = entry.trim();
    if (!/^[1-9]\d{0,9}$/.test(text)) return null;
    const id = Number(text);
    if (id > 2_147_483_647) return null;
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** How a user-id list is stored: ids joined by commas, no spaces. */
export function userIdListText(ids: readonly number[]): string {
  return ids.join(",");
}

/** The variables whose value is a number of months ('Target Fleet Age Months', …). */
export function holdsMonths(variableName: string): boolean {
  return / Months$/.test(variableName);
}

/** A number of months as typed: a whole number from 1 to MONTHS_MAX, spaces around it allowed; else null. */
export function readWholeMonths(value: string): number | null {
  const text = value.trim();
  if (!/^[1-9]\d{0,2}$/.test(text)) return null;
  const months = Number(text);
  return months <= MONTHS_MAX ? months : null;
}

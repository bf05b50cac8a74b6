// The vendor form's duplicate check (ADR 035): a name's normalised form, and whether a new name is the
// same as an existing vendor's (exact: saving is refused) or only looks like it (similar: the user must
// confirm). Pure: the dialog shows the decision, the domain operation enforces it, and a unit table of
// real-looking names pins it down.

/**
 * The duplicate-check form of a name (Vendor.normalizedName): lower case; 'llc' and 'inc' dropped as
 * words (so "Lincoln" keeps its "inc"); '&' read as 'and'; spaces, apostrophes, periods and hyphens
 * dropped. Other punctuation stays, as the rule says.
 */
export function normalizeVendorName(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/\b(llc|inc)\b/g, "")
    .replace(/[\s'.-]/g, "");
}

/**
 * PostgreSQL pg_trgm's similarity, written out so the browser and unit tests decide as the database
 * does (an integration test compares both on the same table): each run of letters and digits, padded
 * with two spaces before and one after, gives its three-character windows; the score is the shared
 * windows over all distinct windows.
 */
export function trigramSimilarity(a: string, b: string): number {
  const left = trigrams(a);
  const right = trigrams(b);
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const trigram of left) if (right.has(trigram)) shared += 1;
  return shared / (left.size + right.size - shared);
}

function trigrams(text: string): Set<string> {
  const found = new Set<string>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const padded = `  ${word} `;
    for (let index = 0; index + 3 <= padded.length; index += 1) found.add(padded.slice(index, index + 3));
  }
  return found;
}

/** Names at least this alike (pg_trgm similarity of the normalised names) are similar. */
export const VENDOR_SIMILARITY_THRESHOLD = 0.55;
/** A normalised name inside another is similar when it has at least this many characters ("acmetowing"). */
export const VENDOR_CONTAINED_MIN_LENGTH = 6;

export type VendorNameMatch = "exact" | "similar";

/** How a typed name (normalised) compares with an existing vendor's (normalised): exact, similar or neither. */
export function vendorNameMatch(typed: string, existing: string): VendorNameMatch | null {
  if (typed === "" || existing === "") return null;
  if (typed === existing) return "exact";
  if (trigramSimilarity(typed, existing) >= VENDOR_SIMILARITY_THRESHOLD) return "similar";
  const [shorter, longer] = typed.length <= existing.length ? [typed, existing] : [existing, typed];
  return shorter.length >= VENDOR_CONTAINED_MIN_LENGTH && longer.includes(shorter) ? "similar" : null;
}

/** One existing vendor the check found, as the dialog lists it. */
export interface VendorNameMatchRow {
  VendorID: number;
  Name: string;
  match: VendorNameMatch;
}

export const VENDOR_NAME_MESSAGES = {
  /** One line per vendor the check found. */
  used: (name: string) => `Vendor "${name}" has already been used.`,
  similar: "Similar Vendor detected, please confirm none of these are a duplicate of the new Vendor to be created.",
  /** The check found no vendor with this name or one like it. */
  available: "No other vendor has this name or one like it.",
} as const;

/** The check's verdict over every match: an exact one blocks saving; only similar ones need a Confirm. */
export function vendorNameVerdict(matches: readonly Pick<VendorNameMatchRow, "match">[]): "exact" | "similar" | "new" {
  if (matches.some((row) => row.match === "exact")) return "exact";
  return matches.length > 0 ? "similar" : "new";
}

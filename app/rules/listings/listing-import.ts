// What an import of a listings feed answers (ADR 046), shared by the script, the page and the API, and the
// limits of an upload. Pure.

export interface ListingImportReport {
  /** Rows in the feed (header aside). */
  rows: number;
  created: number;
  updated: number;
  /** Each refused row: its line (CSV) or item number (JSON), its VIN when it could be read, and why. */
  refused: { line: number; vin?: string; reason: string }[];
  /** Distinct photos written to the store by this import. */
  photosStored: number;
  /** Imported rows whose VIN is one of the company's units. */
  linkedToUnits: number;
  elapsedMs: number;
}

/** An upload: the feed and its photos in one multipart body. */
export const UPLOAD_LIMITS = {
  maxBodyBytes: 100 * 1024 * 1024,
  maxPhotoFiles: 500,
} as const;

export const LISTING_IMPORT_INTENT = "listingsImport";
export const LISTING_IMPORT_API_PATH = "/api/listings/import";

export const LISTING_IMPORT_MESSAGES = {
  forbidden: "You do not have permission to import listings.",
  noFeed: "Choose a feed file (CSV or JSON).",
  tooLarge: `The upload is larger than ${UPLOAD_LIMITS.maxBodyBytes / (1024 * 1024)} MB.`,
  tooManyPhotos: `Upload at most ${UPLOAD_LIMITS.maxPhotoFiles} photos at once.`,
  notMultipart: "Send the feed as multipart/form-data with a `feed` file.",
  notSaved: "The listing could not be saved.",
  photo: (reference: string, message: string) => `Photo "${reference}": ${message}`,
} as const;

/** One line of a report, as the script prints it and the page lists it. */
export function refusalLine(refusal: ListingImportReport["refused"][number]): string {
  return `Line ${refusal.line}${refusal.vin ? ` (${refusal.vin})` : ""}: ${refusal.reason}`;
}

/** The report's summary sentence. */
export function importSummary(report: ListingImportReport): string {
  const imported = report.created + report.updated;
  return (
    `${imported.toLocaleString("en-US")} of ${report.rows.toLocaleString("en-US")} listings imported ` +
    `(${report.created.toLocaleString("en-US")} new, ${report.updated.toLocaleString("en-US")} updated), ` +
    `${report.refused.length.toLocaleString("en-US")} refused, ${report.photosStored.toLocaleString("en-US")} ` +
    `${report.photosStored === 1 ? "photo" : "photos"} stored.`
  );
}

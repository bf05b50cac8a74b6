// An import's upload (ADR 046): one multipart body with a `feed` file (CSV or JSON) and any number of
// `photos` files the feed names. The page's action and POST /api/listings/import read it the same way; the
// body's declared size is checked before any of it is read.
import { FEED_LIMITS } from "../../rules/listings/listing-feed.ts";
import { LISTING_IMPORT_MESSAGES, UPLOAD_LIMITS } from "../../rules/listings/listing-import.ts";

export type ImportUpload =
  | { ok: true; feedText: string; fileName: string; photos: Map<string, Uint8Array> }
  | { ok: false; status: 400 | 413; message: string };

/** Reads the upload of a request, refusing it (413) when its Content-Length is missing or over the limit. */
export async function readImportUpload(request: Request): Promise<ImportUpload> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
    return { ok: false, status: 400, message: LISTING_IMPORT_MESSAGES.notMultipart };
  }
  const length = Number(request.headers.get("content-length") ?? "NaN");
  if (!Number.isFinite(length) || length > UPLOAD_LIMITS.maxBodyBytes) {
    return { ok: false, status: 413, message: LISTING_IMPORT_MESSAGES.tooLarge };
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return { ok: false, status: 400, message: LISTING_IMPORT_MESSAGES.notMultipart };
  }
  const feed = form.get("feed");
  if (!(feed instanceof File) || feed.size === 0)
    return { ok: false, status: 400, message: LISTING_IMPORT_MESSAGES.noFeed };
  if (feed.size > FEED_LIMITS.maxChars) return { ok: false, status: 413, message: LISTING_IMPORT_MESSAGES.tooLarge };
  const files = form.getAll("photos").filter((entry): entry is File => entry instanceof File && entry.size > 0);
  if (files.length > UPLOAD_LIMITS.maxPhotoFiles) {
    return { ok: false, status: 400, message: LISTING_IMPORT_MESSAGES.tooManyPhotos };
  }
  const photos = new Map<string, Uint8Array>();
  for (const file of files) photos.set(file.name, new Uint8Array(await file.arrayBuffer()));
  return { ok: true, feedText: await feed.text(), fileName: feed.name, photos };
}

// Answers a stored file (ADR 043) once its route has checked who may see it. Keys are derived from the
// content, so a key's bytes never change: the answer is cacheable for a year, privately (photos of
// customers' units are not for shared caches), and a revalidation by ETag is a 304 without reading.
import type { Request, Response } from "express";
import type { FileStorage } from "~/modules/files/file-storage.server.ts";

export const STORED_FILE_CACHE_CONTROL = "private, max-age=31536000, immutable";

/** Sends the file under `key` or answers 404 `{ error }`; never a 500 for a missing or invalid key. */
export async function sendStoredFile(req: Request, res: Response, storage: FileStorage, key: string): Promise<void> {
  const file = await storage.get(key);
  if (!file) {
    res.status(404).json({ error: "File not found." });
    return;
  }
  const etag = `"${key.replace(/[^a-z0-9]/g, "").slice(-40)}"`;
  res.setHeader("Cache-Control", STORED_FILE_CACHE_CONTROL);
  res.setHeader("ETag", etag);
  if (req.headers["if-none-match"] === etag) {
    res.status(304).end();
    return;
  }
  res.setHeader("Content-Type", file.contentType);
  res.setHeader("Content-Length", String(file.size));
  const stream = file.open();
  stream.on("error", () => res.destroy());
  stream.pipe(res);
}

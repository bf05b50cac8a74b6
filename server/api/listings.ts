// Auction listings over HTTP (ADR 046): the import of a feed with its photos (the same operation
// as `npm run listings:import` and the page's form), streaming its progress as NDJSON when asked, and the
// listings' stored photos, served with caching headers once the session and manheim-listings are checked.
import { Readable } from "node:stream";
import express from "express";
import { z } from "zod";
import { fileStorageFor } from "../../app/modules/files/file-storage.server.ts";
import { importListingsAs, type ImportProgress } from "../../app/modules/listings/listing-import.server.ts";
import { DEFAULT_URL_POLICY, uploadedPhotos } from "../../app/modules/listings/listing-photos.server.ts";
import { readImportUpload } from "../../app/modules/listings/listing-upload.server.ts";
import type { AppServices } from "../../app/modules/platform/services.server.ts";
import { LISTING_IMPORT_API_PATH } from "../../app/rules/listings/listing-import.ts";
import { LISTING_PHOTO_API_PATH, LISTING_PHOTO_NAME } from "../../app/rules/listings/listings-page.ts";
import { sendStoredFile } from "../storage/send-stored-file.ts";
import { requirePermission, requireSession } from "./authenticate.ts";
import { defineEndpoint, route } from "./endpoint.ts";
import { REFUSALS } from "./schemas.ts";

const HOLDERS = "Manheim Listings (42), or all access.";

const reportSchema = z
  .object({
    rows: z.int(),
    created: z.int(),
    updated: z.int(),
    refused: z.array(z.object({ line: z.int(), vin: z.string().optional(), reason: z.string() })),
    photosStored: z.int(),
    linkedToUnits: z.int(),
    elapsedMs: z.int(),
  })
  .meta({ id: "ListingImportReport", description: "What the import did; each refused row with its line and why." });

const REPORT_EXAMPLE = {
  rows: 3,
  created: 1,
  updated: 1,
  refused: [
    { line: 4, vin: "3C6UR5CJ1LG000004", reason: "odometer must be a whole number of miles, at most 9 digits." },
  ],
  photosStored: 4,
  linkedToUnits: 1,
  elapsedMs: 412,
};

export const LISTINGS_ENDPOINTS = {
  import: defineEndpoint({
    method: "post",
    path: LISTING_IMPORT_API_PATH,
    tag: "Auction listings",
    summary: "Import a listings feed with its photos",
    description:
      "Multipart: `feed` (CSV with a header row, or a JSON array) and any `photos` files the feed names. Photos " +
      "given as http(s) URLs are fetched (10 s, 10 MB, public addresses only). Each row is checked on its own " +
      "and upserted by VIN with its photos in one transaction; refused rows are listed with their line. With " +
      "`Accept: application/x-ndjson` the answer streams `{ progress }` lines, then `{ result }` or `{ error }`.",
    access: "session",
    permission: HOLDERS,
    body: {
      schema: z.object({
        feed: z.string().meta({ format: "binary", description: "The feed file, at most 20 MB." }),
        photos: z.array(z.string().meta({ format: "binary" })).optional(),
      }),
      example: { feed: "listings.csv", photos: ["front.jpg"] },
      contentTypes: ["multipart/form-data"],
    },
    responses: {
      200: {
        description: "The import ran; its report.",
        schema: reportSchema,
        example: REPORT_EXAMPLE,
        alternatives: {
          "application/x-ndjson": z.object({
            progress: z.object({ done: z.int(), total: z.int(), imported: z.int(), refused: z.int() }).optional(),
            result: reportSchema.optional(),
            error: z.string().optional(),
          }),
        },
      },
      400: REFUSALS[400],
      401: REFUSALS[401],
      403: REFUSALS[403],
      413: { ...REFUSALS[400], description: "The upload is over 100 MB (or says no size)." },
    },
  }),
  photo: defineEndpoint({
    method: "get",
    path: LISTING_PHOTO_API_PATH,
    tag: "Auction listings",
    summary: "A listing's stored photo",
    description:
      "A JPEG, large (1600 px) or small (320 px). Its name is its content's hash: cached privately for a year, " +
      "revalidated by ETag.",
    access: "session",
    permission: HOLDERS,
    params: z.object({ name: z.string().meta({ example: `${"0".repeat(64)}-small.jpg` }) }),
    responses: {
      200: {
        description: "The photo.",
        contentType: "image/jpeg",
        headers: { "Cache-Control": "private, max-age=31536000, immutable", ETag: "The photo's name." },
      },
      304: { description: "Not modified." },
      401: REFUSALS[401],
      403: REFUSALS[403],
      404: REFUSALS[404],
    },
  }),
} as const;

/** The express request as a web Request (its body streamed, not read), for the shared upload reader. */
function webRequestOf(req: express.Request): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(", "));
  }
  return new Request(`http://localhost${req.originalUrl}`, {
    method: req.method,
    headers,
    body: Readable.toWeb(req) as ReadableStream<Uint8Array>,
    duplex: "half",
  } as RequestInit);
}

export function createListingsRouter(services: AppServices): express.Router {
  const router = express.Router();
  const db = services.database.prisma;
  const storage = fileStorageFor(services.config);

  route(
    router,
    LISTINGS_ENDPOINTS.import,
    requireSession(services),
    requirePermission("manheim-listings"),
    async (req, res) => {
      const upload = await readImportUpload(webRequestOf(req));
      if (!upload.ok) {
        res.status(upload.status).json({ error: upload.message });
        return;
      }
      const streaming = (req.headers.accept ?? "").includes("application/x-ndjson");
      let lastSent = 0;
      const onProgress = (progress: ImportProgress) => {
        // A line at most every 200 ms, and the last one: enough for a progress bar.
        const now = performance.now();
        if (!streaming || (now - lastSent < 200 && progress.done < progress.total)) return;
        lastSent = now;
        res.write(`${JSON.stringify({ progress })}\n`);
        (res as unknown as { flush?: () => void }).flush?.();
      };
      if (streaming) {
        res.status(200).set({ "Content-Type": "application/x-ndjson", "Cache-Control": "no-store" });
        res.flushHeaders();
      }
      const outcome = await importListingsAs(db, res.locals.session!, upload.feedText, {
        storage,
        photos: uploadedPhotos(upload.photos, DEFAULT_URL_POLICY),
        fileName: upload.fileName,
        onProgress,
      });
      if (streaming) {
        res.end(`${JSON.stringify(outcome.ok ? { result: outcome.report } : { error: outcome.message })}\n`);
      } else if (outcome.ok) {
        res.set("Cache-Control", "no-store").json(outcome.report);
      } else {
        res.status(outcome.status).json({ error: outcome.message });
      }
    },
  );

  route(
    router,
    LISTINGS_ENDPOINTS.photo,
    requireSession(services),
    requirePermission("manheim-listings"),
    (req, res) => {
      const name = String(req.params.name ?? "");
      if (!LISTING_PHOTO_NAME.test(name)) {
        res.status(404).json({ error: "File not found." });
        return;
      }
      return sendStoredFile(req, res, storage, `listings/${name}`);
    },
  );
  return router;
}

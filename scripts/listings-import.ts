// npm run listings:import -- <feed.csv|feed.json> [--no-urls] — imports an auction listings feed (ADR 046)
// into DATABASE_URL, or the embedded PostgreSQL under DATA_DIR/pg, storing its photos under DATA_DIR/files.
// Photos are files beside the feed (paths relative to it) or http(s) URLs; prints progress, then each
// refused row with its line and reason. The same operation as the page's upload and POST /api/listings/import.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../app/generated/prisma/client.ts";
import { fileStorageFor } from "../app/modules/files/file-storage.server.ts";
import { importListingFeed } from "../app/modules/listings/listing-import.server.ts";
import { DEFAULT_URL_POLICY, feedFolderPhotos } from "../app/modules/listings/listing-photos.server.ts";
import { importSummary, refusalLine } from "../app/rules/listings/listing-import.ts";
import { openScriptDatabase } from "./lib/database-for-scripts.ts";

const USAGE = "usage: npm run listings:import -- <feed.csv|feed.json> [--no-urls]";

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const file = args.find((arg) => !arg.startsWith("--"));
  const unknown = args.filter((arg) => arg.startsWith("--") && arg !== "--no-urls");
  if (!file || unknown.length > 0) throw new Error(USAGE);
  const feedPath = path.resolve(file);
  const feedText = await readFile(feedPath, "utf8").catch(() => {
    throw new Error(`Cannot read the feed ${feedPath}`);
  });
  const dataDir = process.env.DATA_DIR || ".data";
  const database = await openScriptDatabase({ DATABASE_URL: process.env.DATABASE_URL || undefined, DATA_DIR: dataDir });
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: database.url, max: 8 }) });
  try {
    // The operator's own script: photo URLs may be on the local network (uploads may not).
    const urls = args.includes("--no-urls") ? null : { ...DEFAULT_URL_POLICY, allowPrivateNetwork: true };
    let lastPrinted = 0;
    const outcome = await importListingFeed(prisma, feedText, {
      storage: fileStorageFor({ DATA_DIR: dataDir }),
      photos: feedFolderPhotos(path.dirname(feedPath), urls),
      onProgress: ({ done, total, imported, refused }) => {
        const now = performance.now();
        if (now - lastPrinted < 1_000 && done < total) return;
        lastPrinted = now;
        const percent = Math.floor((100 * done) / Math.max(1, total));
        console.log(
          `  ${String(percent).padStart(3)}%  ${done}/${total} rows  (${imported} imported, ${refused} refused)`,
        );
      },
    });
    if (!outcome.ok) {
      console.error(`The feed was refused: ${outcome.message}`);
      process.exitCode = 2;
      return;
    }
    const { report } = outcome;
    for (const refusal of report.refused) console.log(refusalLine(refusal));
    console.log(importSummary(report));
    console.log(
      `${report.linkedToUnits} listings match a unit of the fleet. Done in ${(report.elapsedMs / 1000).toFixed(1)} s.`,
    );
    if (report.refused.length > 0) process.exitCode = 1;
  } finally {
    await prisma.$disconnect();
    await database.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 2;
});

// npm run bench:listings (tsx bench/listings-import.ts) — a listings feed of 10,000 rows
// with photos imported in under a minute, with the script's progress. On a fresh demo database, the bench
// writes a CSV feed beside generated photos (demoPhoto, no network; --photos distinct ones, three per row,
// so photos repeat across rows as a dealer's feed repeats stock shots), a hundred rows matching the fleet's
// units by VIN, then imports it twice through the importer's own operation: a first import (creates) and a
// re-import (updates). Flags: --rows=10000 --photos=300. Exits 0 whether the target is met or not.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../app/generated/prisma/client.ts";
import { localFileStorage } from "../app/modules/files/file-storage.server.ts";
import { demoPhoto } from "../app/modules/files/images.server.ts";
import { importListingFeed } from "../app/modules/listings/listing-import.server.ts";
import { feedFolderPhotos } from "../app/modules/listings/listing-photos.server.ts";
import { withSeededDatabase } from "./lib/database.ts";

const flag = (name: string, fallback: number) =>
  Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const ROWS = flag("rows", 10_000);
const PHOTOS = flag("photos", 300);
const TARGET_MS = 60_000;
const MAKES = [
  ["Ford", "F-150", "1FT"],
  ["Chevrolet", "Silverado 2500HD", "1GC"],
  ["Ram", "3500", "3C6"],
] as const;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main() {
  const folder = await mkdtemp(path.join(tmpdir(), "fleetops-bench-listings-"));
  try {
    let started = performance.now();
    for (let index = 0; index < PHOTOS; index++) {
      const photo = await demoPhoto({ caption: `Stock ${index}`, hue: (index * 37) % 360, width: 1024, height: 683 });
      await writeFile(path.join(folder, `p${index}.jpg`), photo);
    }
    console.log(`Generated ${PHOTOS} photos (1024×683 JPEG) in ${seconds(performance.now() - started)}.`);

    await withSeededDatabase(
      { label: "listings", scale: "demo", log: (line) => console.log(line) },
      async (database) => {
        const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: database.url, max: 8 }) });
        try {
          const fleetVins = (
            await prisma.unit.findMany({ select: { vin: true }, take: 100, orderBy: { id: "asc" } })
          ).map((unit) => unit.vin);
          const lines = [
            "vin,year,make,models,trims,odometer,buyNowPrice,mmrPrice,locationCity,locationFullZipcode,pickupLocationState,sellerName,source,listingUrl,images",
          ];
          for (let row = 0; row < ROWS; row++) {
            const [make, model, wmi] = MAKES[row % MAKES.length]!;
            const vin = fleetVins[row] ?? `${wmi}BENCH${String(row).padStart(9, "0")}`;
            const mmr = 20_000 + (row % 50) * 400;
            const photos = [0, 1, 2].map((k) => `p${(row * 3 + k) % PHOTOS}.jpg`).join("|");
            lines.push(
              `${vin},${2018 + (row % 7)},${make},${model},XL,${30_000 + row},${mmr + 1_500 - (row % 7) * 500},${mmr},Dallas,75261-${String(row % 10_000).padStart(4, "0")},TX,Bench Seller,Manheim,https://auctions.example.com/${vin},${photos}`,
            );
          }
          const feedPath = path.join(folder, "feed.csv");
          await writeFile(feedPath, `${lines.join("\n")}\n`);
          const storage = localFileStorage(path.join(folder, "files"));
          const feedText = lines.join("\n");

          for (const pass of ["first import", "re-import"] as const) {
            let lastPrinted = 0;
            started = performance.now();
            const outcome = await importListingFeed(prisma, feedText, {
              storage,
              photos: feedFolderPhotos(folder, null),
              onProgress: ({ done, total }) => {
                const now = performance.now();
                if (now - lastPrinted < 5_000 && done < total) return;
                lastPrinted = now;
                console.log(`  ${pass}: ${done}/${total} rows, ${seconds(now - started)}`);
              },
            });
            const elapsed = performance.now() - started;
            if (!outcome.ok) throw new Error(outcome.message);
            const { report } = outcome;
            console.log(
              `${pass}: ${report.rows} rows in ${seconds(elapsed)} (${Math.round(report.rows / (elapsed / 1000))} rows/s): ` +
                `${report.created} created, ${report.updated} updated, ${report.refused.length} refused, ` +
                `${report.photosStored} photos stored, ${report.linkedToUnits} linked to fleet units. ` +
                `Target < ${seconds(TARGET_MS)}: ${elapsed < TARGET_MS ? "met" : "MISSED"}.`,
            );
          }
          const images = await prisma.auctionListingImage.count();
          console.log(`Listings in the database: ${await prisma.auctionListing.count()}, their photos: ${images}.`);
        } finally {
          await prisma.$disconnect();
        }
      },
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 1;
});

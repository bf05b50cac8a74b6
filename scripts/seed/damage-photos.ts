// Demo photos for the damage reports (ADR 050): a few generated scenes (demoPhoto, no
// network), read through the same photo reader as a customer's upload, stored in the app's file
// store under each report's folder, one to three per report. Only six photos are rendered whatever the scale:
// the reports share them, each under its own keys, so the seed stays fast.
import type { FileStorage } from "../../app/modules/files/file-storage.server.ts";
import { demoPhoto, imageKeys, readImage, type StoredImage } from "../../app/modules/files/images.server.ts";
import type { SeedContext } from "./context.ts";

const SCENES = [
  { caption: "Dented rear bumper", hue: 12 },
  { caption: "Scraped driver door", hue: 205 },
  { caption: "Cracked windshield", hue: 180 },
  { caption: "Bent side mirror", hue: 40 },
  { caption: "Torn seat cover", hue: 280 },
  { caption: "Flat tire, bent rim", hue: 95 },
] as const;

export async function addDamagePhotos(ctx: SeedContext, files: FileStorage): Promise<void> {
  const images: StoredImage[] = [];
  for (const [index, scene] of SCENES.entries()) {
    // Every other scene carries GPS metadata, as a phone's photo does; the reader strips it.
    const reading = await readImage(await demoPhoto({ ...scene, width: 960, height: 640, withGps: index % 2 === 0 }));
    if (!reading.ok) throw new Error(`demo photo ${scene.caption}: ${reading.message}`);
    images.push(reading.image);
  }
  const writes: Promise<void>[] = [];
  for (const report of ctx.rowsOf("DamageReport")) {
    const reportId = Number(report.id);
    const count = 1 + (reportId % 3);
    for (let position = 1; position <= count; position++) {
      const image = images[(reportId + position * 2) % images.length]!;
      const keys = imageKeys(`damage/${reportId}`, image.hash);
      writes.push(files.put(keys.large, image.large), files.put(keys.small, image.small));
      ctx.add("DamageReportPhoto", {
        id: ctx.nextId("DamageReportPhoto"),
        damageReportId: reportId,
        position,
        largeKey: keys.large,
        smallKey: keys.small,
        width: image.width,
        height: image.height,
      });
    }
  }
  await Promise.all(writes);
}

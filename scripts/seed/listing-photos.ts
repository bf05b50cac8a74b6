// The demo listings' photos (ADR 046): a handful of generated pictures (demoPhoto, no network), read like
// any imported photo and stored under their content's keys, shared by every demo listing. Identical
// content gives the same keys, so seeding again rewrites the same few files.
import type { FileStorage } from "../../app/modules/files/file-storage.server.ts";
import { demoPhoto, imageKeys, readImage } from "../../app/modules/files/images.server.ts";
import type { ListingPhotoKeys } from "./activity.ts";

const VIEWS = ["Front", "Driver side", "Rear", "Interior"] as const;
const HUES = [210, 25] as const;

/** Renders the demo photos, stores them when a store is given, and returns their keys (deterministic). */
export async function demoListingPhotos(storage: FileStorage | null): Promise<ListingPhotoKeys[]> {
  const photos: ListingPhotoKeys[] = [];
  for (const hue of HUES) {
    for (const view of VIEWS) {
      const bytes = await demoPhoto({ caption: `${view} · demo listing`, hue, width: 720, height: 480 });
      const reading = await readImage(bytes);
      if (!reading.ok) throw new Error(`demo photo not readable: ${reading.message}`);
      const keys = imageKeys("listings", reading.image.hash);
      if (storage) {
        await storage.put(keys.large, reading.image.large);
        await storage.put(keys.small, reading.image.small);
      }
      photos.push({ smallUrl: keys.small, largeUrl: keys.large });
    }
  }
  return photos;
}

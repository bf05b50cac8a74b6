// The file store and the photo reader, on a real temporary directory and real image bytes.
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isStorageKey, localFileStorage } from "~/modules/files/file-storage.server.ts";
import { demoPhoto, IMAGE_MESSAGES, imageKeys, readImage } from "~/modules/files/images.server.ts";

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "fleetops-files-"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe("storage keys", () => {
  it.each([
    ["listings/abc-large.jpg", true],
    ["damage/412/0f9e-small.jpg", true],
    ["listings/a.png", true],
    ["../etc/passwd.jpg", false],
    ["listings/../../x.jpg", false],
    ["/listings/a.jpg", false],
    ["listings\\a.jpg", false],
    ["listings/a.JPG", false],
    ["listings/a.svg", false],
    ["a.jpg", false],
    ["listings//a.jpg", false],
    ["listings/a.jpg\u0000", false],
  ])("%j is a key: %s", (key, valid) => {
    expect(isStorageKey(key)).toBe(valid);
  });
});

describe("local file storage", () => {
  it("stores, reads back, replaces and deletes a file, leaving no temporary files", async () => {
    const storage = localFileStorage(root);
    await storage.put("listings/one-large.jpg", Buffer.from("first"));
    await storage.put("listings/one-large.jpg", Buffer.from("second"));
    const file = await storage.get("listings/one-large.jpg");
    expect(file?.contentType).toBe("image/jpeg");
    expect(file?.size).toBe(6);
    expect((await readAll(file!.open())).toString()).toBe("second");
    expect(await readdir(path.join(root, "listings"))).toEqual(["one-large.jpg"]);
    await storage.delete("listings/one-large.jpg");
    await storage.delete("listings/one-large.jpg");
    expect(await storage.get("listings/one-large.jpg")).toBeNull();
  });

  it("answers null for an invalid key and refuses to write one", async () => {
    const storage = localFileStorage(root);
    expect(await storage.get("../outside.jpg")).toBeNull();
    await expect(storage.put("../outside.jpg", Buffer.from("x"))).rejects.toThrow(/Invalid storage key/);
  });
});

describe("reading photos by content", () => {
  it("re-encodes a phone photo upright, in two sizes, without its GPS and camera metadata", async () => {
    const original = await demoPhoto({
      caption: "Unit 4821 rear bumper",
      hue: 20,
      width: 2400,
      height: 1600,
      withGps: true,
    });
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const reading = await readImage(original);
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    const large = await sharp(reading.image.large).metadata();
    const small = await sharp(reading.image.small).metadata();
    expect(large).toMatchObject({ format: "jpeg", width: 1600, height: 1067 });
    expect(small).toMatchObject({ format: "jpeg", width: 320 });
    expect(large.exif).toBeUndefined();
    expect(small.exif).toBeUndefined();
    expect(reading.image.large.includes(Buffer.from("DemoCam"))).toBe(false);
    expect(imageKeys("damage/7", reading.image.hash).large).toMatch(/^damage\/7\/[0-9a-f]{64}-large\.jpg$/);
  });

  it("accepts a PNG and keeps a small photo's size", async () => {
    const png = await sharp({ create: { width: 200, height: 100, channels: 4, background: "#3366aa" } })
      .png()
      .toBuffer();
    const reading = await readImage(png);
    expect(reading.ok && reading.image.width).toBe(200);
  });

  it.each([
    ["a text file named .jpg", Buffer.from("this is not a photo at all, just text pretending to be one")],
    [
      "an SVG (script-capable, never stored)",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
    ],
    ["a PDF header", Buffer.from("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n")],
  ])("refuses %s", async (_name, bytes) => {
    expect(await readImage(bytes)).toEqual({ ok: false, message: IMAGE_MESSAGES.notImage });
  });

  it("refuses a truncated JPEG, an empty file, an oversized file and a decompression bomb", async () => {
    const photo = await demoPhoto({ caption: "x", hue: 100 });
    expect(await readImage(photo.subarray(0, photo.length / 3))).toEqual({
      ok: false,
      message: IMAGE_MESSAGES.notImage,
    });
    expect(await readImage(Buffer.alloc(0))).toEqual({ ok: false, message: IMAGE_MESSAGES.empty });
    const limits = { maxBytes: 1000, maxPixels: 50_000_000, largeEdge: 1600, smallEdge: 320 };
    expect(await readImage(photo, limits)).toEqual({ ok: false, message: IMAGE_MESSAGES.tooLarge });
    // A decompression bomb in small: 4,000 × 4,000 pixels of one colour are a few kilobytes of PNG, and
    // the reader refuses them from the header, under a 1-megapixel limit, without decoding.
    const bomb = await sharp({ create: { width: 4000, height: 4000, channels: 3, background: "#fff" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(100_000);
    expect(await readImage(bomb, { ...limits, maxBytes: 1_000_000, maxPixels: 1_000_000 })).toEqual({
      ok: false,
      message: IMAGE_MESSAGES.tooManyPixels,
    });
  });
});

// Photos from outside (a listings feed, a customer's phone) are checked by their content, never by their
// name or declared type, and stored re-encoded: turned upright by their orientation tag, then written as
// JPEG without any metadata (GPS position, camera, owner), in a large and a small size (ADR 043).
// sharp (libvips) decodes; its pixel limit refuses decompression bombs before they are decoded.
import { createHash } from "node:crypto";
import sharp, { type Metadata } from "sharp";

/** What a photo may be, by content. HEIC from phones decodes only where libvips has HEVC (not the prebuilt). */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "avif", "heif", "gif", "tiff"]);

export interface ImageLimits {
  maxBytes: number;
  maxPixels: number;
  largeEdge: number;
  smallEdge: number;
}

export const IMAGE_LIMITS: Readonly<ImageLimits> = {
  /** Bytes of one uploaded or downloaded photo. */
  maxBytes: 10 * 1024 * 1024,
  /** Decoded pixels (width × height): about a 50-megapixel camera. */
  maxPixels: 50_000_000,
  largeEdge: 1600,
  smallEdge: 320,
};

export const IMAGE_MESSAGES = {
  tooLarge: `The photo is larger than ${IMAGE_LIMITS.maxBytes / (1024 * 1024)} MB.`,
  notImage: "The file is not a photo (JPEG, PNG, WebP or HEIC).",
  tooManyPixels: "The photo has too many pixels.",
  empty: "The file is empty.",
} as const;

export interface StoredImage {
  /** Hex SHA-256 of the large rendition: the stored files' names. */
  hash: string;
  width: number;
  height: number;
  large: Buffer;
  small: Buffer;
}

export type ImageReading = { ok: true; image: StoredImage } | { ok: false; message: string };

/** Checks a photo's bytes and renders its stored sizes; refuses anything that is not a decodable photo. */
export async function readImage(
  bytes: Uint8Array,
  limits: Readonly<ImageLimits> = IMAGE_LIMITS,
): Promise<ImageReading> {
  if (bytes.byteLength === 0) return { ok: false, message: IMAGE_MESSAGES.empty };
  if (bytes.byteLength > limits.maxBytes) return { ok: false, message: IMAGE_MESSAGES.tooLarge };
  const input = () => sharp(bytes, { limitInputPixels: limits.maxPixels, failOn: "error", pages: 1 });
  let metadata: Metadata;
  try {
    // The header alone: the pixel limit is checked below, with its own message.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, message: IMAGE_MESSAGES.notImage };
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format) || !metadata.width || !metadata.height) {
    return { ok: false, message: IMAGE_MESSAGES.notImage };
  }
  if (metadata.width * metadata.height > limits.maxPixels) return { ok: false, message: IMAGE_MESSAGES.tooManyPixels };
  try {
    const render = (edge: number) =>
      input()
        .rotate() // upright by the EXIF orientation, which the output then no longer carries
        .resize({ width: edge, height: edge, fit: "inside", withoutEnlargement: true })
        .flatten({ background: "#ffffff" })
        // libjpeg-turbo with optimised Huffman tables: mozjpeg's trellis search made files ~10% smaller
        // at four times the time, which a 10,000-row listings import cannot afford (ADR 046).
        .jpeg({ quality: 82, optimiseCoding: true })
        .toBuffer({ resolveWithObject: true });
    const [large, small] = await Promise.all([render(limits.largeEdge), render(limits.smallEdge)]);
    return {
      ok: true,
      image: {
        hash: createHash("sha256").update(large.data).digest("hex"),
        width: large.info.width,
        height: large.info.height,
        large: large.data,
        small: small.data,
      },
    };
  } catch {
    // Headers that parse but pixels that do not (a truncated file) end here.
    return { ok: false, message: IMAGE_MESSAGES.notImage };
  }
}

/** The two keys a stored image's sizes live under, beneath `folder` ("listings", "damage/412"). */
export function imageKeys(folder: string, hash: string): { large: string; small: string } {
  return { large: `${folder}/${hash}-large.jpg`, small: `${folder}/${hash}-small.jpg` };
}

/**
 * A generated photo for the demo data and tests (no network): a coloured scene with a caption, as JPEG,
 * optionally with EXIF GPS metadata so tests can prove it is stripped.
 */
export async function demoPhoto(options: {
  caption: string;
  hue: number;
  width?: number;
  height?: number;
  withGps?: boolean;
}): Promise<Buffer> {
  const { caption, hue, width = 1200, height = 800 } = options;
  const escaped = caption.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="backdrop" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="hsl(${hue},55%,72%)"/><stop offset="1" stop-color="hsl(${hue},40%,35%)"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#backdrop)"/>
  <rect x="${width * 0.12}" y="${height * 0.45}" width="${width * 0.55}" height="${height * 0.25}" rx="18" fill="hsl(${(hue + 180) % 360},30%,92%)"/>
  <rect x="${width * 0.62}" y="${height * 0.5}" width="${width * 0.22}" height="${height * 0.2}" rx="14" fill="hsl(${(hue + 180) % 360},25%,80%)"/>
  <circle cx="${width * 0.25}" cy="${height * 0.74}" r="${height * 0.07}" fill="#222"/>
  <circle cx="${width * 0.72}" cy="${height * 0.74}" r="${height * 0.07}" fill="#222"/>
  <text x="50%" y="${height * 0.2}" font-family="sans-serif" font-size="${Math.round(height / 14)}" text-anchor="middle" fill="#fff">${escaped}</text>
</svg>`;
  let pipeline = sharp(Buffer.from(svg)).jpeg({ quality: 80 });
  if (options.withGps) {
    pipeline = pipeline.withExif({
      IFD0: { Make: "DemoCam", Model: "Phone 12" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "41/1 52/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "87/1 37/1 0/1" },
    });
  }
  return pipeline.toBuffer();
}

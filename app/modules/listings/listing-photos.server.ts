// Where a feed's photos are read from (ADR 046): files beside the feed (the script), files uploaded with it
// (the page and the API), or http(s) URLs fetched with a timeout and a size cap. Every answer is bytes or a
// message; nothing here trusts a name or a declared type (the photo reader checks the content, ADR 043).
import { lookup } from "node:dns/promises";
import { open, realpath } from "node:fs/promises";
import { isIP } from "node:net";
import path from "node:path";
import { IMAGE_LIMITS, IMAGE_MESSAGES } from "../files/images.server.ts";
import type { PhotoReference } from "../../rules/listings/listing-feed.ts";

export type PhotoBytes = { ok: true; bytes: Uint8Array } | { ok: false; message: string };

export interface PhotoSource {
  read(reference: PhotoReference): Promise<PhotoBytes>;
}

export const PHOTO_SOURCE_MESSAGES = {
  missingFile: "No such file beside the feed.",
  notUploaded: "No photo of that name was uploaded with the feed.",
  urlsOff: "Photos by URL are not taken here; upload the photo with the feed.",
  privateHost: "The photo URL points into a private network.",
  unreachable: "The photo URL could not be read.",
  timeout: "The photo URL did not answer in time.",
  status: (status: number) => `The photo URL answered ${status}.`,
} as const;

export interface UrlPolicy {
  timeoutMs: number;
  maxBytes: number;
  /** Loopback and private addresses (the tests' local server; an operator's own script). Off for uploads. */
  allowPrivateNetwork: boolean;
}

export const DEFAULT_URL_POLICY: UrlPolicy = {
  timeoutMs: 10_000,
  maxBytes: IMAGE_LIMITS.maxBytes,
  allowPrivateNetwork: false,
};

/** Loopback, private, link-local (cloud metadata), carrier-grade NAT and unspecified addresses. */
export function isPrivateAddress(address: string): boolean {
  if (isIP(address) === 6) {
    const lower = address.toLowerCase();
    if (lower.startsWith("::ffff:")) return isPrivateAddress(lower.slice(7));
    return lower === "::1" || lower === "::" || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower);
  }
  const [a = 0, b = 0] = address.split(".").map(Number);
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168)
  );
}

/** Reads a photo by URL: no redirects, the policy's timeout, at most maxBytes read (then refused). */
export async function fetchPhoto(url: string, policy: UrlPolicy): Promise<PhotoBytes> {
  const target = new URL(url);
  if (!policy.allowPrivateNetwork) {
    const host = target.hostname.replace(/^\[|\]$/g, "");
    const addresses = isIP(host) ? [host] : (await lookup(host, { all: true }).catch(() => [])).map((a) => a.address);
    if (addresses.length === 0) return { ok: false, message: PHOTO_SOURCE_MESSAGES.unreachable };
    if (addresses.some(isPrivateAddress)) return { ok: false, message: PHOTO_SOURCE_MESSAGES.privateHost };
  }
  const signal = AbortSignal.timeout(policy.timeoutMs);
  try {
    // A redirect could lead anywhere (a private address after the check above): refused, not followed.
    const response = await fetch(target, { signal, redirect: "error", headers: { accept: "image/*" } });
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      return { ok: false, message: PHOTO_SOURCE_MESSAGES.status(response.status) };
    }
    const declared = Number(response.headers.get("content-length") ?? "0");
    if (declared > policy.maxBytes) {
      await response.body.cancel();
      return { ok: false, message: IMAGE_MESSAGES.tooLarge };
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      size += chunk.byteLength;
      if (size > policy.maxBytes) {
        await response.body.cancel().catch(() => undefined);
        return { ok: false, message: IMAGE_MESSAGES.tooLarge };
      }
      chunks.push(chunk);
    }
    return { ok: true, bytes: Buffer.concat(chunks) };
  } catch (error) {
    const timedOut = signal.aborted || (error instanceof Error && error.name === "TimeoutError");
    return { ok: false, message: timedOut ? PHOTO_SOURCE_MESSAGES.timeout : PHOTO_SOURCE_MESSAGES.unreachable };
  }
}

/** Reads at most `maxBytes` of a file; larger is refused without reading it all. */
async function readCapped(file: string, maxBytes: number): Promise<PhotoBytes> {
  const handle = await open(file, "r");
  try {
    const info = await handle.stat();
    if (!info.isFile()) return { ok: false, message: PHOTO_SOURCE_MESSAGES.missingFile };
    if (info.size > maxBytes) return { ok: false, message: IMAGE_MESSAGES.tooLarge };
    return { ok: true, bytes: await handle.readFile() };
  } finally {
    await handle.close();
  }
}

/**
 * The script's source: files under the feed's folder (a name cannot leave it, not even through a symbolic
 * link), and URLs by the policy.
 */
export function feedFolderPhotos(folder: string, urls: UrlPolicy | null): PhotoSource {
  const root = path.resolve(folder);
  return {
    async read(reference) {
      if (reference.kind === "url") {
        return urls ? fetchPhoto(reference.url, urls) : { ok: false, message: PHOTO_SOURCE_MESSAGES.urlsOff };
      }
      try {
        const real = await realpath(path.resolve(root, reference.name));
        const realRoot = await realpath(root);
        if (!real.startsWith(realRoot + path.sep)) return { ok: false, message: PHOTO_SOURCE_MESSAGES.missingFile };
        return await readCapped(real, urls?.maxBytes ?? IMAGE_LIMITS.maxBytes);
      } catch {
        return { ok: false, message: PHOTO_SOURCE_MESSAGES.missingFile };
      }
    },
  };
}

/** The page's and the API's source: the photos uploaded with the feed, by file name; URLs by the policy. */
export function uploadedPhotos(files: ReadonlyMap<string, Uint8Array>, urls: UrlPolicy | null): PhotoSource {
  return {
    async read(reference) {
      if (reference.kind === "url") {
        return urls ? fetchPhoto(reference.url, urls) : { ok: false, message: PHOTO_SOURCE_MESSAGES.urlsOff };
      }
      // A feed names its photos by path; an upload carries only the file's own name.
      const bytes = files.get(reference.name) ?? files.get(path.posix.basename(reference.name));
      if (!bytes) return { ok: false, message: PHOTO_SOURCE_MESSAGES.notUploaded };
      if (bytes.byteLength > IMAGE_LIMITS.maxBytes) return { ok: false, message: IMAGE_MESSAGES.tooLarge };
      return { ok: true, bytes };
    },
  };
}

// Where a feed's photos are read from (ADR 046): files beside the feed (the script), files uploaded with it
// (the page and the API), or http(s) URLs fetched with a timeout and a size cap, connecting only to the
// address that was vetted (a public one, unless the policy allows private networks). Every answer is bytes or
// a message; nothing here trusts a name or a declared type (the photo reader checks the content, ADR 043).
import dns from "node:dns";
import { open, realpath } from "node:fs/promises";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import path from "node:path";
import ipaddr from "ipaddr.js";
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
  // One message for every failure of a URL (refused, reset, timeout, no such name, a status, a redirect): an
  // import must not tell an open port from a closed one.
  unreachable: "The photo URL could not be read.",
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

// Ranges ipaddr.js 1.9.1 calls unicast that are not the public internet either.
const NOT_PUBLIC_IPV4 = ["198.18.0.0/15" /* benchmarking */].map((cidr) => ipaddr.IPv4.parseCIDR(cidr));
const NOT_PUBLIC_IPV6 = [
  "2001::/23", // IETF protocol assignments (benchmarking, ORCHID, …); Teredo inside it is ipaddr's own range
  "3fff::/20", // documentation
].map((cidr) => ipaddr.IPv6.parseCIDR(cidr));
// The only IPv6 addresses routed on the internet; the rest (IPv4-compatible ::/96, NAT64 local-use
// 64:ff9b:1::/48, discard-only 100::/64, site-local fec0::/10, …) is not, or reaches into a local network.
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR("2000::/3");

/**
 * Whether an address is anything but public unicast: loopback, private, link-local (cloud metadata),
 * unique-local, carrier-grade NAT, unspecified, multicast, broadcast, reserved, or an IPv4 address inside
 * IPv6 (mapped, compatible, NAT64, 6to4, Teredo). Takes every spelling a URL or a resolver takes (decimal,
 * octal, hex, short, brackets, upper case, a zone id); text that is not an address is not public either.
 */
export function isPrivateAddress(text: string): boolean {
  const address = canonicalAddress(text);
  if (!address) return true;
  // An IPv4-mapped address (::ffff:a.b.c.d) reaches the IPv4 one: judge that.
  const parsed = ipaddr.process(address);
  if (parsed.range() !== "unicast") return true;
  if (parsed instanceof ipaddr.IPv4) return NOT_PUBLIC_IPV4.some((range) => parsed.match(range));
  return !parsed.match(GLOBAL_UNICAST) || NOT_PUBLIC_IPV6.some((range) => parsed.match(range));
}

/**
 * The address as WHATWG URL writes it (what a fetch of the URL connects to): `0177.0.0.1`, `0x7f.1`,
 * `2130706433` and `127.1` are 127.0.0.1, IPv6 is lower case and compressed. Null for anything else.
 * ipaddr.js is not asked to read the other spellings: it reads `0177.0.0.1` inside IPv6 as 177.0.0.1.
 */
function canonicalAddress(text: string): string | null {
  let host = text.trim().replace(/^\[(.*)\]$/, "$1");
  // A zone id (fe80::1%eth0, or %25eth0 in a URL) names an interface, not another address.
  if (host.includes(":")) host = host.replace(/%.*$/, "");
  let hostname: string;
  try {
    hostname = new URL(`http://${host.includes(":") ? `[${host}]` : host}/`).hostname;
  } catch {
    return null;
  }
  hostname = hostname.replace(/^\[(.*)\]$/, "$1");
  return isIP(hostname) ? hostname : null;
}

/** Refused before any connection: the host is, or resolves to, an address that is not public. */
class PrivateAddressError extends Error {
  constructor() {
    super(PHOTO_SOURCE_MESSAGES.privateHost);
    this.name = "PrivateAddressError";
  }
}

/**
 * The socket's resolver: resolves the name once, refuses it whole if any of its addresses is not public,
 * and hands the socket only the addresses it vetted. Resolving apart from the connection would let a name
 * answer a public address to the check and a private one to the socket (DNS rebinding).
 */
const vettedLookup: LookupFunction = (hostname, options, callback) => {
  // Read at call time (not a named import), so a test can stand in for the resolver.
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "");
    if (addresses.length === 0) return callback(new Error(`No address for ${hostname}`), "");
    if (addresses.some((entry) => isPrivateAddress(entry.address))) return callback(new PrivateAddressError(), "");
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

const UNREACHABLE: PhotoBytes = { ok: false, message: PHOTO_SOURCE_MESSAGES.unreachable };
const PRIVATE_HOST: PhotoBytes = { ok: false, message: PHOTO_SOURCE_MESSAGES.privateHost };
const TOO_LARGE: PhotoBytes = { ok: false, message: IMAGE_MESSAGES.tooLarge };

/**
 * Reads a photo by URL: the host vetted (unless the policy allows private networks) and connected to at the
 * vetted address, no redirects, the policy's timeout for the whole read, at most maxBytes read (then
 * refused).
 */
export async function fetchPhoto(url: string, policy: UrlPolicy): Promise<PhotoBytes> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return UNREACHABLE;
  }
  if (target.protocol !== "http:" && target.protocol !== "https:") return UNREACHABLE;
  // Node does not call the resolver for an address, so a literal one is vetted here.
  const literal = target.hostname.replace(/^\[(.*)\]$/, "$1");
  if (!policy.allowPrivateNetwork && isIP(literal) && isPrivateAddress(literal)) return PRIVATE_HOST;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: PhotoBytes) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(result);
    };
    const request = (target.protocol === "https:" ? https : http).request(target, {
      // A socket of its own: never one of a pool, connected (and vetted) for another URL.
      agent: false,
      lookup: policy.allowPrivateNetwork ? undefined : vettedLookup,
      headers: { accept: "image/*" },
    });
    const timer = setTimeout(() => finish(UNREACHABLE), policy.timeoutMs);
    request.on("error", (error) => finish(error instanceof PrivateAddressError ? PRIVATE_HOST : UNREACHABLE));
    request.on("close", () => finish(UNREACHABLE));
    if (!policy.allowPrivateNetwork) {
      // A second look at the address actually connected to, should a path past the resolver ever open.
      request.on("socket", (socket) =>
        socket.once("connect", () => {
          if (isPrivateAddress(socket.remoteAddress ?? "")) request.destroy(new PrivateAddressError());
        }),
      );
    }
    request.on("response", (response) => {
      // A redirect could lead anywhere (a private address): refused, not followed, like any other status.
      const status = response.statusCode ?? 0;
      if (status < 200 || status > 299) return finish(UNREACHABLE);
      if (Number(response.headers["content-length"] ?? "0") > policy.maxBytes) return finish(TOO_LARGE);
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.byteLength;
        if (size > policy.maxBytes) finish(TOO_LARGE);
        else chunks.push(chunk);
      });
      response.on("end", () => finish({ ok: true, bytes: Buffer.concat(chunks) }));
      response.on("error", () => finish(UNREACHABLE));
      response.on("close", () => finish(UNREACHABLE));
    });
    request.end();
  });
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

// Photo URLs and the network: an upload's import refuses every spelling of a loopback
// address, and names that resolve to one, before connecting (the local server below never hears of them);
// and every failure of a URL it may fetch reads the same, so an import cannot tell an open port from a
// closed one.
import dns from "node:dns";
import { createServer, type Server } from "node:http";
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from "node:net";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type FileStorage, localFileStorage } from "~/modules/files/file-storage.server.ts";
import { demoPhoto, IMAGE_MESSAGES } from "~/modules/files/images.server.ts";
import { importListingFeed } from "~/modules/listings/listing-import.server.ts";
import {
  DEFAULT_URL_POLICY,
  fetchPhoto,
  PHOTO_SOURCE_MESSAGES,
  type UrlPolicy,
  uploadedPhotos,
} from "~/modules/listings/listing-photos.server.ts";
import { LISTING_IMPORT_MESSAGES } from "~/rules/listings/listing-import.ts";
import { createTestPrisma } from "../../support/database.ts";

const db = createTestPrisma();
const NOW = new Date("2026-11-29T12:00:00Z");
let storeRoot: string;
let storage: FileStorage;
let server: Server;
let port: number;
let resetter: TcpServer;
let resetPort: number;
let closedPort: number;
/** Requests the local server received, by path, and the connections it accepted (a request or not). */
const received: string[] = [];
let connections = 0;

const listen = (target: Server | TcpServer) =>
  new Promise<number>((resolve) =>
    target.listen(0, "127.0.0.1", () => resolve((target.address() as AddressInfo).port)),
  );
const close = (target: Server | TcpServer) => new Promise((resolve) => target.close(resolve));

beforeAll(async () => {
  storeRoot = await mkdtemp(path.join(tmpdir(), "fleetops-store-"));
  storage = localFileStorage(storeRoot);
  const served = await demoPhoto({ caption: "served", hue: 200 });
  server = createServer((req, res) => {
    received.push(req.url ?? "");
    switch (req.url ?? "") {
      case "/photo.jpg":
        return res.writeHead(200, { "content-type": "image/jpeg" }).end(served);
      case "/moved.jpg":
        return res.writeHead(302, { location: "/photo.jpg" }).end();
      case "/silent.jpg":
        return; // never answers
      case "/declared-big.jpg":
        return res.writeHead(200, { "content-length": 4096 }).end(Buffer.alloc(4096));
      case "/streamed-big.jpg":
        // No content-length: the body is counted as it comes.
        res.writeHead(200);
        for (let i = 0; i < 4; i++) res.write(Buffer.alloc(1024));
        return res.end();
      default:
        return res.writeHead(404).end();
    }
  });
  server.on("connection", () => connections++);
  port = await listen(server);
  // Accepts, then resets the connection.
  resetter = createTcpServer((socket) => socket.resetAndDestroy());
  resetPort = await listen(resetter);
  // A port that was just free: nothing listens on it.
  const probe = createServer();
  closedPort = await listen(probe);
  await close(probe);
});

afterAll(async () => {
  server.closeAllConnections();
  await close(server);
  await close(resetter);
  await rm(storeRoot, { recursive: true, force: true });
});

afterEach(() => {
  received.length = 0;
  connections = 0;
});

const HEADER = "vin,year,make,models,odometer,images";

/** Imports one row whose only photo is `url`; answers the reason it was refused (or null). */
async function refusalOf(url: string, policy: UrlPolicy): Promise<string | null> {
  const outcome = await importListingFeed(db, `${HEADER}\n1FTBF2B60NEA00701,2021,Ford,F-250,41000,${url}`, {
    storage,
    photos: uploadedPhotos(new Map(), policy),
    now: NOW,
  });
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.report.refused[0]?.reason ?? null;
}

describe("an upload's photo URLs (private networks off)", () => {
  it.each([
    "http://127.0.0.1:PORT/photo.jpg",
    "http://[::ffff:127.0.0.1]:PORT/photo.jpg",
    "http://[::ffff:7f00:1]:PORT/photo.jpg",
    "http://[0:0:0:0:0:ffff:7f00:1]:PORT/photo.jpg",
    "http://[0:0:0:0:0:FFFF:127.0.0.1]:PORT/photo.jpg",
    "http://[::FFFF:7F00:1]:PORT/photo.jpg",
    "http://2130706433:PORT/photo.jpg",
    "http://0177.0.0.1:PORT/photo.jpg",
    "http://0x7f.1:PORT/photo.jpg",
    "http://0X7F000001:PORT/photo.jpg",
    "http://127.1:PORT/photo.jpg",
    "http://127.0.0.1.:PORT/photo.jpg",
    "http://0.0.0.0:PORT/photo.jpg",
    "http://0:PORT/photo.jpg",
    "http://[::]:PORT/photo.jpg",
    "http://[::1]:PORT/photo.jpg",
    "http://[::127.0.0.1]:PORT/photo.jpg",
    "http://[64:ff9b::7f00:1]:PORT/photo.jpg",
    "http://localhost:PORT/photo.jpg",
    "HTTP://LOCALHOST:PORT/photo.jpg",
  ])("refuses %s as private and sends the server nothing", async (spelling) => {
    const url = spelling.replace("PORT", String(port));
    // The feed keeps a URL as WHATWG URL writes it.
    const reference = new URL(url).href;
    expect(await refusalOf(url, DEFAULT_URL_POLICY)).toBe(
      LISTING_IMPORT_MESSAGES.photo(reference, PHOTO_SOURCE_MESSAGES.privateHost),
    );
    expect(connections).toBe(0);
  });

  it("refuses a hostname that resolves to 127.0.0.1 (localhost), which the operator's policy fetches", async () => {
    const url = `http://localhost:${port}/photo.jpg`;
    expect(await fetchPhoto(url, DEFAULT_URL_POLICY)).toEqual({
      ok: false,
      message: PHOTO_SOURCE_MESSAGES.privateHost,
    });
    expect(connections).toBe(0);
    // The same URL is reachable: the refusal is the policy's, not the network's.
    expect(await fetchPhoto(url, { ...DEFAULT_URL_POLICY, allowPrivateNetwork: true })).toMatchObject({ ok: true });
    expect(received).toEqual(["/photo.jpg"]);
  });

  it.each([
    ["only a private address", ["127.0.0.1"]],
    ["a public and a private address", ["93.184.215.14", "127.0.0.1"]],
    ["an IPv4-mapped private address", ["::ffff:7f00:1"]],
  ])("refuses a name that resolves to %s, resolving it once and connecting nowhere", async (_name, answers) => {
    const resolved = answers.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
    const realLookup = dns.lookup;
    const lookup = vi.spyOn(dns, "lookup").mockImplementation(((
      hostname: string,
      options: dns.LookupOptions,
      callback: (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
    ) => {
      if (hostname !== "photos.example.test") return realLookup(hostname, options, callback as never);
      process.nextTick(() => callback(null, resolved));
    }) as typeof dns.lookup);
    try {
      // https too: its sockets take the same resolver.
      for (const scheme of ["http", "https"]) {
        lookup.mockClear();
        expect(await fetchPhoto(`${scheme}://photos.example.test:${port}/photo.jpg`, DEFAULT_URL_POLICY)).toEqual({
          ok: false,
          message: PHOTO_SOURCE_MESSAGES.privateHost,
        });
        expect(lookup.mock.calls.filter(([hostname]) => hostname === "photos.example.test")).toHaveLength(1);
      }
    } finally {
      lookup.mockRestore();
    }
    expect(connections).toBe(0);
  });
});

describe("every failure of a URL reads the same", () => {
  // The operator's policy (private networks on) reaches the local server; a short timeout for the silent one.
  const policy: UrlPolicy = { ...DEFAULT_URL_POLICY, allowPrivateNetwork: true, timeoutMs: 300 };

  it("answers one message for a closed port, a 404, a port that never answers, a redirect and a reset", async () => {
    const urls = {
      closed: `http://127.0.0.1:${closedPort}/photo.jpg`,
      notFound: `http://127.0.0.1:${port}/gone.jpg`,
      silent: `http://127.0.0.1:${port}/silent.jpg`,
      redirect: `http://127.0.0.1:${port}/moved.jpg`,
      reset: `http://127.0.0.1:${resetPort}/photo.jpg`,
    };
    const reasons = Object.fromEntries(
      await Promise.all(Object.entries(urls).map(async ([name, url]) => [name, await refusalOf(url, policy)])),
    );
    expect(reasons).toEqual(
      Object.fromEntries(
        Object.entries(urls).map(([name, url]) => [
          name,
          LISTING_IMPORT_MESSAGES.photo(url, PHOTO_SOURCE_MESSAGES.unreachable),
        ]),
      ),
    );
    // The open port was asked (and its answers dropped), the redirect not followed.
    expect(received.sort()).toEqual(["/gone.jpg", "/moved.jpg", "/silent.jpg"]);
  });

  it("answers the same message for a name that does not resolve", async () => {
    expect(await fetchPhoto(`http://photos.invalid:${port}/photo.jpg`, policy)).toEqual({
      ok: false,
      message: PHOTO_SOURCE_MESSAGES.unreachable,
    });
  });
});

describe("the size cap", () => {
  it("refuses a body over maxBytes, declared or counted as it streams", async () => {
    const policy: UrlPolicy = { ...DEFAULT_URL_POLICY, allowPrivateNetwork: true, maxBytes: 1024 };
    for (const name of ["declared-big.jpg", "streamed-big.jpg"]) {
      expect(await fetchPhoto(`http://127.0.0.1:${port}/${name}`, policy)).toEqual({
        ok: false,
        message: IMAGE_MESSAGES.tooLarge,
      });
    }
    // Within the cap, the same server's photo is read whole.
    const photo = await fetchPhoto(`http://127.0.0.1:${port}/photo.jpg`, { ...policy, maxBytes: 1_000_000 });
    expect(photo.ok && photo.bytes.byteLength).toBeGreaterThan(1024);
  });
});

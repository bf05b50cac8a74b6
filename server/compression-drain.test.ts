// The drain-listener leak of `compression` under backpressure, reproduced with the real middleware, a large
// compressed answer written as React Router writes it (`once("drain")`, then `off`) and a client that reads
// slowly; then the same with drainListenersRemovable mounted after compression (server/compression-drain.ts).
import { once } from "node:events";
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { describe, expect, it, vi } from "vitest";
import { drainListenersRemovable } from "./compression-drain.ts";

interface Outcome {
  /** Bytes the client received (compressed). */
  received: number;
  /** Writes that met backpressure and waited for drain. */
  waits: number;
  /** Drain listeners left on compression's Gzip stream when the last write was done. */
  leftOnGzip: number;
}

async function serveSlowly(withFix: boolean): Promise<Outcome> {
  const streams: zlib.Gzip[] = [];
  const createGzip = zlib.createGzip;
  const spy = vi.spyOn(zlib, "createGzip").mockImplementation((options) => {
    const stream = createGzip(options);
    // The leak is counted below; Node's warning about it would only clutter the test's output.
    stream.setMaxListeners(0);
    streams.push(stream);
    return stream;
  });
  let waits = 0;
  let leftOnGzip = -1;
  const app = express();
  app.use(compression({ level: 3 }));
  if (withFix) app.use(drainListenersRemovable());
  app.get("/", async (_req, res) => {
    res.setHeader("Content-Type", "text/html");
    // 4 MiB of poorly compressible text in 16 KiB chunks, waiting for drain as @react-router/node does.
    for (let chunk = 0; chunk < 256; chunk++) {
      if (res.write(randomBytes(8_192).toString("hex"))) continue;
      waits++;
      await new Promise<void>((resolve) => {
        const onDrain = () => {
          res.off("drain", onDrain);
          resolve();
        };
        res.once("drain", onDrain);
      });
    }
    leftOnGzip = streams[0]?.listenerCount("drain") ?? -1;
    res.end();
  });
  const server = app.listen(0);
  await once(server, "listening");
  try {
    const { port } = server.address() as AddressInfo;
    const received = await new Promise<number>((resolve, reject) => {
      const request = http.get({ port, path: "/", headers: { "Accept-Encoding": "gzip" } }, (response) => {
        let total = 0;
        response.on("data", (chunk: Buffer) => {
          total += chunk.length;
          response.pause();
          setTimeout(() => response.resume(), 1);
        });
        response.on("end", () => resolve(total));
        response.on("error", reject);
      });
      request.on("error", reject);
    });
    return { received, waits, leftOnGzip };
  } finally {
    spy.mockRestore();
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
}

describe("drainListenersRemovable", () => {
  it("a slow reader of a large compressed page: compression alone keeps a drain listener per wait, with it one", async () => {
    const leaky = await serveSlowly(false);
    expect(leaky.waits).toBeGreaterThan(10);
    // Compression's own (none) plus one per wait: `off` never reached the stream.
    expect(leaky.leftOnGzip).toBe(leaky.waits);

    const fixed = await serveSlowly(true);
    expect(fixed.waits).toBeGreaterThan(10);
    expect(fixed.received).toBeGreaterThan(1_000_000);
    // The one forwarding listener, whatever the number of waits.
    expect(fixed.leftOnGzip).toBe(1);
  }, 60_000);
});

// The process's HTTP server: Express with request logging and compression, socket.io attached once
// to the same HTTP server, Vite in middleware mode for development (hot reload) or the production
// build, and a graceful close (stop accepting, finish in-flight requests, close sockets and pool).
import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import compression from "compression";
import express from "express";
import { pinoHttp } from "pino-http";
import { Server as SocketServer } from "socket.io";
import type { ViteDevServer } from "vite";
import { ignoreBoardChanges } from "./board-changes.ts";
import { localAppUrl } from "./config.ts";
import { drainListenersRemovable } from "./compression-drain.ts";
import type { Config } from "../app/modules/platform/config.server.ts";
import { createDatabase } from "./database.ts";
import { trackConnections } from "./drain.ts";
import { type FleetSnapshotJob, type FleetSnapshotJobOptions, startFleetSnapshotJob } from "./fleet-snapshot-job.ts";
import type { Logger } from "../app/modules/platform/services.server.ts";
import { allowedHostnames, requireAllowedHost, socketRequestAllowed } from "./security/allowed-hosts.ts";
import { attachRealtime, type Realtime, type RealtimeOptions } from "./realtime/index.ts";
import type { AppServices } from "../app/modules/platform/services.server.ts";

const root = path.resolve(import.meta.dirname, "..");
type CreateApp = (services: AppServices, options: { dev: boolean }) => express.Express;

export interface RunningServer {
  url: string;
  port: number;
  httpServer: HttpServer;
  io: SocketServer;
  /** The realtime layer: services.boardChanges is its coalescing refresher. */
  realtime: Realtime;
  services: AppServices;
  /** The job writing each finished day's fleet snapshot; null when the options turned it off. */
  fleetSnapshots: FleetSnapshotJob | null;
  close(): Promise<void>;
}

export interface StartServerOptions {
  config: Config & { DATABASE_URL: string };
  logger: Logger;
  /** Vite middleware with hot reload instead of the production build. */
  dev?: boolean;
  /** Host to listen on; all interfaces by default (containers). */
  host?: string;
  /** How long close() lets in-flight requests finish before cutting connections. */
  shutdownGraceMs?: number;
  /** The realtime layer's options (Redis channel prefix, coalescing window, a list loader for tests). */
  realtime?: RealtimeOptions;
  /** The fleet snapshot job's options, or false for none (most tests: it writes in the background). */
  fleetSnapshots?: FleetSnapshotJobOptions | false;
}

/** How long an accepted connection may take to send its request once the shutdown began. */
const DRAIN_IDLE_MS = 1_000;

export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const { logger, dev = false, shutdownGraceMs = 10_000 } = options;
  // This process's own copy: with PORT=0 its local APP_URL learns the bound port below.
  const config = { ...options.config };
  const database = createDatabase(config.DATABASE_URL, logger);
  // The realtime layer replaces the no-op notifier once socket.io is attached (server/realtime).
  const services: AppServices = { config, database, logger, boardChanges: ignoreBoardChanges };

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY_HOPS);
  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const incoming = req.headers["x-request-id"];
        const id = typeof incoming === "string" && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
        res.setHeader("X-Request-Id", id);
        return id;
      },
      // Health probes every few seconds would drown the log.
      autoLogging: { ignore: (req) => req.url === "/healthz" },
      customProps: (_req, res) => ({ userId: (res as express.Response).locals?.userId ?? null }),
    }),
  );
  // A Host of no name of this app is a 400 before anything routes it. /healthz is exempt:
  // orchestrators probe it by the container's address, and it tells nothing.
  const hostCheck = requireAllowedHost(() => allowedHostnames(config));
  app.use((req, res, next) => (req.path === "/healthz" ? next() : hostCheck(req, res, next)));
  // Every answer, static files included (helmet runs later, in the app), is read as the type it says.
  app.use((_req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    next();
  });
  // Level 3 rather than zlib's 6: on a board page (~200 KB of HTML) it takes a third less CPU for a few
  // per cent more bytes, the right trade for an internal application on a small server.
  app.use(compression({ level: 3 }));
  // compression leaves every removed drain listener on its zlib stream (server/compression-drain.ts).
  app.use(drainListenersRemovable());

  const httpServer = createServer(app);
  // One socket.io server on the app's HTTP server; rooms and events are registered by the realtime layer.
  // The handshake's Host and browser Origin must name this app: another site's page cannot
  // open a socket with the user's cookie.
  const io = new SocketServer(httpServer, {
    serveClient: false,
    pingInterval: 25_000,
    allowRequest: (req, callback) => callback(null, socketRequestAllowed(req, allowedHostnames(config))),
  });
  // Handshake auth, room events, and the coalescing refresher that replaces the no-op boardChanges;
  // through Redis when REDIS_URL is set.
  let realtime: Realtime;
  try {
    realtime = await attachRealtime(io, services, options.realtime);
  } catch (error) {
    await database.close();
    throw error;
  }

  let vite: ViteDevServer | undefined;
  try {
    if (dev) {
      const { createServer: createViteServer } = await import("vite");
      vite = await createViteServer({
        root,
        appType: "custom",
        server: { middlewareMode: true, hmr: { server: httpServer } },
      });
      app.use(vite.middlewares);
      const apps = new WeakMap<object, express.Express>();
      app.use(async (req, res, next) => {
        try {
          // ssrLoadModule returns a new module object after a change: rebuild the app only then.
          const module = (await vite!.ssrLoadModule("/server/app.ts")) as { createApp: CreateApp };
          let handler = apps.get(module);
          if (!handler) apps.set(module, (handler = module.createApp(services, { dev: true })));
          handler(req, res, next);
        } catch (error) {
          if (error instanceof Error) vite!.ssrFixStacktrace(error);
          next(error);
        }
      });
    } else {
      app.use("/assets", express.static(path.join(root, "build/client/assets"), { immutable: true, maxAge: "1y" }));
      // The build's other top-level files (favicon, demo images): looked up only for their own names, so an
      // API call or a page does not cost a file-system lookup first (ADR 052's profile).
      const publicDir = path.join(root, "build/client");
      const publicNames = new Set(readdirSync(publicDir).filter((name) => name !== "assets"));
      const servePublic = express.static(publicDir, { maxAge: "1h" });
      app.use((req, res, next) =>
        publicNames.has(req.path.split("/")[1] ?? "") ? servePublic(req, res, next) : next(),
      );
      // A URL string keeps tsc from type-checking the bundle.
      const buildUrl = new URL("../build/server/index.js", import.meta.url).href;
      const { createApp } = (await import(buildUrl)) as { createApp: CreateApp };
      app.use(createApp(services, { dev: false }));
    }

    await new Promise<void>((resolve, reject) => {
      httpServer.once("error", reject);
      httpServer.listen(config.PORT, options.host, () => {
        httpServer.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    // The realtime layer holds connections of its own (LISTEN, Redis): close them with the pool.
    await realtime.stop().catch(() => undefined);
    await realtime.closeAdapter();
    await vite?.close();
    await database.close();
    throw error;
  }
  const port = (httpServer.address() as AddressInfo).port;
  const connections = trackConnections(httpServer);
  services.shutdown = connections;
  // PORT=0 asks for any free port: the local default APP_URL (http://localhost:0) names the bound one.
  // Read per request everywhere, so links and the same-origin check see it from the first request.
  if (config.PORT === 0 && config.APP_URL === localAppUrl(0)) config.APP_URL = localAppUrl(port);
  // Background work beside the realtime layer: each finished day's fleet snapshot (ADR 059).
  const fleetSnapshots =
    options.fleetSnapshots === false ? null : startFleetSnapshotJob(database.prisma, logger, options.fleetSnapshots);

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      logger.info("shutting down: readiness fails, no new connections, finishing in-flight requests");
      // Readiness first (/healthz 503), then stop accepting and let every accepted connection — also one
      // whose request has not arrived yet — be answered (server/drain.ts).
      const drained = connections.drain({ idleMs: DRAIN_IDLE_MS, graceMs: shutdownGraceMs });
      // No new snapshot run; one running finishes its day before the pool closes.
      const snapshotsStopped = fleetSnapshots?.stop();
      // Stops following session changes (the LISTEN connection) and pushes the refreshes still
      // pending, then disconnects every socket.io client (without io.close(), which would close the
      // HTTP server's idle connections at once), then the Redis clients of the adapter.
      await realtime.stop();
      io.disconnectSockets(true);
      io.engine.close();
      await realtime.closeAdapter();
      const { cut } = await drained;
      if (cut > 0) logger.warn({ cut }, "connections cut at the end of the shutdown grace period");
      await vite?.close();
      await snapshotsStopped;
      await database.close();
      logger.info("shutdown complete");
    })());

  return { url: `http://localhost:${port}`, port, httpServer, io, realtime, services, fleetSnapshots, close };
}

// One JSON API router on a small Express app, mounted as the production app mounts it (same-origin check,
// the router, the error handler), on the worker's database with a spy on services.boardChanges: the
// integration tests of the JSON endpoints call it over real HTTP. `apiHarness` registers the file's
// beforeAll/afterAll that start and stop it.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express, { type RequestHandler } from "express";
import { pino } from "pino";
import { afterAll, beforeAll } from "vitest";
import { signSessionToken } from "~/modules/identity/session-token.server.ts";
import type { Announcement, SavedBy } from "~/rules/boards/announcements.ts";
import type { CardListName } from "~/rules/boards/boards.ts";
import { handleErrors } from "../../server/api/errors.ts";
import { loadConfig } from "../../server/config.ts";
import { createDatabase } from "../../server/database.ts";
import { requireSameOrigin } from "../../server/security/same-origin.ts";
import type { AppServices } from "~/modules/platform/services.server.ts";
import { testDatabaseUrl } from "./database.ts";

export const TEST_API_CONFIG = loadConfig({
  NODE_ENV: "test",
  JWT_SECRET: "api-harness-secret-".padEnd(32, "x"),
  JWT_TTL_SECONDS: "3600",
  LOG_LEVEL: "silent",
});

export type ApiMethod = "GET" | "POST" | "PUT";

export interface ApiRequestOptions {
  /** Sent as JSON (`{}` when left out). */
  body?: unknown;
  /** Sent as it is instead of `body` (malformed JSON, an empty body). */
  raw?: string;
  /** A session token, sent as `Authorization: Bearer`. */
  token?: string | null;
  /** More request headers (If-Match…). */
  headers?: Record<string, string>;
}

export interface ApiResponse<Body = Record<string, unknown>> {
  status: number;
  body: Body;
}

export interface ApiHarness {
  /** The services the router was built with (available from beforeAll on). */
  readonly services: AppServices;
  /** The app's origin, http://127.0.0.1:<port>. */
  readonly url: string;
  /** Every call of services.boardChanges.listsChanged, in order (empty it with `reported.length = 0`). */
  readonly reported: CardListName[][];
  /** Every announcement (vendorCreated, departmentCreated) the endpoints made, in order. */
  readonly announced: Announcement[];
  /** Who each listsChanged call named as the saver (creditMemosRefresh's user), in order. */
  readonly savers: (SavedBy | undefined)[];
  /** A bearer token for a signed-in actor (its user and permissions). */
  readonly tokenFor: (actor: { user: { id: number }; permissions: number[] }) => string;
  /** A request answered with JSON: its status and parsed body. */
  readonly call: <Body = Record<string, unknown>>(
    method: ApiMethod,
    path: string,
    options?: ApiRequestOptions,
  ) => Promise<ApiResponse<Body>>;
  /** `call`, with the response's headers too (ETag, Cache-Control…). */
  readonly exchange: <Body = Record<string, unknown>>(
    method: ApiMethod,
    path: string,
    options?: ApiRequestOptions,
  ) => Promise<ApiResponse<Body> & { headers: Headers }>;
  /** A request whose answer is only looked at for its status (the body is read and dropped). */
  readonly status: (method: ApiMethod, path: string, options?: ApiRequestOptions) => Promise<number>;
}

/** Serves the router `createRouter` builds for the test file (started in beforeAll, closed in afterAll). */
export function apiHarness(createRouter: (services: AppServices) => RequestHandler): ApiHarness {
  const reported: CardListName[][] = [];
  const announced: Announcement[] = [];
  const savers: (SavedBy | undefined)[] = [];
  let services: AppServices | undefined;
  let server: Server | undefined;
  let url: string | undefined;

  beforeAll(async () => {
    const logger = pino({ level: "silent" });
    const database = createDatabase(testDatabaseUrl(), logger, 4);
    services = {
      config: TEST_API_CONFIG,
      database,
      logger,
      boardChanges: {
        listsChanged: (lists, _requests, savedBy) => {
          reported.push([...lists]);
          savers.push(savedBy);
        },
        announce: (announcements) => void announced.push(...announcements),
      },
    };
    const app = express();
    app.use(requireSameOrigin());
    app.use(createRouter(services));
    app.use(handleErrors);
    const listening = app.listen(0, "127.0.0.1");
    server = listening;
    await new Promise((resolve) => listening.once("listening", resolve));
    url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    await services?.database.close();
  });

  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the API harness starts in beforeAll: use it inside a test or hook");
    return value;
  };

  function send(method: ApiMethod, path: string, options: ApiRequestOptions = {}): Promise<Response> {
    const origin = started(url);
    return fetch(`${origin}${path}`, {
      method,
      headers: {
        ...(method === "GET" ? {} : { "Content-Type": "application/json", Origin: origin }),
        ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      body:
        method === "GET" ? undefined : (options.raw ?? JSON.stringify(options.body === undefined ? {} : options.body)),
    });
  }

  return {
    get services() {
      return started(services);
    },
    get url() {
      return started(url);
    },
    reported,
    announced,
    savers,
    tokenFor: (actor) => signSessionToken(TEST_API_CONFIG, { userId: actor.user.id, permissions: actor.permissions }),
    call: async <Body>(method: ApiMethod, path: string, options?: ApiRequestOptions) => {
      const response = await send(method, path, options);
      return { status: response.status, body: (await response.json()) as Body };
    },
    exchange: async <Body>(method: ApiMethod, path: string, options?: ApiRequestOptions) => {
      const response = await send(method, path, options);
      return { status: response.status, body: (await response.json()) as Body, headers: response.headers };
    },
    status: async (method, path, options) => {
      const response = await send(method, path, options);
      await response.arrayBuffer();
      return response.status;
    },
  };
}

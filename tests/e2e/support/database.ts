// The browser tests' way into the running app's database, for a test that inserts the requests it works on
// (so no demo record is shared with another file): a client on the e2e database, and the refresh events
// that tell the app its lists changed behind its back.
import path from "node:path";
import { expect } from "@playwright/test";
import pg from "pg";
import { io as connectSocket } from "socket.io-client";
import { EMBEDDED_DATABASE_NAME } from "../../../scripts/lib/database-for-scripts.ts";
import { startEmbeddedPostgres } from "../../../scripts/lib/embedded-postgres.ts";
import { ADMIN } from "./accounts.ts";

let databaseUrl: Promise<string> | undefined;

function e2eDatabaseUrl(): Promise<string> {
  databaseUrl ??= process.env.E2E_DATABASE_URL
    ? Promise.resolve(process.env.E2E_DATABASE_URL)
    : startEmbeddedPostgres({ dataDir: path.resolve(".data/e2e/pg"), database: EMBEDDED_DATABASE_NAME }).then(
        (server) => server.url,
      );
  return databaseUrl;
}

/** Runs `work` with a client on the e2e database, closed after. */
export async function withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: await e2eDatabaseUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Tells the running app that lists changed behind its back (requests inserted straight into its database),
 * with the refresh events a client emits after its own saves: the app forgets the lists it kept
 * and pushes them again. The acknowledged pingCheck after the events proves the server has handled
 * them.
 */
export async function announceChanged(events: readonly string[]): Promise<void> {
  const base = `http://localhost:${process.env.E2E_PORT ?? 3210}`;
  const login = await fetch(`${base}/users/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  expect(login.status, "the administrator signs in to announce the change").toBe(200);
  const { token } = (await login.json()) as { token: string };
  const socket = connectSocket(base, { auth: { token }, transports: ["websocket"], reconnection: false });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("connect_error", reject);
    });
    for (const event of events) socket.emit(event);
    await socket.timeout(5_000).emitWithAck("pingCheck", {});
  } finally {
    socket.disconnect();
  }
}

// Whether an error means the database cannot be reached right now (stopped, restarting, the network cut,
// every pooled connection busy past the wait), as opposed to a bug or a refused statement. Such requests
// are answered 503 with Retry-After, quickly, instead of a 500: the client can tell
// "try again in a moment" from "something is broken", and nothing hangs while the database is away.
/** Seconds a client should wait before trying again (the Retry-After header). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const DATABASE_UNAVAILABLE_MESSAGE =
  "Fleet Ops cannot reach its database right now. Please try again in a moment.";

/** node-postgres and socket errors, and PostgreSQL's connection exception and shutdown SQLSTATEs. */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up, recovering)
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  // Prisma: cannot reach, timed out reaching, closed the connection, timed out waiting for a pooled one.
  "P1001",
  "P1002",
  "P1017",
  "P2024",
]);
/** Prisma's driver adapter's kinds for the same (meta.driverAdapterError.cause.kind). */
const UNAVAILABLE_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
/** node-postgres and Prisma say these in words only. */
const UNAVAILABLE_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error",
  "Connection ended unexpectedly",
  // Prisma's P2028 when an interactive transaction waited past maxWait for a pooled connection.
  "Unable to start a transaction in the given time",
];

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (typeof current === "object" && current !== null && !seen.has(current)) {
    seen.add(current);
    const { code, meta, message, cause } = current as {
      code?: unknown;
      meta?: { driverAdapterError?: { cause?: { kind?: unknown } } };
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
    const kind = meta?.driverAdapterError?.cause?.kind;
    if (typeof kind === "string" && UNAVAILABLE_KINDS.has(kind)) return true;
    if (
      typeof (current as { kind?: unknown }).kind === "string" &&
      UNAVAILABLE_KINDS.has((current as { kind: string }).kind)
    )
      return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.some((text) => message.includes(text))) return true;
    current = cause;
  }
  return false;
}

/**
 * Requests whose loader or action failed because the database could not be reached (entry.server's
 * handleError marks them): React Router answers them 500 with the error page, and the root's outage
 * middleware turns that into 503 with Retry-After (a public form posted while every pooled connection was
 * busy answered 500).
 */
const UNAVAILABLE_REQUESTS = new WeakSet<Request>();

export function markDatabaseUnavailable(request: Request): void {
  UNAVAILABLE_REQUESTS.add(request);
}

export function wasDatabaseUnavailable(request: Request): boolean {
  return UNAVAILABLE_REQUESTS.has(request);
}

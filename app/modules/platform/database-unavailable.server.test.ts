import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./database-unavailable.server.ts";

describe("telling a database outage from other errors", () => {
  it.each([
    ["a refused connection", Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })],
    ["a server shutting down", Object.assign(new Error("terminating connection"), { code: "57P01" })],
    ["a server starting up", Object.assign(new Error("the database system is starting up"), { code: "57P03" })],
    ["node-postgres' words", new Error("Connection terminated unexpectedly")],
    ["a pool wait that timed out", new Error("timeout exceeded when trying to connect")],
    ["Prisma's P1001", Object.assign(new Error("Can't reach database server"), { code: "P1001" })],
    [
      "a transaction that could not start in time (a busy pool)",
      Object.assign(new Error("Transaction API error: Unable to start a transaction in the given time."), {
        code: "P2028",
      }),
    ],
    [
      "Prisma's driver adapter kind",
      Object.assign(new Error("Invalid invocation"), {
        code: "P2010",
        meta: { driverAdapterError: { cause: { kind: "ConnectionClosed" } } },
      }),
    ],
    [
      "a wrapped cause",
      new Error("loading the board failed", { cause: Object.assign(new Error("x"), { code: "ECONNRESET" }) }),
    ],
  ])("%s is an outage", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation", Object.assign(new Error("duplicate key"), { code: "23505" })],
    ["a record not found", Object.assign(new Error("not found"), { code: "P2025" })],
    ["a bug", new TypeError("cannot read properties of undefined")],
    [
      "a statement cancelled by its timeout",
      Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" }),
    ],
    ["not an error", "ECONNREFUSED"],
    ["null", null],
  ])("%s is not", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it("does not loop on a cause that points back at itself", () => {
    const error = new Error("a") as Error & { cause?: unknown };
    error.cause = error;
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

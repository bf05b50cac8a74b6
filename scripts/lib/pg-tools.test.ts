import { describe, expect, it } from "vitest";
import { majorOfVersionText, pickTool } from "./pg-tools.ts";

describe("PostgreSQL client programs", () => {
  it.each([
    ["pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)", 15],
    ["pg_restore (PostgreSQL) 18.4", 18],
    ["pg_dump (PostgreSQL) 19devel", 19],
    ["postgres (PostgreSQL) 9.6.24", 9],
    ["something else 15.2", null],
  ])("reads the major version of %j", (text, major) => {
    expect(majorOfVersionText(text)).toBe(major);
  });

  it("takes the first candidate at least as new as the server, never an older one", () => {
    const candidates = [
      { file: "/opt/pg/bin/pg_dump", major: 17 },
      { file: "/usr/lib/postgresql/18/bin/pg_dump", major: 18 },
      { file: "/usr/lib/postgresql/15/bin/pg_dump", major: 15 },
    ];
    expect(pickTool(candidates, 15)?.file).toBe("/opt/pg/bin/pg_dump");
    expect(pickTool(candidates, 18)?.file).toBe("/usr/lib/postgresql/18/bin/pg_dump");
    expect(pickTool(candidates, 19)).toBeNull();
    expect(pickTool([], 15)).toBeNull();
  });
});

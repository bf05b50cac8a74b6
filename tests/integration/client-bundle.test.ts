// No secret reaches the browser: the client bundle (build/client, produced before the integration
// tests run) holds neither server-only settings nor server-only modules.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const clientDir = path.resolve(import.meta.dirname, "../../build/client");

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

describe("the client bundle", () => {
  const scripts = filesUnder(clientDir).filter((file) => file.endsWith(".js"));
  const text = scripts.map((file) => readFileSync(file, "utf8")).join("\n");

  it("exists (the production build ran)", () => {
    expect(scripts.length).toBeGreaterThan(0);
  });

  it.each(["JWT_SECRET", "DATABASE_URL", "SMTP_PASSWORD", "MICROSOFT_CLIENT_SECRET", "REDIS_URL"])(
    "does not mention the server setting %s",
    (name) => {
      expect(text).not.toContain(name);
    },
  );

  it("holds no server-only code (Prisma, argon2, jsonwebtoken, pg)", () => {
    for (const marker of ["PrismaClient", "@node-rs/argon2", "jsonwebtoken", "pg-protocol"]) {
      expect(text, marker).not.toContain(marker);
    }
  });
});

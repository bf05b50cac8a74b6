// The migrations folder is the only way the schema reaches a database: schema.prisma may not hold
// changes that no migration does, and the worker's database must be fully migrated.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runMigrations } from "../../scripts/lib/run-migrations.ts";

const root = path.resolve(import.meta.dirname, "../..");
const scratch = mkdtempSync(path.join(tmpdir(), "fleetops-schema-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("migrations", () => {
  it("hold every change in prisma/schema.prisma (no drift)", async () => {
    const run = await runMigrations(process.env.DATABASE_URL!, "diff");
    expect(run.output).not.toMatch(/ALTER|CREATE|DROP/);
    expect(run.exitCode).toBe(0);
  });

  it("report drift when schema.prisma gains a column no migration holds", async () => {
    const schema = readFileSync(path.join(root, "prisma/schema.prisma"), "utf8");
    const changed = schema.replace("model Feedback {", "model Feedback {\n  rating Int?");
    expect(changed).not.toBe(schema);
    const file = path.join(scratch, "schema.prisma");
    writeFileSync(file, changed);
    const run = await runMigrations(process.env.DATABASE_URL!, "diff", { schemaFile: file });
    expect(run.exitCode).toBe(2);
    expect(run.output).toContain('ALTER TABLE "Feedback" ADD COLUMN     "rating" INTEGER');
  });

  it("are all applied to the test database, none failed or edited", async () => {
    const run = await runMigrations(process.env.DATABASE_URL!, "status");
    expect(run.exitCode).toBe(0);
    const status = JSON.parse(run.output) as { failedMigrationNames: string[]; editedMigrationNames: string[] };
    expect(status.failedMigrationNames).toEqual([]);
    expect(status.editedMigrationNames).toEqual([]);
  });
});

import { defineConfig } from "prisma/config";

// Every Prisma CLI command first makes sure the Rust schema-engine binary is present and downloads
// it from binaries.prisma.sh if not. These commands never run it, so point the CLI at an existing
// dummy file for them (unless the user chose a binary), and they work offline too. Other commands
// (migrate *, db *) are left alone: with internet they download and use the real engine as usual.
const noEngineCommands = ["generate", "validate", "format"];
if (
  !process.env.PRISMA_SCHEMA_ENGINE_BINARY &&
  process.argv.slice(2).some((a) => noEngineCommands.includes(a)) &&
  !process.argv.includes("--sql") // `generate --sql` (TypedSQL) does need the engine
) {
  process.env.PRISMA_SCHEMA_ENGINE_BINARY = process.execPath;
}

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: {
    url: process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/fleetops",
  },
});

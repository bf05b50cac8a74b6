import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createMailer } from "./mailer.server.ts";

const quiet = { info() {}, warn() {}, error() {} };
let dataDir: string | undefined;
afterEach(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

describe("the mailer without SMTP_HOST", () => {
  it("writes each message whole under its final name, leaving no partial file", async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "fleetops-mail-"));
    const mailer = createMailer(
      { DATA_DIR: dataDir, SMTP_FROM: "Fleet Ops <no-reply@fleetops.test>", SMTP_HOST: undefined, SMTP_PORT: 587 },
      quiet,
    );
    const sent = await Promise.all(
      [1, 2, 3].map((n) =>
        mailer.send({ to: `pat${n}@example.com`, subject: "Reset", text: `https://x.test/reset/token${n}` }),
      ),
    );
    const names = await readdir(path.join(dataDir, "mail"));
    expect(names.filter((name) => !name.endsWith(".eml"))).toEqual([]);
    expect(names).toHaveLength(3);
    for (const [index, delivery] of sent.entries()) {
      expect(delivery.via).toBe("file");
      if (delivery.via !== "file") continue;
      const text = await readFile(delivery.file, "utf8");
      expect(text).toContain(`To: pat${index + 1}@example.com`);
      expect(text).toContain(`reset/token${index + 1}`);
    }
  });
});

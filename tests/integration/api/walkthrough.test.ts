// docs/api.md's walk-through, run as written: its shell blocks, in order, in one bash process against a
// real server (the production build) over the demo data, signed in as the demo on-rent account. The
// documentation cannot drift from the API without this failing.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { DEMO_PASSWORD, seedDemoData } from "../../../scripts/seed/index.ts";
import { testDatabaseUrl } from "../../support/database.ts";
import { startTestServer, type RunningServer } from "../../support/test-server.ts";

const root = path.resolve(import.meta.dirname, "../../..");
let server: RunningServer;
let folder: string;

beforeAll(async () => {
  await seedDemoData(testDatabaseUrl(), { scale: "demo", now: new Date() });
  server = await startTestServer();
  // The walk-through is run from the repository's folder (its last step imports socket.io-client): a
  // folder of its own with the repository's node_modules keeps the files it writes out of the checkout.
  folder = await mkdtemp(path.join(tmpdir(), "fleetops-walkthrough-"));
  await symlink(path.join(root, "node_modules"), path.join(folder, "node_modules"));
});

afterAll(async () => {
  await server?.close();
  if (folder) await rm(folder, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
});

/** The ```sh blocks of the document, in order. */
function shellBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
}

it("runs docs/api.md's walk-through as written", { timeout: 60_000 }, async () => {
  const blocks = shellBlocks(await readFile(path.join(root, "docs/api.md"), "utf8"));
  expect(blocks.length).toBeGreaterThanOrEqual(7);
  const { stdout } = await promisify(execFile)("bash", ["-c", blocks.join("\n")], {
    cwd: folder,
    env: {
      PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? ""}`,
      FLEETOPS: server.url,
      FLEETOPS_EMAIL: "onrent@fleetops.test",
      FLEETOPS_PASSWORD: DEMO_PASSWORD,
    },
    timeout: 50_000,
  });
  const lines = stdout.trim().split("\n");
  expect(lines[0]).toBe("onrent@fleetops.test");
  expect(Number(lines[1])).toBeGreaterThan(0);
  expect(lines[2]).toMatch(/^order \d+$/);
  const etag = /^etag: "(\d+)"$/i.exec(lines[3]!);
  expect(etag?.[1]).toBe(lines[4]);
  expect(lines[5]).toBe("true");
  expect(lines.slice(6, 8)).toEqual(["409", String(Number(lines[4]) + 1)]);
  expect(lines[8]).toBe("412");
  // The acknowledgement and the first push may come in either order.
  const [joined, pushed] = [...lines.slice(9)].sort();
  expect(joined).toMatch(/^joined /);
  expect(pushed).toMatch(/^pushed onboarding: [1-9]\d* cards$/);
  expect(lines).toHaveLength(11);
});

// Runs npm scripts side by side (`node scripts/parallel.mjs typecheck lint`) and prints each one's
// output whole when it ends, so `npm test` spends the 2-core budget on independent steps at once
// (ADR 027). Exits with the first failing script's code; all of them run to their end.
import { spawn } from "node:child_process";

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error("usage: node scripts/parallel.mjs <npm script> [<npm script> …]");
  process.exit(2);
}

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const runs = names.map(
  (name) =>
    new Promise((resolve) => {
      const started = performance.now();
      const child = spawn(npm, ["run", "--silent", name], { stdio: ["ignore", "pipe", "pipe"], env: process.env });
      const output = [];
      child.stdout.on("data", (chunk) => output.push(chunk));
      child.stderr.on("data", (chunk) => output.push(chunk));
      child.on("close", (code, signal) => {
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        process.stdout.write(`\n== npm run ${name} (${seconds} s, ${signal ?? `exit ${code}`})\n`);
        process.stdout.write(Buffer.concat(output));
        resolve(code ?? 1);
      });
    }),
);

const codes = await Promise.all(runs);
process.exit(codes.find((code) => code !== 0) ?? 0);

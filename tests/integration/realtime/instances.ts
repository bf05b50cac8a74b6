// Helpers of the multi-process socket tests: app server processes (tests/support/realtime-instance.ts)
// started on the worker's database, driven through their stdin and stdout, and a Redis probe.
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import readline from "node:readline";

const root = path.resolve(import.meta.dirname, "../../..");

export interface Instance {
  url: string;
  process: ChildProcess;
  send(line: string): void;
  nextLine(prefix: string): Promise<string>;
}

export interface InstanceOptions {
  /** Signs and checks session tokens; the same on every instance of a test. */
  jwtSecret: string;
  /** Fan-out through this Redis; without it the instance runs alone (no adapter). */
  redisUrl?: string;
  /** Redis channel prefix: one per test run, so parallel runs do not cross. */
  redisKey?: string;
  /** Lists computed without the database (default); false: the real loaders on DATABASE_URL. */
  fakeLists?: boolean;
}

/** Answers whether a real Redis answers PING at `url` within `timeoutMs`. */
export function redisAnswers(url: string, timeoutMs = 500): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("error", () => done(false));
    // A real Redis answers PING with +PONG.
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (data) => done(data.toString().startsWith("+PONG")));
  });
}

/** Starts one app server process on the worker's database; resolves once it prints READY. */
export function startInstance({ jwtSecret, redisUrl, redisKey, fakeLists = true }: InstanceOptions): Promise<Instance> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: process.env.DATABASE_URL,
    REALTIME_FAKE_LISTS: fakeLists ? "1" : "0",
    JWT_SECRET: jwtSecret,
  };
  delete env.REDIS_URL;
  delete env.REALTIME_REDIS_KEY;
  if (redisUrl) env.REDIS_URL = redisUrl;
  if (redisKey) env.REALTIME_REDIS_KEY = redisKey;
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/realtime-instance.ts"], {
    cwd: root,
    env,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const lines = readline.createInterface({ input: child.stdout! });
  const waiting: { prefix: string; resolve: (line: string) => void }[] = [];
  lines.on("line", (line) => {
    const at = waiting.findIndex((wait) => line.startsWith(wait.prefix));
    if (at < 0) return;
    const [wait] = waiting.splice(at, 1);
    wait!.resolve(line.slice(wait!.prefix.length));
  });
  const nextLine = (prefix: string) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no "${prefix}" from the instance; stderr: ${stderr}`)), 60_000);
      waiting.push({
        prefix,
        resolve: (line) => {
          clearTimeout(timer);
          resolve(line.trim());
        },
      });
    });
  const ready = nextLine("READY ");
  child.once("exit", (code) => {
    for (const wait of waiting.splice(0)) wait.resolve(`EXITED ${code} ${stderr}`);
  });
  return ready.then((line) => {
    if (!line.startsWith("http")) throw new Error(`instance did not start: ${line}`);
    return { url: line, process: child, send: (text: string) => child.stdin!.write(`${text}\n`), nextLine };
  });
}

/** Asks each instance to close, and kills one that has not exited within 10 s. */
export function stopInstances(...instances: (Instance | undefined)[]): Promise<unknown> {
  return Promise.all(
    instances
      .filter((instance) => instance !== undefined)
      .map(
        (instance) =>
          new Promise<void>((resolve) => {
            if (instance.process.exitCode !== null) return resolve();
            instance.process.once("exit", () => resolve());
            instance.send("close");
            setTimeout(() => instance.process.kill(), 10_000).unref();
          }),
      ),
  );
}

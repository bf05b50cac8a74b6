// No Docker engine runs where this project is developed and tested, so the container files are
// checked by reading them: docker-compose.yml, the Dockerfile, .dockerignore and .env.example must
// agree with each other and with server/config.ts (see docs/decisions/004-containers.md).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { configSchema } from "~/modules/platform/config.server.ts";
import { configVariables, loadConfig } from "../../server/config";

const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const known = new Set<string>(configVariables);

// ───────────────────────────── docker-compose.yml ─────────────────────────────

interface Healthcheck {
  test?: string | string[];
  disable?: boolean;
}
interface Service {
  image?: string;
  build?: unknown;
  ports?: (string | number | { target?: number; published?: string | number })[];
  environment?: Record<string, string | number | boolean | null> | string[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: Healthcheck;
  volumes?: (string | { type?: string; source?: string; target?: string })[];
}
interface ComposeFile {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
}

const compose = parse(read("docker-compose.yml")) as ComposeFile;
const services = compose.services ?? {};
const app = services.app ?? {};
const postgres = services.postgres ?? {};

/** A service's environment as written, list or map form, values as strings. */
function environmentOf(service: Service): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((entry) => {
        const at = entry.indexOf("=");
        return at < 0 ? [entry, ""] : [entry.slice(0, at), entry.slice(at + 1)];
      }),
    );
  }
  return Object.fromEntries(Object.entries(env).map(([key, value]) => [key, value == null ? "" : String(value)]));
}

/** Values for `${VAR:?...}` (and bare `${VAR}`) that the person starting compose must supply. */
const suppliedByOperator: Record<string, string> = {
  JWT_SECRET: "x".repeat(48),
};

/** Compose interpolation: `$$` → `$`, `${VAR:-default}` / `${VAR-default}` → default, required → plausible. */
function interpolate(value: string): string {
  return value.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (
      match,
      braced: string | undefined,
      operator: string | undefined,
      argument: string | undefined,
      bare: string | undefined,
    ) => {
      if (match === "$$") return "$";
      const name = (braced ?? bare)!;
      if (operator === "-" || operator === ":-") return argument ?? "";
      const supplied = suppliedByOperator[name];
      if (supplied === undefined)
        throw new Error(`no plausible value for \${${name}} in docker-compose.yml: add one to the test`);
      return supplied;
    },
  );
}

function appEnvironment(): Record<string, string> {
  return Object.fromEntries(Object.entries(environmentOf(app)).map(([key, value]) => [key, interpolate(value)]));
}

/** The container port of each published port mapping. */
function containerPorts(service: Service): number[] {
  return (service.ports ?? []).map((port) => {
    if (typeof port === "object") return Number(port.target);
    const spec = String(port).split("/")[0]!;
    return Number(spec.split(":").at(-1));
  });
}

function publishedPorts(service: Service): number[] {
  return (service.ports ?? []).map((port) => {
    if (typeof port === "object") return Number(port.published);
    const parts = String(port).split("/")[0]!.split(":");
    return Number(parts.length > 1 ? parts.at(-2) : parts[0]);
  });
}

/** Named volumes a service mounts (bind mounts of ./paths and /paths are not named volumes). */
function namedVolumes(service: Service): { name: string; target: string }[] {
  return (service.volumes ?? []).flatMap((volume) => {
    if (typeof volume === "object") {
      return (volume.type ?? "volume") === "volume" && volume.source
        ? [{ name: volume.source, target: volume.target ?? "" }]
        : [];
    }
    const [source = "", target = ""] = volume.split(":");
    return target && !/^[./~]/.test(source) ? [{ name: source, target }] : [];
  });
}

describe("docker-compose.yml", () => {
  it("defines the app, postgres and redis services", () => {
    expect(Object.keys(services)).toEqual(expect.arrayContaining(["app", "postgres", "redis"]));
    expect(app.build).toBeDefined();
    expect(postgres.image).toMatch(/^postgres:\d+/);
    expect(services.redis?.image).toMatch(/^redis:/);
  });

  it("publishes port 3000 of the app, which is the PORT it listens on and the port the image exposes", () => {
    expect(containerPorts(app)).toEqual([3000]);
    expect(publishedPorts(app)).toEqual([3000]);
    expect(appEnvironment().PORT).toBe("3000");
    expect(dockerfile.final.instructions.filter((i) => i.keyword === "EXPOSE").map((i) => i.args)).toEqual(["3000"]);
    // PostgreSQL and Redis stay on the compose network.
    expect(postgres.ports ?? []).toEqual([]);
    expect(services.redis?.ports ?? []).toEqual([]);
  });

  it("sets only variables that server/config.ts knows, and their values pass loadConfig", () => {
    const env = appEnvironment();
    const unknown = Object.keys(env).filter((name) => !known.has(name));
    expect(unknown, "not in configVariables").toEqual([]);
    const config = loadConfig(env);
    expect(config.NODE_ENV).toBe("production");
    expect(config.PORT).toBe(3000);
    expect(config.REDIS_URL).toBeDefined();
    expect(typeof config.SEED_DEMO_DATA).toBe("boolean");
  });

  it("sets APP_URL, which production requires, to the published port unless the operator gives one", () => {
    expect(environmentOf(app).APP_URL).toMatch(/^\$\{APP_URL:-.+\}$/);
    const { APP_URL: _appUrl, ...withoutAppUrl } = appEnvironment();
    expect(() => loadConfig(withoutAppUrl), "loadConfig without APP_URL").toThrow(/APP_URL: is required in production/);
    const appUrl = new URL(loadConfig(appEnvironment()).APP_URL);
    expect(appUrl.hostname).toBe("localhost");
    expect(Number(appUrl.port)).toBe(publishedPorts(app)[0]);
  });

  it("requires JWT_SECRET from the operator instead of committing one", () => {
    expect(environmentOf(app).JWT_SECRET).toMatch(/^\$\{JWT_SECRET:\?.+\}$/);
  });

  it("points DATABASE_URL at the postgres service with its user, password and database", () => {
    const url = new URL(appEnvironment().DATABASE_URL ?? "");
    const pg = Object.fromEntries(
      Object.entries(environmentOf(postgres)).map(([key, value]) => [key, interpolate(value)]),
    );
    expect(url.protocol).toMatch(/^postgres(ql)?:$/);
    expect(url.hostname).toBe("postgres");
    expect(url.port === "" || url.port === "5432").toBe(true);
    expect(decodeURIComponent(url.username)).toBe(pg.POSTGRES_USER);
    expect(decodeURIComponent(url.password)).toBe(pg.POSTGRES_PASSWORD);
    expect(decodeURIComponent(url.pathname.slice(1))).toBe(pg.POSTGRES_DB ?? pg.POSTGRES_USER);
  });

  it("points REDIS_URL at the redis service", () => {
    const url = new URL(appEnvironment().REDIS_URL ?? "");
    expect(url.protocol).toBe("redis:");
    expect(url.hostname).toBe("redis");
    expect(url.port === "" || url.port === "6379").toBe(true);
  });

  it("gives every service a healthcheck, and the app's asks /healthz", () => {
    for (const [name, service] of Object.entries(services)) {
      const test = service.healthcheck?.test;
      expect(test, `${name} healthcheck`).toBeDefined();
      expect(service.healthcheck?.disable, `${name} healthcheck disabled`).not.toBe(true);
      expect([test].flat()[0], `${name} healthcheck`).not.toBe("NONE");
    }
    expect([app.healthcheck?.test].flat().join(" ")).toContain("/healthz");
    expect([postgres.healthcheck?.test].flat().join(" ")).toContain("pg_isready");
    expect([services.redis?.healthcheck?.test].flat().join(" ")).toContain("redis-cli ping");
  });

  it("starts the app only once postgres and redis are healthy", () => {
    const dependsOn = app.depends_on;
    expect(Array.isArray(dependsOn), "depends_on needs the long form to carry conditions").toBe(false);
    const conditions = dependsOn as Record<string, { condition?: string }>;
    expect(conditions.postgres?.condition).toBe("service_healthy");
    expect(conditions.redis?.condition).toBe("service_healthy");
  });

  it("declares every named volume it mounts, and mounts every one it declares", () => {
    const used = Object.values(services).flatMap((service) => namedVolumes(service).map((volume) => volume.name));
    const declared = Object.keys(compose.volumes ?? {});
    expect(used.length).toBeGreaterThan(0);
    for (const name of used) expect(declared, `volume ${name}`).toContain(name);
    for (const name of declared) expect(used, `declared volume ${name}`).toContain(name);
  });

  it("backs the database up with the postgres image's own pg_dump, as its user, into a volume (ADR 051)", () => {
    const backup = services.backup ?? {};
    // pg_dump refuses a server newer than itself: the same image as the database.
    expect(backup.image).toBe(postgres.image);
    const env = environmentOf(backup);
    const db = environmentOf(postgres);
    expect([env.PGHOST, env.PGUSER, env.PGPASSWORD, env.PGDATABASE]).toEqual([
      "postgres",
      db.POSTGRES_USER,
      db.POSTGRES_PASSWORD,
      db.POSTGRES_DB,
    ]);
    expect((backup.depends_on as Record<string, { condition?: string }>).postgres?.condition).toBe("service_healthy");
    expect(namedVolumes(backup).map((volume) => volume.target)).toEqual(["/backups"]);
    const script = (backup.volumes ?? []).map(String).find((volume) => volume.startsWith("./"));
    expect(script?.split(":")[0]).toBe("./scripts/compose-backup.sh");
    expect(existsSync(path.join(root, "scripts/compose-backup.sh"))).toBe(true);
  });

  it("keeps PostgreSQL data in a volume at the mount point of the image's major version", () => {
    const major = Number(/^postgres:(\d+)/.exec(postgres.image ?? "")?.[1]);
    const targets = namedVolumes(postgres).map((volume) => volume.target.replace(/\/$/, ""));
    // 18+ images keep PGDATA in /var/lib/postgresql/<major>/docker under a VOLUME at /var/lib/postgresql
    // and refuse to start with a mount at the old /var/lib/postgresql/data.
    expect(targets).toEqual([major >= 18 ? "/var/lib/postgresql" : "/var/lib/postgresql/data"]);
  });
});

// ───────────────────────────── Dockerfile and .dockerignore ─────────────────────────────

interface Instruction {
  keyword: string;
  args: string;
}
interface Stage {
  from: string;
  name?: string;
  instructions: Instruction[];
}

/** Instructions of a Dockerfile: comments dropped, `\` continuations joined. */
function parseDockerfile(text: string): Stage[] {
  const instructions: Instruction[] = [];
  let current = "";
  for (const line of text.split("\n")) {
    if (/^\s*#/.test(line)) continue;
    const continued = /\\\s*$/.test(line);
    current += `${line.replace(/\\\s*$/, "")} `;
    if (continued) continue;
    const match = /^\s*(\w+)\s+(.*?)\s*$/.exec(current);
    if (match) instructions.push({ keyword: match[1]!.toUpperCase(), args: match[2]!.replace(/\s+/g, " ") });
    current = "";
  }
  const stages: Stage[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === "FROM") {
      const words = instruction.args.split(" ").filter((word) => !word.startsWith("--"));
      stages.push({ from: words[0]!, name: words[2], instructions: [] });
    } else {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  return stages;
}

const stages = parseDockerfile(read("Dockerfile"));
const dockerfile = { stages, final: stages.at(-1)! };
const stageNamed = (name: string) => stages.find((stage) => stage.name === name);
const runs = (stage: Stage) => stage.instructions.filter((i) => i.keyword === "RUN").map((i) => i.args);

/** The image a stage ultimately builds on, following `FROM <earlier stage>`. */
function baseImage(stage: Stage): string {
  const parent = stageNamed(stage.from);
  return parent && parent !== stage ? baseImage(parent) : stage.from;
}

describe("Dockerfile", () => {
  it("is multi-stage, every stage on Node 22", () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages)
      expect(baseImage(stage), `stage ${stage.name ?? stage.from}`).toMatch(/^node:22(\.|-|$)/);
  });

  it("builds the app in a stage with all dependencies and runs one with production dependencies only", () => {
    expect(stages.some((stage) => runs(stage).some((run) => run.includes("npm run build")))).toBe(true);
    const copies = dockerfile.final.instructions.filter((i) => i.keyword === "COPY");
    const nodeModules = copies.find((i) => /--from=\S+/.test(i.args) && /\bnode_modules\b/.test(i.args));
    expect(nodeModules, "final stage copies node_modules from another stage").toBeDefined();
    const source = stageNamed(/--from=(\S+)/.exec(nodeModules!.args)![1]!);
    expect(source && runs(source).some((run) => /npm ci\b.*--omit=dev/.test(run))).toBe(true);
    expect(
      runs(dockerfile.final).some((run) => /npm (ci|install)\b/.test(run)),
      "no install in the final stage",
    ).toBe(false);
    expect(
      copies.some((i) => /--from=\S+.*\/build\b/.test(i.args)),
      "final stage copies build/",
    ).toBe(true);
  });

  it("runs only the install scripts that package.json allowScripts approves", () => {
    // npm in the Node 22 image ignores allowScripts: every `npm ci` must skip scripts and rebuild the approved ones.
    const installs = stages.flatMap(runs).filter((run) => /npm ci\b/.test(run));
    expect(installs.length).toBeGreaterThan(0);
    for (const run of installs) {
      expect(run).toContain("--ignore-scripts");
      expect(run).toMatch(/allowScripts[\s\S]*npm rebuild/);
    }
  });

  it("runs the app as a non-root user with NODE_ENV=production, port 3000 and npm start", () => {
    const final = dockerfile.final.instructions;
    const user = final.filter((i) => i.keyword === "USER").at(-1)?.args;
    expect(user).toBeDefined();
    expect(user!.split(":")[0]).not.toMatch(/^(root|0)$/);
    const env = final
      .filter((i) => i.keyword === "ENV")
      .map((i) => i.args)
      .join(" ");
    expect(env).toMatch(/\bNODE_ENV=production\b/);
    const cmd = final.filter((i) => i.keyword === "CMD").at(-1)?.args ?? "";
    expect(JSON.parse(cmd)).toEqual(["npm", "start"]);
  });

  it("lets `docker stop` reach the server through npm start", () => {
    // npm (PID 1) forwards SIGTERM to the `sh -c` running the script. In `a && b` the shell waits for b
    // and dies of the signal without passing it on, so b would be SIGKILLed when npm exits: the
    // graceful close in scripts/start.ts never runs. `exec` makes the server the shell's own process.
    const scripts = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts;
    const commands = (scripts.start ?? "").split(/&&|\|\||;/).map((command) => command.trim());
    if (commands.length > 1) expect(commands.at(-1), "last command of the start script").toMatch(/^exec /);
  });

  it("has a HEALTHCHECK on /healthz that needs no curl", () => {
    const healthcheck = dockerfile.final.instructions.find((i) => i.keyword === "HEALTHCHECK")?.args ?? "";
    expect(healthcheck).toContain("/healthz");
    expect(healthcheck).toMatch(/CMD \["node"/);
    // The exec form must be valid JSON, or Docker would run it through a shell that may not exist.
    expect(() => JSON.parse(healthcheck.slice(healthcheck.indexOf("CMD ") + 4))).not.toThrow();
  });

  it("copies only files that exist and that .dockerignore lets in", () => {
    for (const copy of stages.flatMap((stage) => stage.instructions.filter((i) => i.keyword === "COPY"))) {
      if (/--from=/.test(copy.args)) continue;
      const words = copy.args.split(" ").filter((word) => !word.startsWith("--"));
      for (const source of words.slice(0, -1)) {
        if (source === ".") continue;
        expect(existsSync(path.join(root, source)), `COPY ${source}`).toBe(true);
        expect(dockerignore, `COPY ${source} is ignored`).not.toContain(source.replace(/\/$/, ""));
      }
    }
  });
});

const dockerignore = read(".dockerignore")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith("#"))
  .map((line) => line.replace(/^\//, "").replace(/\/$/, ""));

describe(".dockerignore", () => {
  it("keeps local state, dependencies, build output, secrets and test output out of the image", () => {
    for (const entry of [".data", "node_modules", "build", ".git", "test-results", "playwright-report", ".env"]) {
      expect(dockerignore, entry).toContain(entry);
    }
    expect(
      dockerignore.filter((line) => line.startsWith("!")),
      "re-included paths",
    ).toEqual([]);
  });
});

// ───────────────────────────── .env.example ─────────────────────────────

interface ExampleEntry {
  name: string;
  value: string;
  commented: boolean;
  comment: string | undefined;
}

function parseEnvExample(text: string): ExampleEntry[] {
  const lines = text.split("\n");
  const entries: ExampleEntry[] = [];
  lines.forEach((line, index) => {
    const match = /^(#\s*)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line.trim());
    if (!match) return;
    const raw = match[3]!.trim();
    const value = /^(["']).*\1$/.test(raw) ? raw.slice(1, -1) : raw;
    const previous = lines[index - 1]?.trim();
    const comment = previous?.startsWith("#") && !/^#\s*[A-Za-z_][A-Za-z0-9_]*=/.test(previous) ? previous : undefined;
    entries.push({ name: match[2]!, value, commented: Boolean(match[1]), comment });
  });
  return entries;
}

const example = parseEnvExample(read(".env.example"));
type Shape = typeof configSchema.shape;
const schemaOf = (name: string) => configSchema.shape[name as keyof Shape];

describe(".env.example", () => {
  it("lists every variable in configVariables once, and nothing else", () => {
    const names = example.map((entry) => entry.name);
    expect(
      names.filter((name, index) => names.indexOf(name) !== index),
      "listed twice",
    ).toEqual([]);
    expect(
      names.filter((name) => !known.has(name)),
      "unknown to server/config.ts",
    ).toEqual([]);
    expect(
      [...configVariables].filter((name) => !names.includes(name)),
      "missing",
    ).toEqual([]);
  });

  it("explains each variable in a comment line above it", () => {
    for (const entry of example) expect(entry.comment, entry.name).toBeDefined();
  });

  it("shows values each variable accepts, and the schema's own default where it has one", () => {
    for (const entry of example) {
      if (!known.has(entry.name) || entry.value === "") continue; // unknown: see above; blank: unset
      const schema = schemaOf(entry.name);
      const parsed = schema.safeParse(entry.value);
      expect(parsed.success, `${entry.name}=${entry.value}`).toBe(true);
      const fallback = schema.safeParse(undefined);
      if (fallback.success && fallback.data !== undefined) {
        expect(parsed.data, `${entry.name} shows its default`).toEqual(fallback.data);
      }
    }
  });

  it("leaves optional settings commented out and sets no secret", () => {
    for (const entry of example.filter((entry) => !entry.commented)) {
      expect(entry.value, `${entry.name} is set in .env.example`).toBe("");
    }
  });
});

// Password change, password reset by e-mail (through a real local SMTP server), the theme switch and
// employee registration, through a real server (the production build) and the page actions.
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servicesContext } from "~/context.ts";
import { hashResetToken, RESET_TOKEN_TTL_MS } from "~/modules/identity/password-reset.server.ts";
import { verifyPassword } from "~/modules/identity/passwords.server.ts";
import { signSessionToken } from "~/modules/identity/session-token.server.ts";
import { action as registerAction } from "~/routes/register.tsx";
import { action as resetAction, loader as resetLoader } from "~/routes/reset.tsx";
import { action as externalAction } from "~/routes/password-reset-external.tsx";
import { createTestPrisma } from "../../support/database.ts";
import { unique } from "../../support/factories/unique.ts";
import { createUser, PASSWORD } from "../../support/factories/users.ts";
import { startTestServer, type RunningServer } from "../../support/test-server.ts";
import { sessionGuard } from "~/shell/guard.server.ts";

const db = createTestPrisma();
let server: RunningServer; // SMTP configured
let fileServer: RunningServer; // no SMTP: mails go to DATA_DIR/mail
let smtp: SMTPServer;
let dataDir: string;
const received: { to: string[]; raw: string }[] = [];
let smtpDelayMs = 0;

function start(environment: Record<string, string>): Promise<RunningServer> {
  return startTestServer({ JWT_SECRET: "p".repeat(32), TRUST_PROXY_HOPS: "1", ...environment });
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onConnect(_session, callback) {
      // A slow mail server, when a test asks for one.
      setTimeout(callback, smtpDelayMs);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const port = (smtp.server.address() as { port: number }).port;
  dataDir = await mkdtemp(path.join(tmpdir(), "fleetops-mail-"));
  server = await start({ SMTP_HOST: "127.0.0.1", SMTP_PORT: String(port), DATA_DIR: dataDir });
  fileServer = await start({ DATA_DIR: dataDir });
});

afterAll(async () => {
  await server?.close();
  await fileServer?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  if (dataDir) await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
});

let addresses = 0;
function freshAddress(): string {
  addresses += 1;
  return `10.30.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
}

async function call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method,
    headers: { "Content-Type": "application/json", "X-Forwarded-For": freshAddress(), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { response, status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
/** A token issued ten seconds ago, so a password change in this second revokes it. */
const oldToken = (userId: number) =>
  signSessionToken(server.services.config, { userId, permissions: [] }, new Date(Date.now() - 10_000));

function context(target: RunningServer = server): RouterContextProvider {
  const provider = new RouterContextProvider();
  provider.set(servicesContext, target.services);
  return provider;
}

/** The router context of a page request after the root's guard middleware ran on it (its redirects throw). */
async function guardedContext(request: Request, target: RunningServer = server): Promise<RouterContextProvider> {
  const provider = context(target);
  const url = new URL(request.url);
  // As React Router calls it: with the matched route's pattern (here the page's own path).
  await sessionGuard(
    { request, url, pattern: url.pathname, context: provider, params: {} } as never,
    async () => new Response(null),
  );
  return provider;
}

function formRequest(url: string, fields: Record<string, string>, cookie?: string): Request {
  return new Request(url, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: cookie ? { cookie } : {},
  });
}

/** The data and status of what a route action returned (data() or a plain object). */
function unwrap(result: unknown): { status: number; data: Record<string, unknown>; headers?: HeadersInit } {
  const value = result as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (value && value.type === "DataWithResponseInit") {
    return {
      status: value.init?.status ?? 200,
      data: value.data as Record<string, unknown>,
      headers: value.init?.headers,
    };
  }
  return { status: 200, data: result as Record<string, unknown> };
}

describe("PUT /users/changePassword/{userId}", () => {
  const url = (id: number | string) => `${server.url}/users/changePassword/${id}`;

  it("changes the password, returns a fresh token and cookie, and revokes older tokens", async () => {
    const user = await createUser(db);
    const token = oldToken(user.id);
    const { response, status, body } = await call(
      "PUT",
      url(user.id),
      { oldPassword: PASSWORD, newPassword: "new-secret", newPasswordConfirm: "new-secret" },
      bearer(token),
    );
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(["token"]);
    expect(response.headers.get("set-cookie")).toMatch(/^fleetops_session=.+HttpOnly; SameSite=Lax/);
    const stored = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(stored.passwordHash!, "new-secret")).toBe(true);
    expect(Date.now() - stored.tokensValidAfter.getTime()).toBeLessThan(10_000);

    expect((await call("GET", `${server.url}/users/info`, undefined, bearer(token))).status).toBe(401);
    const fresh = await call("GET", `${server.url}/users/info`, undefined, bearer(body.token as string));
    expect(fresh.status).toBe(200);
    expect(fresh.body.UserID).toBe(user.id);
    // The old password no longer signs in; the new one does.
    expect((await call("POST", `${server.url}/users/login`, { email: user.email, password: PASSWORD })).status).toBe(
      401,
    );
    expect(
      (await call("POST", `${server.url}/users/login`, { email: user.email, password: "new-secret" })).status,
    ).toBe(200);
  });

  it("answers 400 'Old password is incorrect' for a wrong old password and changes nothing", async () => {
    const user = await createUser(db);
    const { status, body } = await call(
      "PUT",
      url(user.id),
      { oldPassword: "wrong-one", newPassword: "new-secret", newPasswordConfirm: "new-secret" },
      bearer(oldToken(user.id)),
    );
    expect(status).toBe(400);
    expect(body).toEqual({ error: "Old password is incorrect" });
    const stored = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(await verifyPassword(stored.passwordHash!, PASSWORD)).toBe(true);
  });

  it.each([
    [{ oldPassword: PASSWORD, newPassword: "abcdef", newPasswordConfirm: "abcdeg" }, "New passwords must match"],
    [
      { oldPassword: PASSWORD, newPassword: "abc", newPasswordConfirm: "abc" },
      "New password must be at least 6 characters",
    ],
    [{ oldPassword: "", newPassword: "abcdef", newPasswordConfirm: "abcdef" }, "All fields required"],
    [{ newPassword: "abcdef" }, "All fields required"],
  ])("answers 400 with the rule's message for %j", async (payload, message) => {
    const user = await createUser(db);
    const { status, body } = await call("PUT", url(user.id), payload, bearer(oldToken(user.id)));
    expect(status).toBe(400);
    expect(body).toEqual({ error: message });
  });

  it("answers 403 for someone else's id and 401 without a session", async () => {
    const user = await createUser(db);
    const other = await createUser(db);
    const body = { oldPassword: PASSWORD, newPassword: "new-secret", newPasswordConfirm: "new-secret" };
    expect((await call("PUT", url(other.id), body, bearer(oldToken(user.id)))).status).toBe(403);
    expect((await call("PUT", url("abc"), body, bearer(oldToken(user.id)))).status).toBe(403);
    expect((await call("PUT", url(user.id), body)).status).toBe(401);
    const stored = await db.user.findUniqueOrThrow({ where: { id: other.id } });
    expect(await verifyPassword(stored.passwordHash!, PASSWORD)).toBe(true);
  });
});

function linkIn(raw: string): { link: string; token: string } {
  const decoded = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const match = /(https?:\/\/[^\s"<]+\/reset\/([A-Za-z0-9_-]{43}))/.exec(decoded);
  if (!match) throw new Error(`no reset link in:\n${raw}`);
  return { link: match[1]!, token: match[2]! };
}

async function mailFiles(to: string): Promise<string[]> {
  const files = await readdir(path.join(dataDir, "mail")).catch(() => [] as string[]);
  return files.filter((file) => file.endsWith(`-${to}.eml`)).sort();
}

/** The newest of the first `count` mails written for `to` without SMTP (they leave in the background). */
async function waitForMailFile(to: string, count = 1): Promise<string> {
  for (let i = 0; i < 100; i += 1) {
    const files = await mailFiles(to);
    if (files.length >= count) {
      expect(files).toHaveLength(count);
      return readFile(path.join(dataDir, "mail", files.at(-1)!), "utf8");
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail file for ${to}`);
}

async function waitForMail(to: string) {
  for (let i = 0; i < 100; i += 1) {
    const mail = received.find((m) => m.to.includes(to));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail to ${to}`);
}

describe("password reset by e-mail", () => {
  it("sends a link through SMTP; the reset page sets the new password once and ends every session", async () => {
    const user = await createUser(db);
    const before = oldToken(user.id);
    const { status, body } = await call("POST", `${server.url}/users/password/request`, {
      Email: user.email.toUpperCase(),
    });
    expect(status).toBe(200);
    expect(body).toEqual({ message: "Email Sent Successfully" });

    const mail = await waitForMail(user.email);
    expect(mail.raw).toMatch(/Subject: Fleet Ops password reset/);
    const { link, token } = linkIn(mail.raw);
    expect(link).toBe(`${server.url}/reset/${token}`);
    const row = await db.passwordResetToken.findUniqueOrThrow({ where: { tokenHash: hashResetToken(token) } });
    expect(row.userId).toBe(user.id);
    expect(row.usedAt).toBeNull();
    expect(Math.abs(row.expiresAt.getTime() - Date.now() - RESET_TOKEN_TTL_MS)).toBeLessThan(10_000);
    // Only the hash is stored.
    expect(JSON.stringify(await db.passwordResetToken.findMany())).not.toContain(token);

    const params = { encryption: token };
    const loaded = await resetLoader({ context: context(), params, request: new Request(link) } as never);
    expect(loaded.state).toEqual({ status: "valid", email: user.email });

    const mismatch = unwrap(
      await resetAction({
        context: context(),
        params,
        request: formRequest(link, { password: "abcdef", passwordConfirm: "abcdeX" }),
      } as never),
    );
    expect(mismatch).toMatchObject({ status: 400, data: { done: false, message: "New passwords must match" } });
    const short = unwrap(
      await resetAction({
        context: context(),
        params,
        request: formRequest(link, { password: "abc", passwordConfirm: "abc" }),
      } as never),
    );
    expect(short.data.message).toBe("New password must be at least 6 characters");

    const done = unwrap(
      await resetAction({
        context: context(),
        params,
        request: formRequest(link, { password: "fresh-pass", passwordConfirm: "fresh-pass" }),
      } as never),
    );
    expect(done).toMatchObject({ status: 200, data: { done: true } });
    expect(
      (await call("POST", `${server.url}/users/login`, { email: user.email, password: "fresh-pass" })).status,
    ).toBe(200);
    expect((await call("GET", `${server.url}/users/info`, undefined, bearer(before))).status).toBe(401);

    // Single use.
    const again = unwrap(
      await resetAction({
        context: context(),
        params,
        request: formRequest(link, { password: "other-pass", passwordConfirm: "other-pass" }),
      } as never),
    );
    expect(again).toMatchObject({ status: 410, data: { done: false, linkProblem: true } });
    expect(again.data.message).toMatch(/already been used/);
    const reloaded = await resetLoader({ context: context(), params, request: new Request(link) } as never);
    expect(reloaded.state).toMatchObject({ status: "used" });
  });

  it("refuses an expired link (older than one hour) and an unknown one", async () => {
    const user = await createUser(db);
    const { status } = await call("POST", `${server.url}/users/password/request`, { Email: user.email });
    expect(status).toBe(200);
    const { token, link } = linkIn((await waitForMail(user.email)).raw);
    await db.passwordResetToken.update({
      where: { tokenHash: hashResetToken(token) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expired = unwrap(
      await resetAction({
        context: context(),
        params: { encryption: token },
        request: formRequest(link, { password: "abcdef", passwordConfirm: "abcdef" }),
      } as never),
    );
    expect(expired).toMatchObject({ status: 410, data: { done: false } });
    expect(expired.data.message).toMatch(/expired/);

    const unknown = await resetLoader({
      context: context(),
      params: { encryption: "x".repeat(43) },
      request: new Request(link),
    } as never);
    expect(unknown.state).toMatchObject({ status: "invalid" });
    expect((unknown.state as { message: string }).message).toMatch(/not valid/);
    const stored = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(await verifyPassword(stored.passwordHash!, PASSWORD)).toBe(true);
  });

  it("answers a known and an unknown address alike (200, the same body); only the known one gets a mail", async () => {
    const user = await createUser(db);
    const nobody = `${unique("nobody")}@fleetops.test`;
    const inactive = await createUser(db, { active: false });
    const known = await call("POST", `${server.url}/users/password/request`, { Email: user.email });
    const unknown = await call("POST", `${server.url}/users/password/request`, { Email: nobody });
    const deactivated = await call("POST", `${server.url}/users/password/request`, { Email: inactive.email });
    for (const answer of [known, unknown, deactivated]) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ message: "Email Sent Successfully" });
      expect(answer.response.headers.get("content-length")).toBe(known.response.headers.get("content-length"));
    }
    await waitForMail(user.email);
    // Mail leaves in the background; give a stray one time to arrive before saying there is none.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received.some((m) => m.to.includes(nobody))).toBe(false);
    expect(received.some((m) => m.to.includes(inactive.email))).toBe(false);
    expect(await db.passwordResetToken.count({ where: { userId: user.id } })).toBe(1);
    expect(await db.passwordResetToken.count({ where: { userId: inactive.id } })).toBe(0);
  });

  it("answers before the mail server does, so the time taken does not tell a known address", async () => {
    const user = await createUser(db);
    smtpDelayMs = 1500;
    try {
      const started = performance.now();
      const { status } = await call("POST", `${server.url}/users/password/request`, { Email: user.email });
      const elapsed = performance.now() - started;
      expect(status).toBe(200);
      expect(elapsed).toBeLessThan(1000);
      expect(received.some((m) => m.to.includes(user.email))).toBe(false);
    } finally {
      smtpDelayMs = 0;
    }
    await waitForMail(user.email);
  });

  it("keeps the spec's '*Account could not be found…' for text no account can have, asking no database", async () => {
    for (const Email of ["no-at-sign", `${"a".repeat(250)}@fleetops.test`]) {
      const { status, body } = await call("POST", `${server.url}/users/password/request`, { Email });
      expect(status, Email).toBe(400);
      expect(body).toEqual({ error: "*Account could not be found for this email..." });
    }
    const blank = await call("POST", `${server.url}/users/password/request`, { Email: " " });
    expect({ status: blank.status, body: blank.body }).toEqual({
      status: 400,
      body: { error: "Enter your e-mail address." },
    });
  });

  it("mails a link to APP_URL whatever Host or X-Forwarded-Host the request names", async () => {
    const user = await createUser(db);
    const target = new URL(`${fileServer.url}/users/password/request`);
    const body = JSON.stringify({ Email: user.email });
    // A Host outside the allow-list never gets this far (400 before routing); an allowed one
    // (loopback) with a forged X-Forwarded-Host still gets a link to APP_URL.
    const send = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const request = httpRequest(
          {
            host: "127.0.0.1",
            port: target.port,
            path: target.pathname,
            method: "POST",
            headers: {
              Host: host,
              "X-Forwarded-Host": "evil.example",
              "X-Forwarded-Proto": "https",
              "X-Forwarded-For": freshAddress(),
              "Content-Type": "application/json",
              "Content-Length": String(Buffer.byteLength(body)),
            },
          },
          (response) => {
            response.resume();
            response.on("end", () => resolve(response.statusCode ?? 0));
          },
        );
        request.on("error", reject);
        request.end(body);
      });
    expect(await send("evil.example")).toBe(400);
    expect(await send("localhost")).toBe(200);
    const raw = await waitForMailFile(user.email);
    const { link, token } = linkIn(raw);
    expect(link).toBe(`${fileServer.services.config.APP_URL}/reset/${token}`);
    expect(fileServer.services.config.APP_URL).toBe(fileServer.url);
    expect(raw).not.toContain("evil.example");
  });

  it("refuses the 11th request within a minute for one address with 429", async () => {
    const email = `${unique("flood")}@fleetops.test`;
    for (let i = 0; i < 10; i += 1) {
      expect((await call("POST", `${server.url}/users/password/request`, { Email: email })).status).toBe(200);
    }
    const { status, body } = await call("POST", `${server.url}/users/password/request`, { Email: email });
    expect(status).toBe(429);
    expect(body.error).toMatch(/Too many password reset requests/);
  });

  it("writes the mail to DATA_DIR/mail without SMTP, and the request page works without JavaScript", async () => {
    const user = await createUser(db);
    const { status } = await call("POST", `${fileServer.url}/users/password/request`, { Email: user.email });
    expect(status).toBe(200);
    const { link } = linkIn(await waitForMailFile(user.email));
    expect(link.startsWith(`${fileServer.url}/reset/`)).toBe(true);

    const page = unwrap(
      await externalAction({
        context: context(fileServer),
        params: {},
        request: formRequest("http://fleet.example/password-reset-external", { intent: "request", Email: user.email }),
      } as never),
    );
    expect(page.data).toMatchObject({
      done: true,
      message: "Email Sent Successfully",
      detail: "Check your inbox for the email.",
    });
    const unknown = unwrap(
      await externalAction({
        context: context(fileServer),
        params: {},
        request: formRequest("http://fleet.example/password-reset-external", {
          intent: "request",
          Email: "none@fleetops.test",
        }),
      } as never),
    );
    // An unknown address gets the same page as a known one.
    expect(unknown).toEqual(page);
    await waitForMailFile(user.email, 2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await mailFiles("none@fleetops.test")).length).toBe(0);
  });
});

describe("PUT /users/theme", () => {
  it("stores Dark or Light for oneself, and refuses anything else", async () => {
    const user = await createUser(db);
    const token = oldToken(user.id);
    expect((await call("PUT", `${server.url}/users/theme`, { theme: "Dark" }, bearer(token))).body).toEqual({
      UserTheme: "Dark",
    });
    expect((await call("GET", `${server.url}/users/info`, undefined, bearer(token))).body.UserTheme).toBe("Dark");
    expect((await call("PUT", `${server.url}/users/theme`, { theme: "Blue" }, bearer(token))).status).toBe(400);
    expect((await call("PUT", `${server.url}/users/theme`, { theme: "Light" })).status).toBe(401);
  });
});

describe("register an employee", () => {
  const input = async () => {
    const department = await db.department.create({ data: { name: unique("Recon") } });
    return {
      firstName: "Riley",
      lastName: "Newhire",
      email: `${unique("hire")}@FleetOps.test`,
      departmentId: String(department.id),
      password: "first-pass",
    };
  };

  it("creates the account with employee-management (API and page), refuses duplicates", async () => {
    const manager = await createUser(db, { directPermissions: ["employee-management"] });
    const body = await input();
    const created = await call("POST", `${server.url}/users/register`, body, bearer(oldToken(manager.id)));
    expect(created.status).toBe(201);
    expect(created.body.Email).toBe(body.email.toLowerCase());
    expect(
      (await call("POST", `${server.url}/users/login`, { email: body.email, password: "first-pass" })).status,
    ).toBe(200);

    const duplicate = await call("POST", `${server.url}/users/register`, body, bearer(oldToken(manager.id)));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toBe("An account with this e-mail already exists.");

    const short = await call(
      "POST",
      `${server.url}/users/register`,
      { ...(await input()), password: "abc" },
      bearer(oldToken(manager.id)),
    );
    expect(short.status).toBe(400);
    expect(short.body.error).toBe("New password must be at least 6 characters");

    const cookie = `fleetops_session=${oldToken(manager.id)}`;
    const viaPage = await input();
    const pageRequest = formRequest(`${server.url}/register`, viaPage, cookie);
    const page = unwrap(
      await registerAction({
        context: await guardedContext(pageRequest),
        params: {},
        pattern: "/register",
        request: pageRequest,
      } as never),
    );
    expect(page).toMatchObject({ status: 200, data: { ok: true } });
    const stored = await db.user.findUniqueOrThrow({ where: { email: viaPage.email.toLowerCase() } });
    expect(stored.departmentId).toBe(Number(viaPage.departmentId));
    expect(await db.auditLog.count({ where: { action: "register", userId: manager.id } })).toBe(2);
  });

  it("refuses without employee-management (403 from the API, redirect to /not-found from the page)", async () => {
    const clerk = await createUser(db, { directPermissions: ["on-off-rents"] });
    const body = await input();
    expect((await call("POST", `${server.url}/users/register`, body, bearer(oldToken(clerk.id)))).status).toBe(403);
    const cookie = `fleetops_session=${oldToken(clerk.id)}`;
    const pageRequest = formRequest(`${server.url}/register`, body, cookie);
    // The guard itself sends a user without employee-management away, before the action runs.
    const thrown = await guardedContext(pageRequest)
      .then((pageContext) =>
        registerAction({ context: pageContext, params: {}, pattern: "/register", request: pageRequest } as never),
      )
      .catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/not-found");
    expect(await db.user.count({ where: { email: body.email.toLowerCase() } })).toBe(0);
  });
});

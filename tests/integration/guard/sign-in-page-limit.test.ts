// The sign-in page (no JavaScript) is rate-limited like POST /users/login: the 11th attempt within a
// minute for one e-mail address, or from one client, is answered 429 with a clear message.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPrisma } from "../../support/database.ts";
import { createUser, PASSWORD } from "../../support/factories/users.ts";
import { startTestServer, type RunningServer } from "../../support/test-server.ts";

const TOO_MANY = "Too many sign-in attempts. Please wait a minute and try again.";
const db = createTestPrisma();
let server: RunningServer;

beforeAll(async () => {
  // One proxy hop trusted, so each request can come from its own client address.
  server = await startTestServer({ JWT_SECRET: "l".repeat(32), TRUST_PROXY_HOPS: "1" });
});

afterAll(() => server?.close());

function signIn(email: string, password: string, client: string) {
  return fetch(`${server.url}/employee-login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, "X-Forwarded-For": client },
    body: new URLSearchParams({ email, password }).toString(),
  });
}

describe("POST /employee-login rate limit", () => {
  it("refuses the 11th attempt for one e-mail address, even from different clients and with the right password", async () => {
    const user = await createUser(db, { directPermissions: ["onboarding"] });
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await signIn(user.email, "wrong-password", `10.1.0.${attempt}`);
      expect(response.status, `attempt ${attempt}`).toBe(200);
    }
    const eleventh = await signIn(user.email, PASSWORD, "10.1.0.99");
    expect(eleventh.status).toBe(429);
    expect(await eleventh.text()).toContain(TOO_MANY);
    expect(eleventh.headers.get("set-cookie")).toBeNull();
  });

  it("refuses the 11th attempt from one client, whatever the addresses", async () => {
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await signIn(`someone${attempt}@fleetops.test`, "wrong-password", "10.2.0.1");
      expect(response.status, `attempt ${attempt}`).toBe(200);
    }
    const eleventh = await signIn("another@fleetops.test", "wrong-password", "10.2.0.1");
    expect(eleventh.status).toBe(429);
    expect(await eleventh.text()).toContain(TOO_MANY);
    // Another client is not affected.
    expect((await signIn("another@fleetops.test", "wrong-password", "10.2.0.2")).status).toBe(200);
  });
});

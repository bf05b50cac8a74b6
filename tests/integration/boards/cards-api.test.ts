// GET /api/cards/{list} through a real server (the production build) over the demo seed: 401 without a
// session, 404 for an unknown list, 403 for every list whose page the session may not open, and the
// payload of the order-side lists for a session that may.
import { type CardListWire, decodeCardList, isCardListWire, READABLE_CARDS_FORMAT } from "~/rules/boards/card-wire.ts";
import { permissionIdsNamed, type PermissionName } from "~/rules/access/permissions.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signSessionToken } from "~/modules/identity/session-token.server.ts";
import { CARD_LISTS, mayReadList, type CardListName } from "~/rules/boards/boards.ts";
import { seedDemoData } from "../../../scripts/seed/index.ts";
import {
  COMPACT_CARDS_MEDIA_TYPE,
  compactCardListSchema,
  readableCardListSchema,
  UNKNOWN_FORMAT_MESSAGE,
  UNKNOWN_LIST_MESSAGE,
} from "../../../server/api/cards.ts";
import { FORBIDDEN_MESSAGE, SIGN_IN_REQUIRED_MESSAGE } from "../../../server/api/authenticate.ts";
import { createTestPrisma, testDatabaseUrl } from "../../support/database.ts";
import { startTestServer, type RunningServer } from "../../support/test-server.ts";
import { createUser } from "../../support/factories/users.ts";

const NOW = new Date("2026-11-21T12:00:00Z");
const db = createTestPrisma();
let server: RunningServer;

/** The permission each of this file's lists is read with. */
const READ_WITH: Partial<Record<CardListName, PermissionName[]>> = {
  onboarding: ["onboarding"],
  offboarding: ["offboarding"],
  transport: ["transport"],
  shipping: ["transport"],
  "client-relations": ["client-relations"],
  overview: [],
};

async function tokenFor(permissions: PermissionName[]): Promise<string> {
  const user = await createUser(db, { directPermissions: permissions });
  return signSessionToken(server.services.config, { userId: user.id, permissions: permissionIdsNamed(permissions) });
}

async function get(list: string, token?: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/api/cards/${list}`, {
    headers: { ...headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

beforeAll(async () => {
  await seedDemoData(testDatabaseUrl(), { scale: "demo", now: NOW });
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

describe("GET /api/cards/{list}", () => {
  it("answers 401 without a token and with a token that does not verify", async () => {
    expect(await get("onboarding")).toMatchObject({ status: 401, body: { error: SIGN_IN_REQUIRED_MESSAGE } });
    expect((await get("onboarding", "not-a-token")).status).toBe(401);
  });

  it("answers 404 for a list that does not exist", async () => {
    const token = await tokenFor(["restricted"]);
    expect(await get("no-such-list", token)).toMatchObject({ status: 404, body: { error: UNKNOWN_LIST_MESSAGE } });
  });

  it("answers 403 for each of the 13 lists without its page's permission (overview needs none)", async () => {
    const token = await tokenFor([]);
    for (const list of CARD_LISTS) {
      const { status, body } = await get(list, token);
      if (list === "overview") {
        expect(status, list).toBe(200);
        continue;
      }
      expect(mayReadList(list, [])).toBe(false);
      expect({ list, status, body }).toEqual({ list, status: 403, body: { error: FORBIDDEN_MESSAGE } });
    }
  });

  it("answers 403 when the session holds another department's permission", async () => {
    const transportOnly = await tokenFor(["transport"]);
    expect((await get("onboarding", transportOnly)).status).toBe(403);
    expect((await get("client-relations", transportOnly)).status).toBe(403);
    const onRentOnly = await tokenFor(["onboarding"]);
    expect((await get("transport", onRentOnly)).status).toBe(403);
    expect((await get("shipping", onRentOnly)).status).toBe(403);
  });

  it.each(["onboarding", "offboarding", "transport", "shipping", "client-relations", "overview"] as const)(
    "answers 200 with the %s payload for a session with the page's permission",
    async (list) => {
      const permissions = READ_WITH[list]!;
      const token = await tokenFor(permissions);
      const { status, headers, body } = await get(`${list}?format=compact`, token);
      expect(status).toBe(200);
      expect(headers.get("cache-control")).toBe("private, no-store");
      expect(headers.get("content-type")).toMatch(/^application\/vnd\.fleetops\.cards\+json/);
      // The wire format: a dictionary and tuples, decoded here as the browser decodes it.
      expect(isCardListWire(body)).toBe(true);
      const payload = decodeCardList(body as unknown as CardListWire);
      expect(payload.list).toBe(list);
      expect(Number.isNaN(Date.parse(payload.generatedAt))).toBe(false);
      expect(payload.cards.length).toBeGreaterThan(0);
      for (const card of payload.cards) {
        expect(card).toMatchObject({
          key: expect.any(String),
          list,
          stage: { id: expect.any(String), label: expect.any(String), order: expect.any(Number) },
          title: expect.any(String),
          badges: expect.any(Array),
          facts: expect.any(Array),
          units: expect.any(Array),
          daysInStage: expect.any(Number),
          late: expect.any(Boolean),
          notes: { count: expect.any(Number) },
          actions: expect.any(Array),
          searchText: expect.any(String),
          sortKey: expect.any(String),
        });
      }
    },
  );

  it("answers named objects by default, the compact form by query or Accept, and both decode to the same cards", async () => {
    const token = await tokenFor(["restricted"]);
    for (const list of ["onboarding", "transport", "overview"] as const) {
      const readable = await get(list, token);
      expect(readable.status).toBe(200);
      expect(readable.headers.get("vary")).toMatch(/Accept/);
      const parsed = readableCardListSchema.parse(readable.body);
      expect(parsed.format).toBe(READABLE_CARDS_FORMAT);
      expect(parsed.cards.length).toBeGreaterThan(0);
      expect(parsed.cards[0]).not.toHaveProperty("searchText");

      const byQuery = await get(`${list}?format=compact`, token);
      const byAccept = await get(list, token, { Accept: COMPACT_CARDS_MEDIA_TYPE });
      expect(byAccept.body).toEqual(byQuery.body);
      const decoded = decodeCardList(compactCardListSchema.parse(byQuery.body) as unknown as CardListWire);
      // Read one after the other from the kept list: the same generation, so the same cards.
      expect(parsed.generatedAt).toBe(decoded.generatedAt);
      expect(parsed.cards).toEqual(decoded.cards.map(({ searchText: _s, sortKey: _k, ...card }) => card));
    }
  });

  it("answers 400 for a format it does not know, before reading the list", async () => {
    const token = await tokenFor(["restricted"]);
    expect(await get("onboarding?format=xml", token)).toEqual({
      status: 400,
      headers: expect.anything(),
      body: { error: UNKNOWN_FORMAT_MESSAGE },
    });
    expect((await get("onboarding?format=compact&format=readable", token)).status).toBe(400);
  });

  it("answers every list to a session with all access", async () => {
    const token = await tokenFor(["restricted"]);
    for (const list of [
      "onboarding",
      "offboarding",
      "transport",
      "shipping",
      "client-relations",
      "overview",
    ] as const) {
      expect((await get(list, token)).status, list).toBe(200);
    }
  });
});

// One part of the whole-API property suite (api-property.ts): every `parts`-th endpoint of the catalogue from
// `index`, each with generated requests and a fresh actor, and the part's table of answers printed after.
// The suite is split into files (tests/integration/api/api-property-<n>.test.ts) so the parts run in parallel
// workers; each file is this one call.
import { afterAll, beforeAll, describe, it } from "vitest";
import { apiHarness } from "./api-harness.ts";
import {
  checkEndpoint,
  type EndpointOutcome,
  endpointSlice,
  EVERY_PERMISSION,
  formatOutcomes,
  wholeApi,
} from "./api-property.ts";
import { createTestPrisma } from "./database.ts";
import { actorWith } from "./factories/users.ts";

export function describeApiPropertyPart(index: number, parts: number): void {
  const db = createTestPrisma();
  const api = apiHarness(wholeApi);
  const outcomes: EndpointOutcome[] = [];

  beforeAll(async () => {
    await db.$connect();
  });
  afterAll(() => {
    process.stdout.write(`\nwhole-API property suite, part ${index + 1} of ${parts}:\n${formatOutcomes(outcomes)}\n`);
  });

  describe("every endpoint of the catalogue with generated requests", () => {
    for (const endpoint of endpointSlice(index, parts)) {
      it(`${endpoint.method.toUpperCase()} ${endpoint.path} never answers 5xx and writes nothing when it refuses`, async () => {
        // A fresh actor per endpoint: one that signs out or changes its password spoils only its own token.
        const token = api.tokenFor(await actorWith(db, EVERY_PERMISSION));
        outcomes.push(await checkEndpoint(api, endpoint, token));
      }, 120_000);
    }
  });
}

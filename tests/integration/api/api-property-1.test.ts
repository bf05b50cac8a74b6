// The whole-API property suite (tests/support/api-property.ts), part 1 of 3: every third endpoint of
// the catalogue, so the three parts run in parallel workers.
import { afterAll, beforeAll, describe, it } from "vitest";
import { apiHarness } from "../../support/api-harness.ts";
import {
  checkEndpoint,
  type EndpointOutcome,
  endpointSlice,
  EVERY_PERMISSION,
  formatOutcomes,
  wholeApi,
} from "../../support/api-property.ts";
import { createTestPrisma } from "../../support/database.ts";
import { actorWith } from "../../support/factories/users.ts";

const db = createTestPrisma();
const api = apiHarness(wholeApi);
const outcomes: EndpointOutcome[] = [];

beforeAll(async () => {
  await db.$connect();
});
afterAll(() => {
  process.stdout.write(`\nwhole-API property suite, part 1 of 3:\n${formatOutcomes(outcomes)}\n`);
});

describe("every endpoint of the catalogue with generated requests", () => {
  for (const endpoint of endpointSlice(0, 3)) {
    it(`${endpoint.method.toUpperCase()} ${endpoint.path} never answers 5xx and writes nothing when it refuses`, async () => {
      // A fresh actor per endpoint: one that signs out or changes its password spoils only its own token.
      const token = api.tokenFor(await actorWith(db, EVERY_PERMISSION));
      outcomes.push(await checkEndpoint(api, endpoint, token));
    }, 120_000);
  }
});

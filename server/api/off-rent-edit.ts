// PUT /api/off-rent/edit (the off-rent edit payload plus `version`) and POST /api/truck/vin-test
// {vins, FormHistoryID} (ADR 015). Thin: the domain decides (400 with field messages, 403, 404,
// 409 with `conflict`); an edit answers { ok: true } and reports the changed card lists; a unit test
// answers the map unit number → valid.
import express from "express";
import { editOffRentOrder } from "../../app/modules/orders/off-rent-edit.server.ts";
import { testReturningUnits } from "../../app/modules/orders/vin-test.server.ts";
import { refusalBody } from "../../app/rules/dialogs/operation-result.ts";
import type { AppServices } from "../../app/modules/platform/services.server.ts";
import { requireSession } from "./authenticate.ts";
import { operationEndpoint } from "./operation-endpoint.ts";

export const OFF_RENT_EDIT_PATH = "/api/off-rent/edit";
export const VIN_TEST_PATH = "/api/truck/vin-test";

export function createOffRentEditRouter(services: AppServices): express.Router {
  const router = express.Router();
  router.put(
    OFF_RENT_EDIT_PATH,
    ...operationEndpoint(services, (db, actor, input) => editOffRentOrder(db, actor, input)),
  );
  router.post(VIN_TEST_PATH, express.json({ limit: "64kb" }), requireSession(services), async (req, res) => {
    res.set("Cache-Control", "no-store");
    const result = await testReturningUnits(services.database.prisma, res.locals.session!, req.body ?? {});
    if (!result.ok) {
      res.status(result.status).json(refusalBody(result));
      return;
    }
    res.json(result.results);
  });
  return router;
}

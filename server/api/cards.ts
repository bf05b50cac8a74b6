// GET /api/cards/{list}: exactly the list its refresh event carries (the wire format of ADR 017), for whoever may open its board
// (401 without a session, 403 without the page's permission, 404 for an unknown list).
import express from "express";
import { readCardListJson } from "../../app/modules/boards/card-lists.server.ts";
import { isCardListName, mayReadList } from "../../app/rules/boards/boards.ts";
import type { AppServices } from "../../app/modules/platform/services.server.ts";
import { FORBIDDEN_MESSAGE, requireSession } from "./authenticate.ts";

export const UNKNOWN_LIST_MESSAGE = "There is no such card list.";

export function createCardsRouter(services: AppServices): express.Router {
  const router = express.Router();
  router.get("/api/cards/:list", requireSession(services), async (req, res) => {
    const list = req.params.list;
    if (!isCardListName(list)) {
      res.status(404).json({ error: UNKNOWN_LIST_MESSAGE });
      return;
    }
    if (!mayReadList(list, res.locals.session!.permissions)) {
      res.status(403).json({ error: FORBIDDEN_MESSAGE });
      return;
    }
    res
      .set("Cache-Control", "no-store")
      .type("json")
      .send(await readCardListJson(services, list));
  });
  return router;
}

// GET /api/cards/{list}, for whoever may open its board (401 without a session, 403 without the page's
// permission, 404 for an unknown list). Two forms of the same list: named JSON objects by
// default, for API clients; the compact wire format of ADR 017 (what the refresh events carry, and
// what the boards fetch) with `?format=compact` or `Accept: application/vnd.fleetops.cards+json`. The
// readable form is decoded from the compact one, so the two cannot disagree.
import express from "express";
import { z } from "zod";
import { readCardListJson } from "../../app/modules/boards/card-lists.server.ts";
import { CARD_LISTS, isCardListName, mayReadList } from "../../app/rules/boards/boards.ts";
import {
  CARD_WIRE_FORMAT,
  type CardListWire,
  READABLE_CARDS_FORMAT,
  readableCardList,
} from "../../app/rules/boards/card-wire.ts";
import type { AppServices } from "../../app/modules/platform/services.server.ts";
import { FORBIDDEN_MESSAGE, requireSession } from "./authenticate.ts";
import { defineEndpoint, route } from "./endpoint.ts";
import { REFUSALS } from "./schemas.ts";

export const UNKNOWN_LIST_MESSAGE = "There is no such card list.";
export const UNKNOWN_FORMAT_MESSAGE = "format must be readable or compact.";
/** The media type that asks for the compact form (as `?format=compact` does). */
export const COMPACT_CARDS_MEDIA_TYPE = "application/vnd.fleetops.cards+json";

const TONES = ["gray", "red", "orange", "green", "blue", "pink"] as const;

const readableCardSchema = z
  .object({
    key: z.string().meta({ description: "Stable across refreshes, unique in its list (`form-1234`, `unit-88`)." }),
    list: z.enum(CARD_LISTS),
    stage: z.object({ id: z.string(), label: z.string(), order: z.number() }),
    title: z.string().meta({ description: "Company name, or unit number on unit boards." }),
    subtitle: z.string().nullable(),
    formHistoryId: z
      .number()
      .int()
      .nullable()
      .meta({ description: "The request (FormHistoryID) the card stands for." }),
    unitNumber: z.string().nullable(),
    badges: z.array(z.object({ label: z.string(), tone: z.enum(TONES) })),
    facts: z.array(z.object({ label: z.string(), value: z.string() })),
    units: z.array(
      z.object({ unitNumber: z.string(), status: z.string(), carrier: z.string().nullable(), late: z.boolean() }),
    ),
    daysInStage: z.number().int(),
    late: z.boolean(),
    priority: z.object({ reason: z.string(), deadline: z.string().nullable() }).nullable(),
    notes: z.object({
      count: z.number().int(),
      latest: z.object({ author: z.string(), createdAt: z.string(), subject: z.string() }).nullable(),
    }),
    actions: z
      .array(
        z.object({ id: z.string(), label: z.string(), modal: z.string(), params: z.record(z.string(), z.string()) }),
      )
      .meta({ description: "The dialogs the card offers (`?modal=…` on its board's page)." }),
  })
  .meta({ id: "Card" });

export const readableCardListSchema = z
  .object({
    list: z.enum(CARD_LISTS),
    generatedAt: z.iso.datetime(),
    format: z.literal(READABLE_CARDS_FORMAT),
    cards: z.array(readableCardSchema).meta({ description: "In board order: by stage, most urgent first." }),
  })
  .meta({ id: "CardList" });

export const compactCardListSchema = z
  .looseObject({
    list: z.enum(CARD_LISTS),
    generatedAt: z.iso.datetime(),
    format: z.literal(CARD_WIRE_FORMAT),
    dict: z.looseObject({}).meta({ description: "The texts cards share, sent once." }),
    cards: z.array(z.array(z.unknown())).meta({ description: "Each card a tuple referring to `dict` by position." }),
  })
  .meta({
    id: "CompactCardList",
    description:
      "The wire format the refresh events carry (docs/decisions/017 and 019); decode it with app/rules/boards/card-wire.ts.",
  });

const formatQuery = z.object({
  format: z
    .enum(["readable", "compact"])
    .optional()
    .meta({
      description: `\`readable\` (the default) or \`compact\`; \`Accept: ${COMPACT_CARDS_MEDIA_TYPE}\` also asks for compact.`,
    }),
});

export const CARDS_ENDPOINTS = {
  list: defineEndpoint({
    method: "get",
    path: "/api/cards/{list}",
    tag: "Boards",
    summary: "A board's card list",
    description: "The whole list, as the board shows it and as its refresh event carries it.",
    access: "session",
    permission: "whoever may open the list's board.",
    params: z.object({ list: z.enum(CARD_LISTS) }),
    query: formatQuery,
    responses: {
      200: {
        description: "The list: readable by default, or compact.",
        schema: readableCardListSchema,
        alternatives: { [COMPACT_CARDS_MEDIA_TYPE]: compactCardListSchema },
        headers: { Vary: "Accept" },
      },
      400: { ...REFUSALS[400], example: { error: UNKNOWN_FORMAT_MESSAGE } },
      401: REFUSALS[401],
      403: REFUSALS[403],
      404: { ...REFUSALS[404], example: { error: UNKNOWN_LIST_MESSAGE } },
    },
  }),
} as const;

/** compact when asked for by the query or by Accept; null for a format nobody knows. */
function formatAsked(req: express.Request): "readable" | "compact" | null {
  const query = formatQuery.safeParse(req.query);
  if (!query.success) return null;
  if (query.data.format) return query.data.format;
  return req.accepts(["application/json", COMPACT_CARDS_MEDIA_TYPE]) === COMPACT_CARDS_MEDIA_TYPE
    ? "compact"
    : "readable";
}

export function createCardsRouter(services: AppServices): express.Router {
  const router = express.Router();
  route(router, CARDS_ENDPOINTS.list, requireSession(services), async (req, res) => {
    const list = req.params.list;
    if (!isCardListName(list)) {
      res.status(404).json({ error: UNKNOWN_LIST_MESSAGE });
      return;
    }
    if (!mayReadList(list, res.locals.session!.permissions)) {
      res.status(403).json({ error: FORBIDDEN_MESSAGE });
      return;
    }
    const format = formatAsked(req);
    if (format === null) {
      res.status(400).json({ error: UNKNOWN_FORMAT_MESSAGE });
      return;
    }
    res.set("Cache-Control", "private, no-store").vary("Accept");
    const wire = await readCardListJson(services, list);
    if (format === "compact") {
      res.type(COMPACT_CARDS_MEDIA_TYPE).send(wire);
      return;
    }
    res.json(readableCardList(JSON.parse(wire) as CardListWire));
  });
  return router;
}

// Department search and unit history over JSON (ADR 045): GET /api/departmentSearch/{unit}
// and GET /api/unitHistorySearch/{unit}, the specification's calls, which the departmentSearchModal
// also makes as the user types. Thin: app/modules/fleet/unit-search.server.ts reads.
import express, { type RequestHandler } from "express";
import { z } from "zod";
import type { AppServices } from "../../app/modules/platform/services.server.ts";
import { searchDepartments, searchUnitHistory } from "../../app/modules/fleet/unit-search.server.ts";
import {
  DEPARTMENT_SEARCH_API_PATH,
  DEPARTMENT_SEARCH_LIMIT,
  mayUseDepartmentSearch,
  readUnitSearch,
  UNIT_HISTORY_SEARCH_API_PATH,
  UNIT_HISTORY_SEARCH_LIMIT,
  UNIT_SEARCH_MESSAGES,
} from "../../app/rules/fleet/unit-search.ts";
import { requireSession } from "./authenticate.ts";
import { defineEndpoint, route } from "./endpoint.ts";
import { REFUSALS } from "./schemas.ts";

const SEARCHERS =
  "whoever may open a page a result links to: transport, accounts-receivable, recon, sales, titles or status-diff " +
  "(the unit hub), or all access.";

const unitParams = z.object({
  unit: z
    .string()
    .meta({ description: "1 to 8 letters, digits or hyphens; upper or lower case.", example: "H24-0123" }),
});

const resultSchema = z
  .object({
    UnitNumber: z.string(),
    VinNumber: z.string(),
    CurrentStatus: z.string(),
    SubStatus: z.string().nullable(),
    Dept: z.string().meta({ description: "The department whose queue holds the unit; None once sold." }),
    Link: z.string().meta({
      description: "Its department's board filtered to the unit (`/recon?filter=…`), or `/unit-hub?search=…`.",
    }),
  })
  .meta({ id: "DepartmentSearchResult" });

const historyRowSchema = z
  .object({
    UnitNumber: z.string(),
    StatType: z.enum(["Status", "Sub-Status", "Rental Use"]),
    PrevVal: z.string().nullable(),
    NewVal: z.string().nullable(),
    ChangedOn: z.string().meta({ description: "ISO 8601 instant." }),
    ChangedBy: z.string(),
    ChangedFrom: z.string(),
  })
  .meta({ id: "UnitHistoryRow" });

const badUnit = { ...REFUSALS[400], example: { error: UNIT_SEARCH_MESSAGES.invalid } };
const forbidden = { ...REFUSALS[403], example: { error: UNIT_SEARCH_MESSAGES.forbidden } };

export const UNIT_SEARCH_ENDPOINTS = {
  departmentSearch: defineEndpoint({
    method: "get",
    path: `${DEPARTMENT_SEARCH_API_PATH}/{unit}`,
    tag: "Units",
    summary: "Find units by (part of) their number",
    description:
      `Units whose number starts with the text, then (from 3 characters) those holding it elsewhere, each in number ` +
      `order, at most ${DEPARTMENT_SEARCH_LIMIT}; the header \`X-More-Results: true\` says more match. No unit: an ` +
      `empty list (the dialog then shows '${UNIT_SEARCH_MESSAGES.noResults}').`,
    access: "session",
    permission: SEARCHERS,
    params: unitParams,
    responses: {
      200: {
        description: "The units found, possibly none.",
        schema: z.array(resultSchema),
        example: [
          {
            UnitNumber: "H24-0123",
            VinNumber: "1FTEW1EP4PFA12345",
            CurrentStatus: "ON LOT",
            SubStatus: "Awaiting inspection",
            Dept: "Recon",
            Link: "/recon?filter=H24-0123",
          },
        ],
        headers: { "X-More-Results": "`true` when more units match than the answer holds." },
      },
      400: badUnit,
      401: REFUSALS[401],
      403: forbidden,
    },
  }),
  unitHistorySearch: defineEndpoint({
    method: "get",
    path: `${UNIT_HISTORY_SEARCH_API_PATH}/{unit}`,
    tag: "Units",
    summary: "A unit's history",
    description:
      `The newest ${UNIT_HISTORY_SEARCH_LIMIT} status, sub-status and rental-use changes of the unit with exactly ` +
      `that number, or of the only unit the text finds; an empty list when it finds none or several (the unit hub ` +
      `pages through a unit's whole history).`,
    access: "session",
    permission: SEARCHERS,
    params: unitParams,
    responses: {
      200: {
        description: "History rows, newest first.",
        schema: z.array(historyRowSchema),
        example: [
          {
            UnitNumber: "H24-0123",
            StatType: "Status",
            PrevVal: "OFF RENT",
            NewVal: "ON LOT",
            ChangedOn: "2026-11-20T15:04:00.000Z",
            ChangedBy: "Dana Ruiz",
            ChangedFrom: "Recon Board",
          },
        ],
      },
      400: badUnit,
      401: REFUSALS[401],
      403: forbidden,
    },
  }),
} as const;

/** 403 unless the session may search; goes after requireSession. */
const requireSearcher: RequestHandler = (_req, res, next) => {
  if (mayUseDepartmentSearch(res.locals.session!.permissions)) return next();
  res.status(403).json({ error: UNIT_SEARCH_MESSAGES.forbidden });
};

export function createUnitSearchRouter(services: AppServices): express.Router {
  const router = express.Router();
  const db = services.database.prisma;
  route(router, UNIT_SEARCH_ENDPOINTS.departmentSearch, requireSession(services), requireSearcher, async (req, res) => {
    const search = readUnitSearch(req.params.unit);
    if (!search.ok) {
      res.status(400).json({ error: search.message });
      return;
    }
    const found = await searchDepartments(db, search.text);
    res.set("Cache-Control", "private, no-store");
    if (found.more) res.set("X-More-Results", "true");
    res.json(found.results);
  });
  route(
    router,
    UNIT_SEARCH_ENDPOINTS.unitHistorySearch,
    requireSession(services),
    requireSearcher,
    async (req, res) => {
      const search = readUnitSearch(req.params.unit);
      if (!search.ok) {
        res.status(400).json({ error: search.message });
        return;
      }
      const history = await searchUnitHistory(db, search.text);
      res.set("Cache-Control", "private, no-store").json(history.rows);
    },
  );
  return router;
}

// the notes endpoints (POST /api/orders/note/new, PUT /api/orders/note/cancel, GET /api/orders/{form}/notes/{unit}, GET /api/all-unit-notes/{unit}). Placeholder router until built (issue 5).
import express from "express";
import type { AppServices } from "../services.ts";

export function createNotesRouter(_services: AppServices): express.Router {
  return express.Router();
}

// PUT /api/order/cancel. Placeholder router until built (issue 5).
import express from "express";
import type { AppServices } from "../services.ts";

export function createOrderCancelRouter(_services: AppServices): express.Router {
  return express.Router();
}

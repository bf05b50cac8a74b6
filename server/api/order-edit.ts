// PUT /api/order/edit (on-rent order edit). Placeholder router until built (issue 5).
import express from "express";
import type { AppServices } from "../services.ts";

export function createOrderEditRouter(_services: AppServices): express.Router {
  return express.Router();
}

// PUT /api/off-rent/edit and POST /api/truck/vin-test. Placeholder router until built (issue 5).
import express from "express";
import type { AppServices } from "../services.ts";

export function createOffRentEditRouter(_services: AppServices): express.Router {
  return express.Router();
}

// Builds the Express request handler: security headers, health check, the JSON API, and React
// Router's handler for every page. Bundled by Vite (so it shares module instances with the routes);
// the process entry (server/index.ts) owns the HTTP server, socket.io and the lifecycle.
import { randomBytes } from "node:crypto";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import helmet from "helmet";
import { RouterContextProvider } from "react-router";
import { requestContext, servicesContext } from "../app/context.ts";
import { handleErrors } from "./api/errors.ts";
import { API_MODULES } from "./api/catalogue.ts";
import { refuseMalformedRequests } from "./security/request-shape.ts";
import { requireSameOrigin } from "./security/same-origin.ts";
import type { AppServices } from "../app/modules/platform/services.server.ts";

declare module "express-serve-static-core" {
  interface Locals {
    cspNonce: string;
  }
}

export function createApp(services: AppServices): express.Express {
  const app = express();
  const production = services.config.NODE_ENV === "production";

  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  });
  app.use(
    helmet({
      // Vite's dev server injects inline scripts and websockets of its own: enforce the policy in
      // production, where every inline script carries the request's nonce.
      contentSecurityPolicy: production
        ? {
            directives: {
              "script-src": ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
              "connect-src": ["'self'", "ws:", "wss:"],
              "img-src": ["'self'", "data:", "https:"],
              "upgrade-insecure-requests": null,
            },
          }
        : false,
      crossOriginEmbedderPolicy: false,
      // no-referrer (helmet's default) makes Chromium send `Origin: null` with form posts, which React
      // Router's CSRF check refuses: forms without JavaScript would fail. same-origin keeps it private.
      referrerPolicy: { policy: "same-origin" },
    }),
  );

  // An address no handler can use (undecodable %, NUL, over-long) is a 400 before anything parses it.
  app.use(refuseMalformedRequests());

  // Every state-changing request, API or page action, must come from this app's own pages. APP_URL is
  // an origin (server/config.ts), read per request: with PORT=0 it learns its port once listening.
  app.use(requireSameOrigin({ trustedOrigins: () => [services.config.APP_URL] }));

  // JSON API routers parse their own bodies (express.json per route): a global body parser would
  // consume the form bodies of React Router's actions. Each is declared in the catalogue (ADR 031).
  for (const module of API_MODULES) app.use(module.router(services));

  // Every page and its `.data` answer is drawn for the session in the request's cookie: no cache may keep
  // one, and none may hand one user's page to another (ASVS 8.2.1, issue 22). The route manifest alone
  // is the same for everyone.
  app.use((req, res, next) => {
    if (!req.path.startsWith("/__manifest")) {
      res.setHeader("Cache-Control", "private, no-store");
      res.setHeader("Vary", "Cookie");
    }
    next();
  });

  app.use(
    createRequestHandler({
      build: () => import("virtual:react-router/server-build"),
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(servicesContext, services);
        context.set(requestContext, {
          nonce: res.locals.cspNonce,
          requestId: String(req.id ?? ""),
          clientIp: req.ip ?? "",
        });
        return context;
      },
    }),
  );

  app.use(handleErrors);

  return app;
}

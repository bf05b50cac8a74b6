// Builds the Express request handler: security headers, health check, the JSON API, and React
// Router's handler for every page. Bundled by Vite (so it shares module instances with the routes);
// the process entry (server/index.ts) owns the HTTP server, socket.io and the lifecycle.
import { createRequestHandler } from "@react-router/express";
import express from "express";
import helmet from "helmet";
import { RouterContextProvider } from "react-router";
import { requestContext, servicesContext } from "../app/context.ts";
import { handleErrors } from "./api/errors.ts";
import { API_MODULES } from "./api/catalogue.ts";
import { limitPublicFormBodies } from "./security/public-form-bodies.ts";
import { refuseSpentPublicFormAddresses } from "./security/public-form-submissions.ts";
import { refuseMalformedRequests } from "./security/request-shape.ts";
import { CLIENT_ADDRESS_HEADER } from "../app/modules/public-forms/public-form-guard.server.ts";
import { nextCspNonce } from "./security/csp-nonce.ts";
import { requireSameOrigin } from "./security/same-origin.ts";
import type { AppServices } from "../app/modules/platform/services.server.ts";

declare module "express-serve-static-core" {
  interface Locals {
    cspNonce: string;
  }
}

/** The socket origin of an app origin: socket.io upgrades to a WebSocket on the same host. */
function socketOrigin(appUrl: string): string {
  return appUrl.replace(/^http/, "ws");
}

/** One year, as HSTS preload lists ask; sent only over HTTPS. */
const HSTS = "max-age=31536000; includeSubDomains";

/**
 * `dev`: served by Vite's dev server, which injects inline scripts and websockets of its own, so no
 * CSP; every mode that serves the production build (`npm start` in any NODE_ENV) enforces it.
 */
export function createApp(services: AppServices, options: { dev: boolean } = { dev: false }): express.Express {
  const app = express();
  const { config } = services;

  app.use((_req, res, next) => {
    res.locals.cspNonce = nextCspNonce();
    next();
  });
  app.use(
    helmet({
      // Every inline script carries the request's nonce. Styles keep 'unsafe-inline': Radix Themes
      // draws its layout props as inline style attributes (ADR 039). APP_URL is read per request (with
      // PORT=0 it learns its port once listening).
      contentSecurityPolicy: options.dev
        ? false
        : {
            directives: {
              "default-src": ["'self'"],
              "script-src": ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
              "style-src": ["'self'", "'unsafe-inline'"],
              "connect-src": ["'self'", () => socketOrigin(config.APP_URL)],
              "img-src": ["'self'", "data:", ...(config.CSP_IMG_HOSTS ?? [])],
              "font-src": ["'self'", "data:"],
              "upgrade-insecure-requests": null,
            },
          },
      // Sent below, and only over HTTPS: over plain http a browser ignores it, and a development
      // machine reached once by https would be pinned to it.
      strictTransportSecurity: false,
      crossOriginEmbedderPolicy: false,
      // no-referrer (helmet's default) makes Chromium send `Origin: null` with form posts, which React
      // Router's CSRF check refuses: forms without JavaScript would fail. same-origin keeps it private.
      referrerPolicy: { policy: "same-origin" },
    }),
  );

  // HTTPS as the app sees it: the connection itself, or X-Forwarded-Proto from a proxy Express trusts
  // (TRUST_PROXY_HOPS; with 0 the header is ignored).
  app.use((req, res, next) => {
    if (req.secure) res.setHeader("Strict-Transport-Security", HSTS);
    next();
  });

  // An address no handler can use (undecodable %, NUL, over-long) is a 400 before anything parses it.
  app.use(refuseMalformedRequests());

  // Every state-changing request, API or page action, must come from this app's own pages. APP_URL is
  // an origin (server/config.ts), read per request: with PORT=0 it learns its port once listening.
  app.use(requireSameOrigin({ trustedOrigins: () => [services.config.APP_URL] }));

  // JSON API routers parse their own bodies (express.json per route): a global body parser would
  // consume the form bodies of React Router's actions. Each is declared in the catalogue.
  for (const module of API_MODULES) app.use(module.router(services));

  // The public forms' bodies are held to their size before React Router reads them, and an address
  // that has sent its whole budget is answered 429 before its body is read (the actions read it whole).
  app.use(limitPublicFormBodies());
  app.use(refuseSpentPublicFormAddresses(services));

  // A page's Request carries no client address: pass Express's reading (TRUST_PROXY_HOPS) in a header of
  // our own, after dropping whatever a client sent under that name (the public forms count per address).
  app.use((req, _res, next) => {
    req.headers[CLIENT_ADDRESS_HEADER] = req.ip ?? "";
    next();
  });

  // Every page and its `.data` answer is drawn for the session in the request's cookie: no cache may keep
  // one, and none may hand one user's page to another (ASVS 8.2.1). The route manifest alone
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

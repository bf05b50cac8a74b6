// Server rendering with the request's CSP nonce on every inline script (see server/app.ts).
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isDatabaseUnavailable, markDatabaseUnavailable } from "./modules/platform/database-unavailable.server.ts";
import { requestContext } from "./context.ts";
import { COALESCE_MAX_BYTES, CoalescingStream } from "./shell/coalescing-stream.server.ts";
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter } from "react-router";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { preloadBoardDialogs } from "./components/dialogs/board-dialogs.tsx";
import { preloadCreditMemosDialogs } from "./components/dialogs/credit-memos-dialogs.tsx";
import { preloadDepartmentsDialogs } from "./components/dialogs/departments-dialogs.tsx";
import { preloadManheimListingsDialogs } from "./components/dialogs/manheim-listings-dialogs.tsx";
import { preloadStatusCountDialogs } from "./components/dialogs/status-count-dialogs.tsx";
import { preloadVendorsDialogs } from "./components/dialogs/vendor-dialogs.tsx";
import { preloadModalContents } from "./components/modal-host.tsx";

export const streamTimeout = 5_000;

/**
 * A loader's or action's error: one that says the database cannot be reached is marked, so the root's outage
 * middleware answers 503 with Retry-After instead of 500 (app/shell/guard.server.ts); others are logged as
 * React Router's default does.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (isDatabaseUnavailable(error)) {
    markDatabaseUnavailable(request);
    return;
  }
  if (!request.signal.aborted) console.error(error);
};

// Every dialog component that loads on demand in the browser (a board's, the root's password dialogs),
// loaded once before the first render: the server renders an open dialog in full, with or without
// JavaScript in the browser.
const dialogsReady = Promise.all([
  preloadBoardDialogs(),
  preloadCreditMemosDialogs(),
  preloadDepartmentsDialogs(),
  preloadManheimListingsDialogs(),
  preloadStatusCountDialogs(),
  preloadVendorsDialogs(),
  preloadModalContents(),
]);

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  await dialogsReady;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");

    // Ensure requests from bots and SPA Mode renders wait for all content to load before responding
    // https://react.dev/reference/react-dom/server/renderToPipeableStream#waiting-for-all-content-to-load-for-crawlers-and-static-generation
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Abort the rendering stream after the `streamTimeout` so it has time to
    // flush down the rejected boundaries
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const nonce = loadContext.get(requestContext).nonce;
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          // Joins React's 2 KB writes before they reach the response (and its compression).
          const body = new CoalescingStream(COALESCE_MAX_BYTES, {
            final(callback) {
              // Clear the timeout to prevent retaining the closure and memory leak
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);

          responseHeaders.set("Content-Type", "text/html");

          pipe(body);

          resolve(
            new Response(stream, {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Log streaming rendering errors from inside the shell.  Don't log
          // errors encountered during initial shell rendering since they'll
          // reject and get logged in handleDocumentRequest.
          if (shellRendered) {
            console.error(error);
          }
        },
      },
    );
  });
}

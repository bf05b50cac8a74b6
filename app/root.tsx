// The document shell: Radix Themes, meta and links, the CSP nonce on inline scripts, the route guard
// (middleware), the navigation bar, the modal host, and the error boundary every route falls back to.
// Stylesheets are imported for their effect, so the build's manifests list each page's (ADR 028), in
// cascade order: Radix Themes (only what the app uses), the navigation bar's (with its component), the app's.
import "./styles/radix-themes.css";
import { Theme } from "@radix-ui/themes";
import { useEffect, useRef, type ReactNode } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { FeedbackPanel } from "./components/feedback-panel.tsx";
import { GeneralErrorBoundary } from "./components/general-error-boundary.tsx";
import { ImpersonationBanner } from "./components/impersonation-banner.tsx";
import { ModalHost } from "./components/modal-host.tsx";
import { NavigationBar } from "./components/navigation/navigation-bar.tsx";
import { PageShell } from "./components/page-shell.tsx";
import { answeredWithoutSaving } from "./components/dialogs/dialog-kit.tsx";
import { SessionExpiredDialog } from "./components/session-expired.tsx";
import { microsoftSignInEnabled } from "~/modules/platform/config.server.ts";
import { requestContext, servicesContext } from "./context.ts";
import { appearanceOf } from "./modules/identity/profile.server.ts";
import { outageRetryAfter, sessionGuard } from "./shell/guard.server.ts";
import { pageRequestContext, reloginRequiredOf } from "./modules/session/page-session.ts";
import { urlWithoutModal } from "./rules/dialogs/modals.ts";
import { feedbackHiddenOn, navigationHiddenOn, routeByPath } from "./rules/access/routes.ts";
import { apiFetch } from "./utils/api-fetch.ts";
import { departmentSearchOfUrl } from "./modules/fleet/unit-search.server.ts";
import { mayUseDepartmentSearch } from "./rules/fleet/unit-search.ts";
import { unlocksRoute } from "./rules/access/permissions.ts";
import "./styles/app.css";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

// The guard runs before every loader and action of every page (app/shell/guard.server.ts).
export const middleware: Route.MiddlewareFunction[] = [outageRetryAfter, sessionGuard];

export async function loader({ context, url }: Route.LoaderArgs) {
  const { config, database } = context.get(servicesContext);
  const { session } = context.get(pageRequestContext);
  const signedIn = session.status === "signed-in";
  const maySearchUnits = signedIn && mayUseDepartmentSearch(session.permissions);
  return {
    // The department search over any page: who may open it, and without JavaScript its answer.
    unitSearch: maySearchUnits
      ? {
          hubLinks: unlocksRoute(session.permissions, "unit-hub"),
          answer: await departmentSearchOfUrl(database.prisma, url.searchParams),
        }
      : null,
    nonce: context.get(requestContext).nonce,
    user: signedIn ? { firstName: session.user.firstName, lastName: session.user.lastName } : null,
    permissionIds: signedIn ? session.permissions : [],
    ownersStatsUser: signedIn && session.ownersStatsUser,
    appearance: signedIn ? appearanceOf(session.user.theme) : "light",
    dataSource: config.DATA_SOURCE,
    // The sign-in dialog (an expired session, ?modal=login) offers what the sign-in page does.
    microsoftSignIn: microsoftSignInEnabled(config),
    impersonating: signedIn && session.impersonator !== null,
    impersonatorName:
      signedIn && session.impersonator ? `${session.impersonator.firstName} ${session.impersonator.lastName}` : null,
    externalLinks: {
      ...(config.FEEDBACK_URL ? { feedback: config.FEEDBACK_URL } : {}),
      ...(config.PAYROLL_URL ? { payroll: config.PAYROLL_URL } : {}),
      ...(config.CRM_URL ? { crm: config.CRM_URL } : {}),
    },
  };
}

// The session (and so the guard's verdict and the bar) can change between any two navigations. After
// a form post the post decides: a dialog save that ended without saving keeps the page as it is (ADR
// 026), and so does a refused sign-in in the session-expired dialog (defaultShouldRevalidate false),
// whose reload under the unusable token would only meet the guard's 401 again.
export function shouldRevalidate({ actionResult, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (answeredWithoutSaving(actionResult)) return false;
  return formMethod === undefined ? true : defaultShouldRevalidate;
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  // Without a usable session the guard answers before any loader runs: the
  // document then has only what its refusal carries.
  const routeError = useRouteError();
  const nonce = data?.nonce ?? reloginRequiredOf(routeError)?.nonce;
  const location = useLocation();
  const routeName = routeByPath(location.pathname).route.name;
  const showBar = Boolean(data?.user && !navigationHiddenOn(routeName));
  const showFeedback = Boolean(data?.user && !feedbackHiddenOn(routeName));
  const feedbackStatus = new URLSearchParams(location.search).get("feedback");
  useTrackClientNavigations(Boolean(data?.user));
  useMarkHydrated();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <Theme appearance={data?.appearance ?? "light"} accentColor="green" grayColor="slate" radius="medium">
          {showBar && data ? (
            <NavigationBar
              user={data.user}
              permissionIds={data.permissionIds}
              routeName={routeName}
              dataSource={data.dataSource}
              impersonating={data.impersonating}
              unitSearch={data.unitSearch !== null}
              ownersStatsUser={data.ownersStatsUser}
              externalLinks={data.externalLinks}
            />
          ) : null}
          {showBar && data?.user && data.impersonatorName ? (
            <ImpersonationBanner impersonatorName={data.impersonatorName} user={data.user} />
          ) : null}
          {children}
          {showFeedback ? (
            <FeedbackPanel
              url={`${location.pathname}${location.search}`}
              status={feedbackStatus === "sent" || feedbackStatus === "error" ? feedbackStatus : null}
            />
          ) : null}
        </Theme>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * Page views reached by client-side navigation (every route change reports the page and a timestamp,
 * POST /api/track). The first view of a document is recorded by the server itself, so it works without
 * JavaScript; this reports only the navigations after it.
 */
function useTrackClientNavigations(signedIn: boolean) {
  const location = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!signedIn) return;
    void apiFetch("/api/track", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ Page: location.pathname, Timestamp: new Date().toISOString() }),
    }).catch((error: unknown) => console.warn("page view was not tracked", error));
  }, [location.pathname, signedIn]);
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Outlet />
      <ModalHost signedIn={loaderData.user !== null} />
    </>
  );
}

export function ErrorBoundary() {
  const location = useLocation();
  const relogin = reloginRequiredOf(useRouteError());
  if (relogin) {
    // The page's empty shell with the sign-in dialog over it; signing in returns to this very URL,
    // whose loaders then run with the new session. A dialog's refused save returns into its dialog,
    // with what it held.
    const keepsDraft = relogin.draft !== undefined && relogin.draft !== "too-large";
    const returnTo = keepsDraft
      ? `${location.pathname}${location.search}`
      : urlWithoutModal(location.pathname, new URLSearchParams(location.search));
    return (
      <>
        <PageShell title={relogin.title} />
        <SessionExpiredDialog
          redirectTo={returnTo}
          microsoftSignIn={relogin.microsoftSignIn}
          reloadsPage
          draft={relogin.draft}
        />
      </>
    );
  }
  return <GeneralErrorBoundary />;
}

/**
 * Marks the document once React has taken the server's HTML over (`<html data-hydrated>`): until then a click
 * on a link or a button is the browser's own. The browser tests wait for it after each page load (ADR 053).
 */
function useMarkHydrated(): void {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
}

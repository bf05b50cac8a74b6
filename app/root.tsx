// The document shell: Radix Themes, meta and links, the CSP nonce on inline scripts, and the
// error boundary every route falls back to.
import { Theme } from "@radix-ui/themes";
import radixStyles from "@radix-ui/themes/styles.css?url";
import type { ReactNode } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { GeneralErrorBoundary } from "./components/general-error-boundary.tsx";
import { requestContext } from "./context.ts";
import appStyles from "./styles/app.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: radixStyles },
  { rel: "stylesheet", href: appStyles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function loader({ context }: Route.LoaderArgs) {
  return { nonce: context.get(requestContext).nonce };
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useRouteLoaderData<typeof loader>("root")?.nonce;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <Theme accentColor="green" grayColor="slate" radius="medium">
          {children}
        </Theme>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

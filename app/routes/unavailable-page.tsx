// Every page of the route table whose screen is not built yet: the page's title from the route
// table and a plain notice, never made-up data. Signed-in pages show it in the shell; the public forms
// show it on their own.
import { Callout, Container, Flex, Heading } from "@radix-ui/themes";
import { pageRequestContext } from "~/modules/session/page-session.ts";
import { requireRouteAccess } from "~/shell/guard.server.ts";
import { PageShell } from "~/components/page-shell.tsx";
import type { Route } from "./+types/unavailable-page";

export const UNAVAILABLE_NOTICE = "This page is not available yet.";

export function loader(args: Route.LoaderArgs) {
  // The public forms are placeholders too; every other page is gated.
  const { route } = args.context.get(pageRequestContext);
  if (route.access === "public") return { title: route.title, shell: false };
  return { title: requireRouteAccess(args).route.title, shell: true };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.title} · Fleet Ops` : "Fleet Ops" },
];

function Notice() {
  return (
    <Callout.Root color="gray" role="status">
      <Callout.Text>{UNAVAILABLE_NOTICE}</Callout.Text>
    </Callout.Root>
  );
}

export default function UnavailablePage({ loaderData }: Route.ComponentProps) {
  if (loaderData.shell) {
    return (
      <PageShell title={loaderData.title}>
        <Notice />
      </PageShell>
    );
  }
  return (
    <Container size="2" px="4" py="6" asChild>
      <main>
        <Flex direction="column" gap="4">
          <Heading as="h1" size="7">
            {loaderData.title}
          </Heading>
          <Notice />
        </Flex>
      </main>
    </Container>
  );
}

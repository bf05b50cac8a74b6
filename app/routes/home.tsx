// /home and /home-apps: the pages the signed-in user may open, as links; pages not built yet are
// muted and marked "Coming soon" (app/rules/access/page-modules.ts).
import { Badge, Card, Flex, Grid, Link as ThemeLink, Text } from "@radix-ui/themes";
import { Link } from "react-router";
import { PageShell } from "~/components/page-shell.tsx";
import { requireRouteAccess } from "~/shell/guard.server.ts";
import { COMING_SOON, isPageBuilt } from "~/rules/access/page-modules.ts";
import { permittedPages } from "~/rules/access/access.ts";
import type { Route } from "./+types/home";

export function loader(args: Route.LoaderArgs) {
  const { session, route } = requireRouteAccess(args);
  const pages = permittedPages(session.permissions, { ownersStatsUser: session.ownersStatsUser })
    .filter((page) => page.name !== route.name && !page.path.includes(":"))
    .map((page) => ({ name: page.name, path: page.path, title: page.title, comingSoon: !isPageBuilt(page.name) }));
  return { title: route.title, apps: route.name === "home-apps", firstName: session.user.firstName, pages };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.title} · Fleet Ops` : "Fleet Ops" },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { title, apps, firstName, pages } = loaderData;
  return (
    <PageShell title={title}>
      <Text as="p" color="gray" mb="4">
        {firstName ? `Welcome, ${firstName}. ` : ""}
        {apps ? "Your applications:" : "Pages you can open:"}
      </Text>
      <nav aria-label={apps ? "Applications" : "Your pages"}>
        <Grid asChild columns={{ initial: "1", sm: "2", md: "3" }} gap="3">
          <ul style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {pages.map((page) => (
              <li key={page.name}>
                <Card asChild>
                  <Link to={page.path} data-coming-soon={page.comingSoon ? "" : undefined}>
                    {page.comingSoon ? (
                      // Reachable (the page says it is not built yet) but not offered as a working page.
                      <Flex justify="between" align="center" gap="2">
                        <Text color="gray">{page.title}</Text>
                        <Badge color="gray" variant="soft">
                          {COMING_SOON}
                        </Badge>
                      </Flex>
                    ) : (
                      <ThemeLink asChild weight="medium">
                        <span>{page.title}</span>
                      </ThemeLink>
                    )}
                  </Link>
                </Card>
              </li>
            ))}
          </ul>
        </Grid>
      </nav>
    </PageShell>
  );
}

// /not-found and every unknown path: a 404 page with a way back.
import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () => [{ title: "Page not found · Fleet Ops" }];

export function loader({ request }: Route.LoaderArgs) {
  return data({ path: new URL(request.url).pathname }, { status: 404 });
}

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return (
    <Flex align="center" justify="center" minHeight="100vh" p="4">
      <Card size="4" style={{ width: "100%", maxWidth: 520 }}>
        <Heading as="h1" size="7" mb="2">
          Page not found
        </Heading>
        <Text as="p" color="gray" mb="4">
          There is no page at <code>{loaderData.path}</code>. It may have moved, or the link may be mistyped.
        </Text>
        <Button asChild>
          <Link to="/home">Go to the home page</Link>
        </Button>
      </Card>
    </Flex>
  );
}

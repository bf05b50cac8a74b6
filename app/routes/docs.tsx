// /docs: a short guide to the application for signed-in users.
import { Heading, Text } from "@radix-ui/themes";
import { PageShell } from "~/components/page-shell.tsx";
import type { Route } from "./+types/docs";

export const meta: Route.MetaFunction = () => [{ title: "Documentation · Fleet Ops" }];

export default function Docs() {
  return (
    <PageShell title="Documentation">
      <Heading as="h2" size="4" mt="2" mb="2">
        Signing in
      </Heading>
      <Text as="p" mb="3">
        Sign in at the employee login page with your company e-mail and password. Your session lasts for a working day;
        when it ends, the page you are on asks you to sign in again and brings you back to it.
      </Text>
      <Heading as="h2" size="4" mt="4" mb="2">
        Finding your pages
      </Heading>
      <Text as="p" mb="3">
        The home page lists every page your permissions open. Department boards (On Rent, Off Rent, Transport, AR,
        Recon, Sales and Titles), reports and executive pages appear only for the departments and roles that use them. A
        page you may not open shows “Page not found”.
      </Text>
      <Heading as="h2" size="4" mt="4" mb="2">
        Public forms
      </Heading>
      <Text as="p" mb="3">
        Customers use the order, trade, off-rent and damage forms without signing in.
      </Text>
      <Heading as="h2" size="4" mt="4" mb="2">
        Signing out
      </Heading>
      <Text as="p">Sign Out in the user menu ends the session on this browser and returns to the login page.</Text>
    </PageShell>
  );
}

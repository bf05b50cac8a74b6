// /profile (open to every signed-in user): name and e-mail, Change Password and the
// theme switch (Dark/Light, stored in User.theme; the root applies it as Radix Themes' appearance).
// Works without JavaScript; change-password messages clear after 5 s when scripts run.
import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { data, Form, redirect, useLoaderData } from "react-router";
import { servicesContext } from "~/context.ts";
import { changePassword } from "~/modules/identity/password-change.server.ts";
import { getProfile, setTheme } from "~/modules/identity/profile.server.ts";
import { sessionCookie } from "~/modules/identity/session-cookie.server.ts";
import { requireRouteAccess } from "~/shell/guard.server.ts";
import { THEMES } from "~/rules/access/passwords.ts";
import { ChangePasswordForm, PASSWORD_CHANGED_PARAM } from "~/components/change-password-form.tsx";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = () => [{ title: "Profile · Fleet Ops" }];

export async function loader(args: Route.LoaderArgs) {
  const { session } = requireRouteAccess(args);
  const { context } = args;
  const profile = await getProfile(context.get(servicesContext).database.prisma, session.user.id);
  if (!profile) throw redirect("/employee-login");
  return { profile };
}

export async function action(args: Route.ActionArgs) {
  const { context, request } = args;
  const { session } = requireRouteAccess(args);
  const { config, database } = context.get(servicesContext);
  const formData = await request.formData();
  if (formData.get("intent") === "theme") {
    const result = await setTheme(database.prisma, session, { theme: formData.get("theme") });
    return data(
      { intent: "theme" as const, ok: result.ok, message: result.ok ? null : result.message },
      { status: result.ok ? 200 : 400 },
    );
  }
  const result = await changePassword(database.prisma, config, session, session.user.id, Object.fromEntries(formData));
  if (!result.ok)
    return data({ intent: "password" as const, ok: false, message: result.message }, { status: result.status });
  // Post/redirect/get with the new cookie: the page then loads with the new session (the old token
  // was just revoked), and a reload does not post again.
  return redirect(`/profile?${PASSWORD_CHANGED_PARAM}=1`, {
    headers: { "Set-Cookie": sessionCookie(result.token, config), "Cache-Control": "no-store" },
  });
}

export default function Profile() {
  const { profile } = useLoaderData<typeof loader>();
  return (
    <Flex direction="column" gap="4" p="5" style={{ maxWidth: 560, margin: "0 auto" }}>
      <Heading as="h1" size="7">
        Profile
      </Heading>
      <Card size="3">
        <Text as="p" size="5" weight="bold">
          {profile.firstName} {profile.lastName}
        </Text>
        <Text as="p" color="gray">
          {profile.email}
          {profile.department ? ` · ${profile.department}` : ""}
        </Text>
      </Card>
      <Card size="3">
        <Heading as="h2" size="4" mb="3">
          Theme
        </Heading>
        <Form method="post">
          <input type="hidden" name="intent" value="theme" />
          <Flex gap="2">
            {THEMES.map((theme) => (
              <Button
                key={theme}
                type="submit"
                name="theme"
                value={theme}
                variant={profile.theme === theme ? "solid" : "outline"}
                aria-pressed={profile.theme === theme}
              >
                {theme}
              </Button>
            ))}
          </Flex>
        </Form>
      </Card>
      <Card size="3">
        <Heading as="h2" size="4" mb="3">
          Change Password
        </Heading>
        <ChangePasswordForm />
      </Card>
    </Flex>
  );
}

// /profile (open to every signed-in user): name and e-mail, Change Password (spec 1 §2, §5) and the
// theme switch (Dark/Light, stored in User.theme; the root applies it as Radix Themes' appearance).
// Works without JavaScript; change-password messages clear after 5 s when scripts run.
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Box, Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import {
  data,
  Form,
  redirect,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigation,
  useSearchParams,
  type RouterContextProvider,
} from "react-router";
import { servicesContext } from "~/context.ts";
import { changePassword } from "~/modules/identity/password-change.server.ts";
import { getProfile, setTheme } from "~/modules/identity/profile.server.ts";
import { sessionCookie, sessionTokenOf } from "~/modules/identity/session-cookie.server.ts";
import { resolveSession } from "~/modules/identity/users.server.ts";
import { changePasswordFormSchema, PASSWORD_MESSAGE_MS, THEMES } from "~/rules/passwords.ts";
import { FormMessage, LabelledInput } from "~/components/form-controls.tsx";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = () => [{ title: "Profile · Fleet Ops" }];
export const PASSWORD_CHANGED_MESSAGE = "Password changed.";
const PASSWORD_CHANGED_PARAM = "passwordChanged";

async function signedIn(context: Readonly<RouterContextProvider>, request: Request) {
  const { config, database } = context.get(servicesContext);
  const session = await resolveSession(database.prisma, sessionTokenOf({ cookie: request.headers.get("cookie") }), config);
  if (session.status !== "signed-in") {
    const url = new URL(request.url);
    throw redirect(`/employee-login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return session;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const session = await signedIn(context, request);
  const profile = await getProfile(context.get(servicesContext).database.prisma, session.user.id);
  if (!profile) throw redirect("/employee-login");
  return { profile };
}

export async function action({ context, request }: Route.ActionArgs) {
  const session = await signedIn(context, request);
  const { config, database } = context.get(servicesContext);
  const formData = await request.formData();
  if (formData.get("intent") === "theme") {
    const result = await setTheme(database.prisma, session, { theme: formData.get("theme") });
    return data({ intent: "theme" as const, ok: result.ok, message: result.ok ? null : result.message }, { status: result.ok ? 200 : 400 });
  }
  const result = await changePassword(database.prisma, config, session, session.user.id, Object.fromEntries(formData));
  if (!result.ok) return data({ intent: "password" as const, ok: false, message: result.message }, { status: result.status });
  // Post/redirect/get with the new cookie: the page then loads with the new session (the old token
  // was just revoked), and a reload does not post again.
  return redirect(`/profile?${PASSWORD_CHANGED_PARAM}=1`, {
    headers: { "Set-Cookie": sessionCookie(result.token, config), "Cache-Control": "no-store" },
  });
}

function ChangePasswordForm() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "change-password",
    constraint: getZodConstraint(changePasswordFormSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordFormSchema }),
  });
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const refused = actionData?.intent === "password" ? actionData : undefined;
  const changed = !refused && searchParams.has(PASSWORD_CHANGED_PARAM);
  const server = refused ?? (changed ? { ok: true, message: PASSWORD_CHANGED_MESSAGE } : undefined);
  const current = form.errors?.[0] ? { ok: false, message: form.errors[0] } : server;
  // The message clears after 5 s when scripts run (spec 1 §5); without them it stays.
  const key: unknown = form.errors?.[0] ? form.errors : (refused ?? (changed ? location.key : null));
  const [hiddenFor, setHiddenFor] = useState<unknown>(null);
  useEffect(() => {
    if (!key) return;
    const timer = setTimeout(() => setHiddenFor(key), PASSWORD_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [key]);
  const shown = key && hiddenFor !== key ? current : undefined;

  const field = (name: "oldPassword" | "newPassword" | "newPasswordConfirm", label: string, autoComplete: string) => (
    <LabelledInput field={fields[name]} label={label} type="password" autoComplete={autoComplete} />
  );
  return (
    <Form method="post" {...getFormProps(form)} noValidate>
      <input type="hidden" name="intent" value="password" />
      <Flex direction="column" gap="3">
        {field("oldPassword", "Old password", "current-password")}
        {field("newPassword", "New password", "new-password")}
        {field("newPasswordConfirm", "Confirm new password", "new-password")}
        <FormMessage message={shown?.message} tone={shown?.ok ? "success" : "error"} />
        <Box>
          <Button type="submit" loading={navigation.state === "submitting" && navigation.formData?.get("intent") === "password"}>
            Change Password
          </Button>
        </Box>
      </Flex>
    </Form>
  );
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
              <Button key={theme} type="submit" name="theme" value={theme} variant={profile.theme === theme ? "solid" : "outline"} aria-pressed={profile.theme === theme}>
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

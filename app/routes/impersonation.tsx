// POST /impersonation: start acting as another user (intent "start", userId) or return to one's own
// account (intent "stop"). The checks live in app/modules/identity/impersonation.server.ts; this route only swaps
// the session cookie and goes home. A refusal renders here with its status and message.
import { Callout, Flex } from "@radix-ui/themes";
import { data, Link, redirect } from "react-router";
import { PageShell } from "~/components/page-shell.tsx";
import { z } from "zod";
import { servicesContext } from "~/context.ts";
import { idSchema } from "~/rules/id-schema.ts";
import { startImpersonation, stopImpersonation } from "~/modules/identity/impersonation.server.ts";
import { sessionCookie } from "~/modules/identity/session-cookie.server.ts";
import { requireRouteAccess } from "~/shell/guard.server.ts";
import type { Route } from "./+types/impersonation";

const impersonationForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("start"), userId: idSchema("Choose a valid user.") }),
  z.object({ intent: z.literal("stop") }),
]);

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const { session } = requireRouteAccess(args);
  const { config, database } = context.get(servicesContext);
  const form = impersonationForm.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success) return data({ error: "Choose a valid user." }, { status: 400 });
  const result =
    form.data.intent === "start"
      ? await startImpersonation(database.prisma, config, session, form.data.userId)
      : await stopImpersonation(database.prisma, config, session);
  if (!result.ok) return data({ error: result.message }, { status: result.status });
  return redirect("/home", {
    headers: { "Set-Cookie": sessionCookie(result.token, config), "Cache-Control": "no-store" },
  });
}

export default function Impersonation({ actionData }: Route.ComponentProps) {
  // Shown when the action refused (success redirects), or on a plain visit.
  return (
    <PageShell title="Act as another user">
      <Flex direction="column" gap="3" align="start">
        {actionData?.error ? (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{actionData.error}</Callout.Text>
          </Callout.Root>
        ) : null}
        <Link to="/employee-management">Back to the employee list</Link>
      </Flex>
    </PageShell>
  );
}

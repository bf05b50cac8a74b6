// POST /queue: the boards' queue moves as plain forms, so they work without JavaScript (ADR 011).
// Fields: intent (approve | assign-carrier | complete-transport | unit-status), the operation's fields
// (as the JSON endpoints name them) and returnTo, a path of this site. The move is made by the same
// domain operation as PUT /api/queue/*, its lists are refreshed, and the browser goes back to returnTo
// with ?done=<intent> or ?error=<message>.
import { redirect, type ActionFunctionArgs, type RouterContextProvider } from "react-router";
import { servicesContext } from "~/context.ts";
import { approveOrder, assignCarrier, completeTransport, moveUnitStatus } from "~/modules/queue/index.server.ts";
import { requireRouteAccess } from "~/shell/guard.server.ts";
// Typed without ./+types: the route is registered by app/routes.ts, which this module does not own.
type QueueActionArgs = ActionFunctionArgs<Readonly<RouterContextProvider>>;

const OPERATIONS = {
  approve: approveOrder,
  "assign-carrier": assignCarrier,
  "complete-transport": completeTransport,
  "unit-status": moveUnitStatus,
} as const;

export const UNKNOWN_INTENT_MESSAGE = "That action is not available.";
const FALLBACK_RETURN = "/home";

/** A same-site path to go back to; anything else (absolute, protocol-relative, odd) goes home. */
export function safeReturnPath(value: FormDataEntryValue | null): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) {
    return FALLBACK_RETURN;
  }
  try {
    const base = "http://same.site";
    const url = new URL(value, base);
    if (url.origin !== base) return FALLBACK_RETURN;
    return `${url.pathname}${url.search}`;
  } catch {
    return FALLBACK_RETURN;
  }
}

function withOutcome(path: string, key: "done" | "error", value: string): string {
  const url = new URL(path, "http://same.site");
  url.searchParams.delete("done");
  url.searchParams.delete("error");
  url.searchParams.set(key, value);
  return `${url.pathname}${url.search}`;
}

export async function action(args: QueueActionArgs) {
  const { request, context } = args;
  const { session } = requireRouteAccess(args);
  const services = context.get(servicesContext);
  const form = await request.formData();
  const returnTo = safeReturnPath(form.get("returnTo"));
  const intent = String(form.get("intent") ?? "");
  const operation = Object.hasOwn(OPERATIONS, intent) ? OPERATIONS[intent as keyof typeof OPERATIONS] : undefined;
  if (!operation) return redirect(withOutcome(returnTo, "error", UNKNOWN_INTENT_MESSAGE), { status: 303 });

  const fields: Record<string, string> = {};
  for (const [name, value] of form)
    if (typeof value === "string" && name !== "intent" && name !== "returnTo") fields[name] = value;
  const result = await operation(services.database.prisma, session, fields);
  if (!result.ok) return redirect(withOutcome(returnTo, "error", result.message), { status: 303 });
  services.boardChanges.listsChanged(result.lists, result.requests);
  return redirect(withOutcome(returnTo, "done", intent), { status: 303 });
}

/** The route takes posts only; a visit goes home. */
export function loader() {
  return redirect(FALLBACK_RETURN);
}

/**
 * Nothing to show (every answer redirects), but a document route rather than a resource route: a move
 * posted without JavaScript after the session ended gets the root's sign-in dialog, not raw JSON.
 */
export default function QueueAction() {
  return null;
}

// /employee-management/:userId (employee-management, or all access; ADR 037): one employee's details and
// effective permissions with their sources, and, as the viewer may, the forms that change their access
// (department and direct grants), deactivate or reactivate them, or e-mail them a password-reset link.
// Plain forms posting an `intent` here (they work without JavaScript): success redirects (303) back with
// `?saved=<intent>`, a refusal draws the page again with the message and what was submitted.
import { data, redirect } from "react-router";
import { EmployeeAccessPage } from "~/components/employee-access.tsx";
import { servicesContext } from "~/context.ts";
import {
  type EmployeeOperationInput,
  loadEmployeePage,
  sendEmployeePasswordReset,
  setEmployeeAccess,
  setEmployeeActive,
} from "~/modules/employees/employee-access.server.ts";
import { mailerFor } from "~/modules/mail/mailer.server.ts";
import type { OperationResult } from "~/modules/operations/operation.server.ts";
import { requireRouteAccess } from "~/shell/guard.server.ts";
import {
  EMPLOYEE_ACCESS_MESSAGES,
  EMPLOYEE_INTENTS,
  type EmployeeIntent,
  isEmployeeIntent,
} from "~/rules/access/employee-access.ts";
import { type DialogActionData, submittedValues } from "~/rules/dialogs/operation-result.ts";
import type { Route } from "./+types/employee";

/** `?saved=` after a success: the intent done, or `unchanged` when there was nothing to do. */
const SAVED_PARAM = "saved";
const UNCHANGED = "unchanged";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData
      ? `${loaderData.page.employee.firstName} ${loaderData.page.employee.lastName} · Employee · Fleet Ops`
      : "Employee · Fleet Ops",
  },
];

export async function loader(args: Route.LoaderArgs) {
  const { session } = requireRouteAccess(args);
  const { database } = args.context.get(servicesContext);
  const result = await loadEmployeePage(database.prisma, session, args.params.userId);
  if (!result.ok) throw data(result.message, { status: result.status });
  const saved = args.url.searchParams.get(SAVED_PARAM);
  return { page: result.page, saved: savedMessage(saved, result.page.employee.email) };
}

function savedMessage(saved: string | null, email: string): string | null {
  if (saved === UNCHANGED) return EMPLOYEE_ACCESS_MESSAGES.unchanged;
  if (!isEmployeeIntent(saved)) return null;
  const messages: Record<EmployeeIntent, string> = {
    access: EMPLOYEE_ACCESS_MESSAGES.accessSaved,
    deactivate: EMPLOYEE_ACCESS_MESSAGES.deactivated,
    reactivate: EMPLOYEE_ACCESS_MESSAGES.reactivated,
    "password-reset": EMPLOYEE_ACCESS_MESSAGES.resetSent(email),
  };
  return messages[saved];
}

/** The posted form as the intent's operation takes it (the department "" is none; an absent field stays absent). */
function accessBody(form: FormData) {
  const department = form.get("DepartmentID");
  return {
    DepartmentID: department === "" ? null : (department ?? undefined),
    Permissions: form.getAll("Permissions"),
  };
}

export async function action(args: Route.ActionArgs) {
  const { session } = requireRouteAccess(args);
  const services = args.context.get(servicesContext);
  const db = services.database.prisma;
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  const userId = args.params.userId;
  const input = (body: unknown): EmployeeOperationInput => ({ userId, body });

  let result: OperationResult;
  if (intent === EMPLOYEE_INTENTS.access) result = await setEmployeeAccess(db, session, input(accessBody(form)));
  else if (intent === EMPLOYEE_INTENTS.deactivate)
    result = await setEmployeeActive(db, session, input({ Active: false }));
  else if (intent === EMPLOYEE_INTENTS.reactivate)
    result = await setEmployeeActive(db, session, input({ Active: true }));
  else if (intent === EMPLOYEE_INTENTS.passwordReset) {
    const send = sendEmployeePasswordReset({ mailer: mailerFor(services), appUrl: services.config.APP_URL });
    result = await send(db, session, input({}));
  } else result = { ok: false, status: 400, message: EMPLOYEE_ACCESS_MESSAGES.unknownIntent };

  if (!result.ok) {
    const answer: DialogActionData = {
      intent,
      ok: false,
      message: result.message,
      ...(result.fieldErrors ? { fieldErrors: result.fieldErrors } : {}),
      values: submittedValues(form),
    };
    return data(answer, { status: result.status });
  }
  // As every edge of an operation does: none of these changes a card list or announces a record today.
  if (result.lists.length > 0) services.boardChanges.listsChanged(result.lists, result.requests);
  if (result.announce) services.boardChanges.announce(result.announce);
  const saved = result.message === EMPLOYEE_ACCESS_MESSAGES.unchanged ? UNCHANGED : intent;
  return redirect(`${args.url.pathname}?${SAVED_PARAM}=${encodeURIComponent(saved)}`, { status: 303 });
}

export default function Employee({ loaderData, actionData }: Route.ComponentProps) {
  return <EmployeeAccessPage page={loaderData.page} saved={loaderData.saved} answer={actionData ?? null} />;
}

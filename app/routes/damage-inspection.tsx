// /damageInspection (damageInspection, ADR 050): the damage reports from the public form,
// filtered by status and paged, and one report (?report=) with its photos in a gallery and the staff
// actions — mark reviewed, dismiss, turn into a claim. Plain GET links and POST forms with an `intent`
// (they work without JavaScript): success redirects (303) back with `?saved=`, a refusal draws the page
// again with the message and what was typed. The page reads itself again on each push of the AR claims list.
import { data, redirect } from "react-router";
import { DamageInspectionPage } from "~/components/damage-inspection.tsx";
import { servicesContext } from "~/context.ts";
import {
  claimDamageReport,
  dismissDamageReport,
  listDamageReports,
  readDamageReport,
  reviewDamageReport,
} from "~/modules/damage-reports/damage-inspection.server.ts";
import type { OperationResult } from "~/modules/operations/operation.server.ts";
import { requireRouteAccess } from "~/shell/guard.server.ts";
import { mayJoinRoom, roomOfList } from "~/rules/boards/boards.ts";
import {
  DAMAGE_INSPECTION_MESSAGES,
  DAMAGE_INTENTS,
  isDamageIntent,
  readPageNumber,
  readStatusFilter,
} from "~/rules/damage-reports/damage-inspection.ts";
import { readId } from "~/rules/ids.ts";
import { type DialogActionData, submittedValues } from "~/rules/dialogs/operation-result.ts";
import type { Route } from "./+types/damage-inspection";

const SAVED_PARAM = "saved";
const AR_ROOM = roomOfList("ar-claims");

export const meta: Route.MetaFunction = () => [{ title: "Damage Inspection · Fleet Ops" }];

export async function loader(args: Route.LoaderArgs) {
  const { session } = requireRouteAccess(args);
  const { database } = args.context.get(servicesContext);
  const params = args.url.searchParams;
  const status = readStatusFilter(params.get("status"));
  const reportParam = params.get("report");
  const reportId = reportParam === null ? null : readId(reportParam);
  const [list, report] = await Promise.all([
    listDamageReports(database.prisma, { status, page: readPageNumber(params.get("page")) }),
    reportId === null ? null : readDamageReport(database.prisma, reportId),
  ]);
  const saved = params.get(SAVED_PARAM);
  return {
    list,
    report,
    reportMissing: reportParam !== null && report === null,
    saved: isDamageIntent(saved) ? saved : null,
    liveRoom: mayJoinRoom(AR_ROOM, session.permissions) ? AR_ROOM : null,
  };
}

export async function action(args: Route.ActionArgs) {
  const { session } = requireRouteAccess(args);
  const services = args.context.get(servicesContext);
  const db = services.database.prisma;
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const input = {
    reportId: text("reportId"),
    body: { version: text("version"), amount: text("amount"), description: text("description") },
  };

  let result: OperationResult;
  if (intent === DAMAGE_INTENTS.review) result = await reviewDamageReport(db, session, input);
  else if (intent === DAMAGE_INTENTS.dismiss) result = await dismissDamageReport(db, session, input);
  else if (intent === DAMAGE_INTENTS.claim) result = await claimDamageReport(db, session, input);
  else result = { ok: false, status: 400, message: DAMAGE_INSPECTION_MESSAGES.unknownIntent };

  if (!result.ok) {
    const answer: DialogActionData = {
      intent,
      ok: false,
      message: result.message,
      ...(result.fieldErrors ? { fieldErrors: result.fieldErrors } : {}),
      ...(result.conflict ? { conflict: result.conflict } : {}),
      values: submittedValues(form),
    };
    return data(answer, { status: result.status });
  }
  services.boardChanges.listsChanged(result.lists, result.requests);
  const next = new URLSearchParams(args.url.search);
  next.set(SAVED_PARAM, intent);
  return redirect(`${args.url.pathname}?${next.toString()}`, { status: 303 });
}

export default function DamageInspection({ loaderData, actionData }: Route.ComponentProps) {
  return <DamageInspectionPage loaderData={loaderData} answer={actionData ?? null} />;
}

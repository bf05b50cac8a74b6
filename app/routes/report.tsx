// Every page built on the report kit (ADR 055): the route decides the report (app/modules/reports/
// reports.server.ts). The loader answers the page (400 with the message for a filter value the report does
// not allow); `?format=xlsx` or `csv` answers the same rows as a file, from this route's middleware once the
// root's guard has let the request through, so the file answers to the page's permission exactly.
import { data } from "react-router";
import { ReportPage } from "~/components/reports/report-page.tsx";
import { servicesContext } from "~/context.ts";
import { reportDownload, reportView } from "~/modules/reports/report-run.server.ts";
import { reportOfRoute } from "~/modules/reports/reports.server.ts";
import { requireRouteAccess } from "~/shell/guard.server.ts";
import type { Route } from "./+types/report";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.view.title ?? "Report"} · Fleet Ops` },
];

function reportOf(args: { context: Route.LoaderArgs["context"]; pattern: string }) {
  const { route, session } = requireRouteAccess(args);
  const report = reportOfRoute(route.name);
  if (!report) throw new Response("Not a report", { status: 404 });
  return { report, path: route.path, viewer: { permissionIds: session.permissions } };
}

export const middleware: Route.MiddlewareFunction[] = [
  async (args, next) => {
    const format = args.url.searchParams.get("format");
    if (format === null) return next();
    const { report, viewer } = reportOf(args);
    if (format !== "xlsx" && format !== "csv")
      return new Response("format must be xlsx or csv", { status: 400, headers: { "Content-Type": "text/plain" } });
    const { database } = args.context.get(servicesContext);
    return reportDownload(database.prisma, report, args.url.searchParams, new Date(), viewer);
  },
];

export async function loader(args: Route.LoaderArgs) {
  const { report, path, viewer } = reportOf(args);
  const { database } = args.context.get(servicesContext);
  const { status, view } = await reportView(database.prisma, report, path, args.url.searchParams, new Date(), viewer);
  return data({ view }, { status });
}

export default function Report({ loaderData }: Route.ComponentProps) {
  return <ReportPage view={loaderData.view} />;
}

// A page that draws dialogs of the kit itself: the boards and the administration pages
// (vendors, ADR 035). Its loader loads the open dialog and its action runs the posted intent through
// here, so a dialog works without JavaScript on any page, not only on boards.
import { data, redirect } from "react-router";
import { servicesContext } from "~/context.ts";
import { type BoardDialogContext, loadOpenDialog, submitDialogForm } from "~/modules/dialogs/board-dialogs.server.ts";
import type { SignedInPageSession } from "~/modules/session/page-session.ts";
import type { RouteName } from "~/rules/access/routes.ts";
import type { RouterContextProvider } from "react-router";

interface PageArgs {
  context: Readonly<RouterContextProvider>;
  /** args.url, not request.url: a client-side fetch of the loader or action asks for `/<page>.data`. */
  url: URL;
}

/** The dialog context of a page: its database, the signed-in actor, the route and the URL's parameters. */
export function pageDialogContext(args: PageArgs, route: RouteName, session: SignedInPageSession): BoardDialogContext {
  const { database } = args.context.get(servicesContext);
  return { db: database.prisma, actor: session, route, search: args.url.searchParams, now: new Date() };
}

/** The dialog the URL opens, if it is one this page hosts (board-dialog-names.ts, DIALOG_HOSTS). */
export function loadPageDialog(dialogs: BoardDialogContext) {
  return loadOpenDialog(dialogs);
}

/**
 * A dialog's form (no JavaScript, or a fetcher): run its intent, refresh the card lists it changed and
 * announce what it created, then go to `closeHref` (or back into the dialog when it stays open, or into the
 * dialog the outcome `opens`); a
 * refusal re-renders the dialog with the message and the submitted values.
 */
export async function submitPageDialog(
  args: PageArgs & { request: Request },
  dialogs: BoardDialogContext,
  closeHref: string,
) {
  const submission = await submitDialogForm(dialogs, await args.request.formData());
  if (submission.kind === "refused") return data(submission.actionData, { status: submission.status });
  const { boardChanges } = args.context.get(servicesContext);
  const { user } = dialogs.actor;
  boardChanges.listsChanged(submission.lists, submission.requests, {
    UserID: user.id,
    Name: `${user.firstName} ${user.lastName}`,
  });
  if (submission.announce) boardChanges.announce(submission.announce);
  const { url } = args;
  if (submission.opens) {
    const next = new URL(closeHref, url);
    for (const [name, value] of Object.entries(submission.opens)) next.searchParams.set(name, value);
    return redirect(`${next.pathname}${next.search}`, { status: 303 });
  }
  return redirect(submission.stayOpen ? `${url.pathname}${url.search}` : closeHref, { status: 303 });
}

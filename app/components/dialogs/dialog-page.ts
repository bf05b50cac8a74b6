// The dialog kit's page half (ADR 026): what a page that hosts dialogs exports beside its loader and
// action, shared by the department boards (app/routes/board.tsx) and the pages with dialogs of their own
// (app/routes/departments.tsx), so the ended session and the lost answer behave alike on every page.
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { reloginRequiredOf } from "~/modules/session/page-session.ts";
import { answeredWithoutSaving, type SaveFailed, type SessionEnded } from "./dialog-kit.tsx";

/**
 * The page's clientAction: with JavaScript, a dialog's save whose session ended meanwhile answers the
 * form, so the sign-in dialog opens over the page and the dialog keeps what was typed; the page is not
 * replaced.
 */
export async function dialogClientAction<Answer>({
  serverAction,
}: {
  serverAction: () => Promise<Answer>;
}): Promise<Answer | SessionEnded | SaveFailed> {
  try {
    return await serverAction();
  } catch (error) {
    const relogin = reloginRequiredOf(error);
    if (relogin) return { sessionEnded: true, microsoftSignIn: relogin.microsoftSignIn } satisfies SessionEnded;
    // No answer, or one that is not the app's (a dropped connection, a proxy's error page): the
    // dialog says its save failed instead of the page breaking. Redirects and route errors are
    // not Errors and go on to the router.
    if (error instanceof Error) return { saveFailed: true } satisfies SaveFailed;
    throw error;
  }
}

/**
 * The page's shouldRevalidate: a dialog save answered { sessionEnded } or { saveFailed } changed nothing,
 * and reloading under an ended session would replace the dialog (and what was typed) with the guard's
 * sign-in page.
 */
export function dialogShouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return answeredWithoutSaving(actionResult) ? false : defaultShouldRevalidate;
}

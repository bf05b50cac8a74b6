// The client half every page that draws kit dialogs shares (ADR 026): its clientAction turns an ended
// session or a lost answer into data the dialog shows (so what was typed stays), and its
// shouldRevalidate keeps the page's loaders from running after such an answer.
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { reloginRequiredOf } from "~/modules/session/page-session.ts";
import { answeredWithoutSaving, type SaveFailed, type SessionEnded } from "./dialog-kit.tsx";

/**
 * With JavaScript, a dialog's save whose session ended meanwhile answers the form, so the sign-in dialog
 * opens over the page and the dialog keeps what was typed; the page is not replaced.
 */
export async function dialogClientAction<T>({ serverAction }: { serverAction: () => Promise<T> }) {
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

// A dialog save answered { sessionEnded } or { saveFailed }: nothing changed, and reloading under an
// ended session would replace the dialog (and what was typed) with the guard's sign-in page.
export function dialogShouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return answeredWithoutSaving(actionResult) ? false : defaultShouldRevalidate;
}

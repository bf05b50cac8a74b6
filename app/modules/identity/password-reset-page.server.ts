// Loader and action bodies of the two reset pages (/reset/{token} and /password-reset-external?token=),
// kept in a server module so that no page's client bundle references password-reset.server.ts.
import { data, type RouterContextProvider } from "react-router";
import { servicesContext } from "~/context.ts";
import { checkResetToken, completePasswordReset, RESET_DONE_MESSAGE } from "./password-reset.server.ts";

export type ResetLoaderData = Awaited<ReturnType<typeof resetLoaderFor>>;

/** Loader body shared with /password-reset-external: the state of the link `token`. */
export async function resetLoaderFor(context: Readonly<RouterContextProvider>, token: string | null) {
  if (!token) return { token: null, state: null };
  const { database } = context.get(servicesContext);
  return { token, state: await checkResetToken(database.prisma, token) };
}

/** Action body shared with /password-reset-external: set the new password through link `token`. */
export async function resetActionFor(context: Readonly<RouterContextProvider>, token: string, formData: FormData) {
  const { database } = context.get(servicesContext);
  const result = await completePasswordReset(database.prisma, token, Object.fromEntries(formData));
  if (result.ok) return data({ intent: "reset" as const, done: true, message: RESET_DONE_MESSAGE, linkProblem: false });
  return data(
    { intent: "reset" as const, done: false, message: result.message, linkProblem: result.reason !== "input" },
    { status: result.status },
  );
}

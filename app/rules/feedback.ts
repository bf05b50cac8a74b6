// The Dashboard Feedback rule: name and message must both be non-blank, else 'All fields are required'.
// Read by the server (POST /feedback); the panel in the browser draws its form from the texts and limits
// alone and checks only that both fields hold text (app/rules/feedback-limits.ts), so it loads no zod (ADR 028).
import { z } from "zod";
import {
  FEEDBACK_MESSAGE_MAX,
  FEEDBACK_NAME_MAX,
  FEEDBACK_REQUIRED_MESSAGE,
  FEEDBACK_URL_MAX,
} from "./feedback-limits.ts";

export {
  FEEDBACK_MESSAGE_MAX,
  FEEDBACK_MESSAGE_MS,
  FEEDBACK_NAME_MAX,
  FEEDBACK_REQUIRED_MESSAGE,
  FEEDBACK_URL_MAX,
} from "./feedback-limits.ts";

/** PostgreSQL's text cannot hold a NUL character: refused as input, never a failed insert (500). */
const NO_NUL = { message: "Must not contain a NUL character" } as const;
const withoutNul = (text: string) => !text.includes("\u0000");

const required = (max: number) =>
  z
    .string({ message: FEEDBACK_REQUIRED_MESSAGE })
    .trim()
    .min(1, { message: FEEDBACK_REQUIRED_MESSAGE })
    .max(max, { message: `Must be at most ${max} characters` })
    .refine(withoutNul, NO_NUL);

export const feedbackSchema = z.object({
  name: required(FEEDBACK_NAME_MAX),
  message: required(FEEDBACK_MESSAGE_MAX),
  /** The page the feedback was sent from; informative, so a missing one is stored as "". */
  url: z
    .string()
    .trim()
    .max(FEEDBACK_URL_MAX, { message: `Must be at most ${FEEDBACK_URL_MAX} characters` })
    .refine(withoutNul, NO_NUL)
    .default(""),
});

export type FeedbackInput = z.input<typeof feedbackSchema>;
export type Feedback = z.output<typeof feedbackSchema>;

/**
 * Where a no-JavaScript form post may be sent back to: a same-origin path ("/x", not "//host" or
 * "/\host"), else "/home". Keeps the path and query, drops any earlier feedback=… and the fragment.
 */
export function feedbackReturnPath(url: unknown, status: "sent" | "error"): string {
  const base = "http://same.origin";
  let target = new URL("/home", base);
  if (typeof url === "string" && isPlainPath(url)) {
    const parsed = new URL(url, base);
    if (parsed.origin === base) target = parsed;
  }
  target.hash = "";
  target.searchParams.delete("feedback");
  target.searchParams.append("feedback", status);
  return `${target.pathname}${target.search}`;
}

/** "/…" but not "//…" or "/\\…" (another host), without backslashes or control characters. */
function isPlainPath(url: string): boolean {
  if (!url.startsWith("/") || url.startsWith("//") || url.includes("\\")) return false;
  for (let index = 0; index < url.length; index += 1) {
    const code = url.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return false;
  }
  return true;
}

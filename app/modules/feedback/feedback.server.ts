// Dashboard Feedback: validates {name, message, url} and stores it with the sender.
import type { Db } from "~/modules/platform/services.server.ts";
import { FEEDBACK_REQUIRED_MESSAGE, feedbackSchema } from "../../rules/feedback.ts";

export type SubmitFeedbackResult = { ok: true; id: number } | { ok: false; message: string };

export async function submitFeedback(db: Db, userId: number | null, input: unknown): Promise<SubmitFeedbackResult> {
  // Anything but an object (null, a string, a list) has no fields at all.
  const fields = typeof input === "object" && input !== null && !Array.isArray(input) ? input : {};
  const parsed = feedbackSchema.safeParse(fields);
  if (!parsed.success) {
    // Blank or missing fields say what the spec says; anything else (a field too long) says what is wrong.
    const issues = parsed.error.issues;
    const blank = issues.some((issue) => issue.message === FEEDBACK_REQUIRED_MESSAGE);
    return {
      ok: false,
      message: blank ? FEEDBACK_REQUIRED_MESSAGE : `${String(issues[0]!.path[0])}: ${issues[0]!.message}`,
    };
  }
  const row = await db.feedback.create({
    data: { userId, name: parsed.data.name, message: parsed.data.message, url: parsed.data.url },
    select: { id: true },
  });
  return { ok: true, id: row.id };
}

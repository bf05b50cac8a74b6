// The Dashboard Feedback form's texts and limits, apart from its schema
// (app/rules/feedback.ts, which re-exports them) so the panel on every page draws without zod (ADR 028).
export const FEEDBACK_REQUIRED_MESSAGE = "All fields are required";
/** How long the panel shows the message when scripts run. */
export const FEEDBACK_MESSAGE_MS = 5_000;

export const FEEDBACK_NAME_MAX = 120;
export const FEEDBACK_URL_MAX = 500;
export const FEEDBACK_MESSAGE_MAX = 5_000;

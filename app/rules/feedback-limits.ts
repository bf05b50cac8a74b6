// The Dashboard Feedback form's texts, limits and the browser's check, apart from its schema
// (app/rules/feedback.ts, which re-exports them) so the panel on every page loads no zod (ADR 028).
export const FEEDBACK_REQUIRED_MESSAGE = "All fields are required";
/** How long the panel shows the message when scripts run. */
export const FEEDBACK_MESSAGE_MS = 5_000;

export const FEEDBACK_NAME_MAX = 120;
export const FEEDBACK_URL_MAX = 500;
export const FEEDBACK_MESSAGE_MAX = 5_000;

/**
 * The panel's check before sending: name and message both hold text (the schema's first rule, with its
 * message FEEDBACK_REQUIRED_MESSAGE). Lengths and characters are the server's to refuse, with a 400.
 */
export function feedbackFilledIn(name: string, message: string): boolean {
  return name.trim().length > 0 && message.trim().length > 0;
}

// Password and account-form rules (ADR 006),
// shared by the browser and the server: change password, set a new password from a reset link,
// request a reset, register an employee, and the theme switch. Every message exists once, here; the
// forms' zod schemas, which only the server runs, are in passwords-schema.ts.

export const MIN_PASSWORD_LENGTH = 6;

export const ALL_FIELDS_REQUIRED_MESSAGE = "All fields required";
export const PASSWORDS_MUST_MATCH_MESSAGE = "New passwords must match";
export const PASSWORD_TOO_SHORT_MESSAGE = `New password must be at least ${MIN_PASSWORD_LENGTH} characters`;
export const OLD_PASSWORD_INCORRECT_MESSAGE = "Old password is incorrect";
/** How long the change-password messages stay when scripts run. */
export const PASSWORD_MESSAGE_MS = 5_000;

export const RESET_EMAIL_SENT_MESSAGE = "Email Sent Successfully";
export const RESET_EMAIL_SENT_DETAIL = "Check your inbox for the email.";
export const RESET_ACCOUNT_NOT_FOUND_MESSAGE = "*Account could not be found for this email...";
export const RESET_EMAIL_REQUIRED_MESSAGE = "Enter your e-mail address.";
/** How long the reset-request failure stays when scripts run. */
export const RESET_FAILURE_MESSAGE_MS = 6_000;

const blank = (value: string | undefined) => value === undefined || value.length === 0;

/**
 * The first problem with a new password and its confirmation, in the order the specification checks
 * them: a missing field, a mismatch, then the length. `others` are further required fields (the old password).
 */
export function newPasswordProblem(
  newPassword: string | undefined,
  confirm: string | undefined,
  others: (string | undefined)[] = [],
): string | null {
  if ([...others, newPassword, confirm].some(blank)) return ALL_FIELDS_REQUIRED_MESSAGE;
  if (newPassword !== confirm) return PASSWORDS_MUST_MATCH_MESSAGE;
  if (newPassword!.length < MIN_PASSWORD_LENGTH) return PASSWORD_TOO_SHORT_MESSAGE;
  return null;
}

/** Register an employee (/register, opened by employee-management). */
export const REGISTER_MESSAGES = {
  firstName: "First name is required.",
  lastName: "Last name is required.",
  email: "Enter a valid e-mail address.",
  department: "Choose a department.",
  duplicate: "An account with this e-mail already exists.",
} as const;

/** The theme switch (the user's UserTheme; PUT /users/theme). */
export const THEMES = ["Dark", "Light"] as const;
export type ThemeName = (typeof THEMES)[number];

// The sign-in form's messages, shared by the browser and the server (the form's schema, which only the
// server runs, is in sign-in-schema.ts; ADR 028).
export const INVALID_CREDENTIALS_MESSAGE = "Must include valid credentials";
export const TOO_MANY_SIGN_IN_ATTEMPTS_MESSAGE =
  "Too many failed sign-in attempts. Please wait a few minutes and try again.";

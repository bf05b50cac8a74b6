// The sign-in form's schema: a standard e-mail pattern and a non-blank password. Read on the server
// only (the sign-in action and POST /users/login), so the browser loads no zod for it (ADR 028); the
// form takes its HTML constraints from it through the page's loader.
import { z } from "zod";
import { INVALID_CREDENTIALS_MESSAGE } from "./sign-in.ts";

export const signInSchema = z.object({
  email: z
    .string({ message: INVALID_CREDENTIALS_MESSAGE })
    .trim()
    .pipe(z.email({ message: INVALID_CREDENTIALS_MESSAGE })),
  password: z
    .string({ message: INVALID_CREDENTIALS_MESSAGE })
    .refine((value) => value.trim().length > 0, { message: INVALID_CREDENTIALS_MESSAGE }),
  redirectTo: z.string().optional(),
  /** A dialog's entry kept across signing in again, carried as the guard encoded it. */
  draft: z.string().max(4_000).optional(),
});

export type SignInInput = z.infer<typeof signInSchema>;

// The bodies of the inspection's actions (mark reviewed, dismiss, turn into a claim; ADR 050), apart from
// damage-inspection.ts so the page's own code, which posts plain forms, carries no zod.
import { z } from "zod";
import { MAX_CENTS, parseCents } from "../credit-memos/money.ts";
import { DAMAGE_INSPECTION_MESSAGES } from "./damage-inspection.ts";

const versionField = z
  .union([z.int(), z.string().regex(/^\d{1,9}$/)], {
    error: DAMAGE_INSPECTION_MESSAGES.version,
  })
  .transform(Number);

/** Mark reviewed and dismiss: the version the actor saw. */
export const damageStatusBodySchema = z.object({ version: versionField });

/** Turn into a claim: the version, the amount (money as whole cents) and the claim's description. */
export const damageClaimBodySchema = z.object({
  version: versionField,
  amount: z
    .union([z.string(), z.number()], { error: DAMAGE_INSPECTION_MESSAGES.amount })
    .transform((raw) => parseCents(raw))
    .refine((cents): cents is number => cents !== null && cents > 0 && cents <= MAX_CENTS, {
      error: DAMAGE_INSPECTION_MESSAGES.amount,
    }),
  description: z
    .string({ error: DAMAGE_INSPECTION_MESSAGES.description })
    .transform((value) => value.trim())
    .pipe(z.string().min(1, DAMAGE_INSPECTION_MESSAGES.description).max(2000, DAMAGE_INSPECTION_MESSAGES.description)),
});

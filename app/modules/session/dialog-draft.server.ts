// Carries a dialog's draft (app/rules/dialogs/dialog-draft.ts) across signing in again without JavaScript
// (ADR 030): the guard reads it from the refused post and puts it, encoded, into the sign-in form; the
// sign-in action keeps it in a short-lived cookie; the board's loader shows it in the dialog once and
// forgets it. Encoded as deflated JSON in base64url, so a 2,000-character note fits in a cookie.
import { deflateRawSync, inflateRawSync } from "node:zlib";
import type { Config } from "~/modules/platform/config.server.ts";
import { DIALOG_DRAFT_LIMITS, type DialogDraft } from "~/rules/dialogs/dialog-draft.ts";
import { dialogDraftOf, parseDialogDraft } from "~/rules/dialogs/dialog-draft-schema.ts";
import { readCookie } from "../identity/session-cookie.server.ts";

export const DIALOG_DRAFT_COOKIE = "fleetops_dialog_draft";
/** Long enough to sign in, short enough that a forgotten draft does not come back tomorrow. */
const DRAFT_COOKIE_MAX_AGE_SECONDS = 600;
/** The largest post the guard reads for a draft; larger ones are not a dialog's text fields. */
const MAX_DRAFT_POST_BYTES = 64 * 1024;

export function encodeDialogDraft(draft: DialogDraft): string | null {
  const encoded = deflateRawSync(Buffer.from(JSON.stringify(draft), "utf8")).toString("base64url");
  return encoded.length <= DIALOG_DRAFT_LIMITS.encodedBytes ? encoded : null;
}

export function decodeDialogDraft(encoded: string | null | undefined): DialogDraft | null {
  if (!encoded || encoded.length > DIALOG_DRAFT_LIMITS.encodedBytes || !/^[A-Za-z0-9_-]+$/.test(encoded)) return null;
  try {
    const json = inflateRawSync(Buffer.from(encoded, "base64url"), { maxOutputLength: 1024 * 1024 }).toString("utf8");
    return parseDialogDraft(JSON.parse(json));
  } catch {
    return null;
  }
}

export type PostedDraft = { kind: "kept"; encoded: string } | { kind: "too-large" } | null;

/**
 * The draft of a plain form post (no JavaScript) to `to`, read from a copy of the request so the
 * body stays unread for anyone after: null when the post is no dialog form's (not url-encoded, no
 * intent, too large to read).
 */
export async function postedDialogDraft(request: Request, to: string): Promise<PostedDraft> {
  if (request.method !== "POST") return null;
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/x-www-form-urlencoded")) return null;
  const length = Number(request.headers.get("content-length") ?? "NaN");
  if (!Number.isFinite(length) || length > MAX_DRAFT_POST_BYTES) return null;
  let form: FormData;
  try {
    form = await request.clone().formData();
  } catch {
    return null;
  }
  if (typeof form.get("intent") !== "string") return null;
  const draft = dialogDraftOf(to, form);
  if (!draft) return { kind: "too-large" };
  const encoded = encodeDialogDraft(draft);
  return encoded ? { kind: "kept", encoded } : { kind: "too-large" };
}

type CookieConfig = Pick<Config, "NODE_ENV">;

function attributes(config: CookieConfig): string {
  return `Path=/; HttpOnly; SameSite=Lax${config.NODE_ENV === "production" ? "; Secure" : ""}`;
}

export function dialogDraftCookie(encoded: string, config: CookieConfig): string {
  return `${DIALOG_DRAFT_COOKIE}=${encoded}; Max-Age=${DRAFT_COOKIE_MAX_AGE_SECONDS}; ${attributes(config)}`;
}

export function clearedDialogDraftCookie(config: CookieConfig): string {
  return `${DIALOG_DRAFT_COOKIE}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; ${attributes(config)}`;
}

/** The request's kept draft, whatever page it was for (undefined: no draft cookie at all). */
export function requestDialogDraft(request: Request): { draft: DialogDraft | null } | undefined {
  const value = readCookie(request.headers.get("cookie"), DIALOG_DRAFT_COOKIE);
  return value === undefined ? undefined : { draft: decodeDialogDraft(value) };
}

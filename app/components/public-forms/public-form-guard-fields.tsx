// The two hidden fields of every public form (ADR 047): the signed ticket the page's loader issued, and the
// honeypot, kept out of sight, out of the tab order and away from autofill, so only a bot fills it in.
import { HONEYPOT_LABEL, PUBLIC_FORM_FIELDS } from "~/rules/public-forms/public-form-guard.ts";

/** Off screen rather than display:none: some bots skip fields they can tell are not displayed. */
const OFF_SCREEN = {
  position: "absolute",
  left: "-10000px",
  top: "auto",
  width: "1px",
  height: "1px",
  overflow: "hidden",
} as const;

export function PublicFormGuardFields({ ticket }: { ticket: string }) {
  const honeypotId = `${PUBLIC_FORM_FIELDS.honeypot}-field`;
  return (
    <>
      <input type="hidden" name={PUBLIC_FORM_FIELDS.ticket} value={ticket} />
      <div aria-hidden="true" style={OFF_SCREEN}>
        <label htmlFor={honeypotId}>{HONEYPOT_LABEL}</label>
        <input
          id={honeypotId}
          type="text"
          name={PUBLIC_FORM_FIELDS.honeypot}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
    </>
  );
}

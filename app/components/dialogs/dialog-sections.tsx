// The pieces the order dialogs are laid out with: a titled section of fields (a fieldset with its legend,
// two columns from the small breakpoint up), a grey note above the form (why it is read-only), and the
// styles of a section's frame and of the fieldset that disables a whole form at once. Shared by the
// on-rent and off-rent edit dialogs and the off-rent dialog's returning units.
import { Callout, Grid, Heading } from "@radix-ui/themes";
import type { ReactNode } from "react";

/** The frame of a section: a fieldset's, or the returning units' own section element. */
export const SECTION_STYLE = {
  border: "1px solid var(--gray-a5)",
  borderRadius: "var(--radius-3)",
  margin: 0,
  padding: "8px 12px 12px",
  minWidth: 0,
} as const;

/** A fieldset that only groups (and disables) the form's sections, with no frame of its own. */
export const FIELDSET_RESET = { border: 0, margin: 0, padding: 0, minWidth: 0 } as const;

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset style={SECTION_STYLE}>
      <legend>
        <Heading as="h3" size="3">
          {title}
        </Heading>
      </legend>
      <Grid columns={{ initial: "1", sm: "2" }} gap="3">
        {children}
      </Grid>
    </fieldset>
  );
}

export function Notice({ children }: { children: ReactNode }) {
  return (
    <Callout.Root color="gray" role="note">
      <Callout.Text>{children}</Callout.Text>
    </Callout.Root>
  );
}

const VISUALLY_HIDDEN = {
  position: "absolute",
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  border: 0,
} as const;

/**
 * The form's first, unseen submit button: Enter in a field sends what the dialog's main button sends
 * (Save), not the first of the buttons drawn before it (Test units, Add unit, …).
 */
export function DefaultSubmit() {
  return <button type="submit" tabIndex={-1} aria-hidden="true" style={VISUALLY_HIDDEN} />;
}

// The style of a native select or date input, drawn like the theme's text fields: used where Radix has no
// form-posting control (the edit dialogs' selects and dates, the vendors page's type filter).
/** A native select or date input drawn like the theme's text fields. */
export const nativeControlStyle = {
  height: "var(--space-6)",
  borderRadius: "var(--radius-2)",
  border: "1px solid var(--gray-a7)",
  background: "var(--color-surface)",
  color: "var(--gray-12)",
  padding: "0 8px",
  font: "inherit",
} as const;

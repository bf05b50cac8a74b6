// A plain table drawn with the theme's tokens, for the administration pages' lists: Radix's Table (with its
// scroll area) would be the heaviest part of such a page (ADR 028).
import type { CSSProperties } from "react";

export const TABLE_STYLE = {
  width: "100%",
  borderCollapse: "collapse",
  border: "1px solid var(--gray-a5)",
  borderRadius: "var(--radius-3)",
} as const satisfies CSSProperties;

export const CELL_STYLE = {
  padding: "var(--space-2) var(--space-3)",
  borderTop: "1px solid var(--gray-a5)",
  textAlign: "left",
  fontSize: "var(--font-size-2)",
} as const satisfies CSSProperties;

export const HEADER_CELL_STYLE = { ...CELL_STYLE, borderTop: 0, fontWeight: "var(--font-weight-bold)" } as const;

/** A row's own heading cell (its name). */
export const ROW_HEADER_STYLE = { ...CELL_STYLE, fontWeight: "var(--font-weight-medium)" } as const;

// A plain table drawn with the theme's tokens, for the administration pages' lists: Radix's Table (with its
// scroll area) would be the heaviest part of such a page (ADR 028).
import type { ComponentProps, CSSProperties } from "react";

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

type Align = "left" | "center" | "right";
const aligned = <S extends CSSProperties>(style: S, align: Align | undefined): CSSProperties =>
  align === undefined ? style : { ...style, textAlign: align };

/** Wide tables scroll sideways in their own box on a narrow screen, as Radix's Table did with its ScrollArea. */
const SCROLL_STYLE = { overflowX: "auto", maxWidth: "100%" } as const satisfies CSSProperties;

/**
 * The plain table as components named like Radix's Table (Root, Header, Body, Row, Cell,
 * ColumnHeaderCell, RowHeaderCell), so a list written for it reads the same: headers get their scope,
 * cells an `align`. Radix's Table brought its ScrollArea's script to every page with a list (7 KiB
 * gzipped).
 */
export const Table = {
  Root: ({ children, ...props }: ComponentProps<"table">) => (
    <div style={SCROLL_STYLE}>
      <table {...props} style={{ ...TABLE_STYLE, ...props.style }}>
        {children}
      </table>
    </div>
  ),
  Header: (props: ComponentProps<"thead">) => <thead {...props} />,
  Body: (props: ComponentProps<"tbody">) => <tbody {...props} />,
  Row: (props: ComponentProps<"tr">) => <tr {...props} />,
  Cell: ({ align, ...props }: Omit<ComponentProps<"td">, "align"> & { align?: Align }) => (
    <td {...props} style={{ ...aligned(CELL_STYLE, align), ...props.style }} />
  ),
  ColumnHeaderCell: ({ align, ...props }: Omit<ComponentProps<"th">, "align"> & { align?: Align }) => (
    <th scope="col" {...props} style={{ ...aligned(HEADER_CELL_STYLE, align), ...props.style }} />
  ),
  RowHeaderCell: ({ align, ...props }: Omit<ComponentProps<"th">, "align"> & { align?: Align }) => (
    <th scope="row" {...props} style={{ ...aligned(ROW_HEADER_STYLE, align), ...props.style }} />
  ),
};

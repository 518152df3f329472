// Slot recipes for the screens' shared layout pieces: a card's list of rows, and a page's two panels.
import { defineSlotRecipe } from "@pandacss/dev";

/** A list of rows in a card (signing templates and documents, payment issuers, offerings and payments). */
export const list = defineSlotRecipe({
  className: "list",
  slots: ["root", "row", "main", "title", "detail", "actions"],
  jsx: ["ListRow", "ListCard"],
  base: {
    root: { display: "flex", flexDirection: "column" },
    row: {
      display: "flex",
      alignItems: "center",
      justifyContent: "space-between",
      gap: "3",
      py: "3",
      borderTopWidth: "1px",
      borderColor: "border.default",
      _first: { borderTopWidth: "0" },
    },
    main: { minW: 0 },
    title: { fontWeight: "600" },
    detail: { fontSize: "sm", color: "fg.muted", overflowWrap: "anywhere" },
    actions: { display: "flex", gap: "2", flexWrap: "wrap" },
  },
  variants: {
    /** Whether the actions go under the title when they do not fit beside it (else the title's text wraps). */
    wrap: {
      true: { row: { flexWrap: "wrap" } },
      false: {},
    },
  },
  defaultVariants: { wrap: true },
});

/** A page's left and right panels: one column on phones and tablets, side by side (1:2) from `from` up. */
export const panels = defineSlotRecipe({
  className: "panels",
  slots: ["root", "panel"],
  jsx: ["Panels", "Panels.Root"],
  base: {
    root: { display: "grid", gap: "4", alignItems: "start" },
    panel: { display: "flex", flexDirection: "column", gap: "4" },
  },
  variants: {
    from: {
      md: { root: { gridTemplateColumns: { base: "1fr", md: "minmax(0, 1fr) minmax(0, 2fr)" } } },
      lg: { root: { gridTemplateColumns: { base: "1fr", lg: "minmax(0, 1fr) minmax(0, 2fr)" } } },
    },
  },
  defaultVariants: { from: "md" },
});

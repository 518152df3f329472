// Slot recipes for the floating Ark UI parts: dialog, menu, select, combobox, tooltip, toast.
import { defineSlotRecipe } from "@pandacss/dev";

const popover = {
  bg: "bg.surface",
  // Popups can sit inside a coloured bar (the top bar's menus): their own text colour.
  color: "fg.default",
  borderWidth: "1px",
  borderColor: "border.default",
  borderRadius: "md",
  boxShadow: "popover",
  py: "1",
  zIndex: "dropdown",
  outline: "none",
} as const;

const option = {
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: "2",
  px: "3",
  py: "2",
  fontSize: "sm",
  cursor: "pointer",
  color: "fg.default",
  _highlighted: { bg: "bg.muted" },
  _disabled: { opacity: 0.5, cursor: "not-allowed" },
} as const;

const trigger = {
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: "2",
  w: "full",
  h: "10",
  px: "3",
  bg: "bg.surface",
  borderWidth: "1px",
  borderColor: "border.strong",
  borderRadius: "control",
  fontSize: "sm",
  cursor: "pointer",
  _focusVisible: {
    borderColor: "focus",
    outline: "2px solid {colors.focus}",
    outlineOffset: "1px",
  } /* a 2 px ring outside the border: 1 px alone was too faint (issue 37 finding 6) */,
} as const;

export const dialog = defineSlotRecipe({
  className: "dialog",
  slots: ["backdrop", "positioner", "content", "title", "description", "closeTrigger", "footer"],
  base: {
    backdrop: { position: "fixed", inset: "0", bg: "rgba(12, 28, 53, 0.45)", zIndex: "overlay" },
    positioner: {
      position: "fixed",
      inset: "0",
      display: "flex",
      alignItems: "center",
      justifyContent: "center",
      p: "4",
      zIndex: "modal",
    },
    content: {
      bg: "bg.surface",
      borderRadius: "lg",
      boxShadow: "popover",
      w: "full",
      maxW: "32rem",
      maxH: "calc(100dvh - 2rem)",
      overflowY: "auto",
      p: "6",
      position: "relative",
    },
    title: { fontSize: "lg", fontWeight: "700", mb: "2" },
    description: { color: "fg.muted", fontSize: "sm", mb: "4" },
    closeTrigger: { position: "absolute", top: "3", right: "3" },
    footer: { display: "flex", justifyContent: "flex-end", gap: "3", mt: "6" },
  },
});

export const menu = defineSlotRecipe({
  className: "menu",
  slots: ["trigger", "positioner", "content", "item", "itemGroupLabel", "separator"],
  base: {
    trigger: { cursor: "pointer" },
    content: { ...popover, minW: "14rem" },
    item: { ...option, textDecoration: "none" },
    itemGroupLabel: { px: "3", py: "2", fontSize: "xs", color: "fg.subtle" },
    separator: { my: "1", borderColor: "border.default" },
  },
});

export const select = defineSlotRecipe({
  className: "select",
  slots: ["root", "label", "control", "trigger", "indicator", "positioner", "content", "item", "itemIndicator"],
  base: {
    root: { display: "flex", flexDirection: "column", gap: "1.5" },
    label: { fontSize: "sm", fontWeight: "600", color: "fg.default" },
    trigger: trigger,
    indicator: { color: "fg.subtle" },
    // Above dialogs (modal): selects open inside forms in dialogs.
    content: { ...popover, zIndex: "popover", maxH: "18rem", overflowY: "auto" },
    item: option,
    itemIndicator: { color: "brand" },
  },
});

export const combobox = defineSlotRecipe({
  className: "combobox",
  slots: ["root", "label", "control", "input", "trigger", "positioner", "content", "item", "empty"],
  base: {
    root: { display: "flex", flexDirection: "column", gap: "1.5" },
    label: { fontSize: "sm", fontWeight: "600" },
    control: { position: "relative" },
    input: { ...trigger, cursor: "text", pr: "9", outline: "none" },
    trigger: { position: "absolute", right: "2", top: "50%", transform: "translateY(-50%)", color: "fg.subtle" },
    // The spec's typeahead popup is 38% of the window wide (never narrower than the field).
    positioner: { minW: "38vw !important" },
    content: { ...popover, maxH: "18rem", overflowY: "auto" },
    item: option,
    empty: { px: "3", py: "2", fontSize: "sm", color: "fg.subtle" },
  },
});

export const tooltip = defineSlotRecipe({
  className: "tooltip",
  slots: ["trigger", "positioner", "content"],
  base: {
    content: {
      bg: "slate.900",
      color: "white",
      fontSize: "xs",
      px: "2",
      py: "1",
      borderRadius: "sm",
      maxW: "20rem",
      zIndex: "tooltip",
    },
  },
});

export const toast = defineSlotRecipe({
  className: "toast",
  slots: ["root", "title", "description", "closeTrigger"],
  base: {
    root: {
      display: "flex",
      alignItems: "flex-start",
      gap: "3",
      minW: "18rem",
      maxW: "28rem",
      p: "4",
      pr: "10",
      borderRadius: "md",
      boxShadow: "popover",
      bg: "slate.900",
      color: "white",
      position: "relative",
      translate: "var(--x) var(--y)",
      scale: "var(--scale)",
      zIndex: "var(--z-index)",
      height: "var(--height)",
      opacity: "var(--opacity)",
      willChange: "translate, opacity, scale",
      transition: "translate 300ms, scale 300ms, opacity 300ms, height 300ms",
      "&[data-type=error]": { bg: "danger" },
      "&[data-type=success]": { bg: "success" },
    },
    title: { fontWeight: "600", fontSize: "sm" },
    description: { fontSize: "sm", opacity: 0.9 },
    closeTrigger: { position: "absolute", top: "2", right: "2", color: "inherit", cursor: "pointer" },
  },
});

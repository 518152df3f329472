// Slot recipes for Ark UI tabs, checkbox and switch.
import { defineSlotRecipe } from "@pandacss/dev";

export const tabs = defineSlotRecipe({
  className: "tabs",
  slots: ["root", "list", "trigger", "content", "indicator"],
  base: {
    root: { display: "flex", flexDirection: "column", gap: "6" },
    list: {
      display: "flex",
      gap: "1",
      borderBottomWidth: "1px",
      borderColor: "border.default",
      overflowX: "auto",
      position: "relative",
    },
    trigger: {
      px: "4",
      h: "10",
      fontSize: "sm",
      fontWeight: "600",
      color: "fg.muted",
      cursor: "pointer",
      whiteSpace: "nowrap",
      borderBottomWidth: "2px",
      borderColor: "transparent",
      mb: "-1px",
      textDecoration: "none",
      display: "inline-flex",
      alignItems: "center",
      _hover: { color: "fg.default" },
      _selected: { color: "brand", borderColor: "brand" },
      "&[aria-current=page]": { color: "brand", borderColor: "brand" },
    },
  },
});

export const checkbox = defineSlotRecipe({
  className: "checkbox",
  slots: ["root", "control", "label", "indicator"],
  base: {
    root: { display: "inline-flex", alignItems: "center", gap: "2", cursor: "pointer" },
    control: {
      w: "4.5",
      h: "4.5",
      borderWidth: "1.5px",
      borderColor: "border.strong",
      borderRadius: "sm",
      bg: "bg.surface",
      display: "flex",
      alignItems: "center",
      justifyContent: "center",
      color: "white",
      _checked: { bg: "brand", borderColor: "brand" },
      _focusVisible: { outline: "2px solid {colors.focus}", outlineOffset: "2px" },
    },
    label: { fontSize: "sm" },
  },
});

export const switchRecipe = defineSlotRecipe({
  className: "switch",
  slots: ["root", "control", "thumb", "label"],
  base: {
    root: { display: "inline-flex", alignItems: "center", gap: "2", cursor: "pointer" },
    control: {
      w: "9",
      h: "5",
      p: "0.5",
      borderRadius: "full",
      bg: "slate.300",
      display: "inline-flex",
      transition: "background 120ms",
      _checked: { bg: "brand" },
      _focusVisible: { outline: "2px solid {colors.focus}", outlineOffset: "2px" },
    },
    thumb: {
      w: "4",
      h: "4",
      borderRadius: "full",
      bg: "white",
      boxShadow: "sm",
      transition: "transform 120ms",
      _checked: { transform: "translateX(16px)" },
    },
    label: { fontSize: "sm" },
  },
});

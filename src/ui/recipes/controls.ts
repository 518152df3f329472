// Recipes for plain controls (read by panda.config.ts at build time only).
import { defineRecipe } from "@pandacss/dev";

export const button = defineRecipe({
  className: "button",
  base: {
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    gap: "2",
    fontWeight: "600",
    borderRadius: "control",
    borderWidth: "1px",
    borderColor: "transparent",
    cursor: "pointer",
    whiteSpace: "nowrap",
    transition: "background 120ms, border-color 120ms, color 120ms",
    letterSpacing: "0.01em",
    _disabled: { opacity: 0.55, cursor: "not-allowed" },
  },
  variants: {
    variant: {
      solid: { bg: "brand", color: "brand.fg", _hover: { _enabled: { bg: "brand.hover" } } },
      outline: {
        bg: "bg.surface",
        color: "fg.default",
        borderColor: "border.strong",
        _hover: { _enabled: { bg: "bg.subtle" } },
      },
      ghost: { bg: "transparent", color: "fg.default", _hover: { _enabled: { bg: "bg.muted" } } },
      danger: { bg: "danger", color: "white", _hover: { _enabled: { bg: "danger.hover" } } },
    },
    size: {
      sm: { h: "8", px: "3", fontSize: "sm" },
      md: { h: "10", px: "4", fontSize: "sm" },
      lg: { h: "12", px: "6", fontSize: "md" },
    },
  },
  defaultVariants: { variant: "solid", size: "md" },
});

export const input = defineRecipe({
  className: "input",
  base: {
    w: "full",
    h: "10",
    px: "3",
    bg: "bg.surface",
    color: "fg.default",
    borderWidth: "1px",
    borderColor: "border.strong",
    borderRadius: "control",
    fontSize: "sm",
    outline: "none",
    _placeholder: { color: "fg.subtle" },
    _focusVisible: {
      borderColor: "focus",
      outline: "2px solid {colors.focus}",
      outlineOffset: "1px",
    } /* a 2 px ring outside the border: 1 px alone was too faint (issue 37 finding 6) */,
    _invalid: { borderColor: "danger" },
    _disabled: { bg: "bg.muted", cursor: "not-allowed" },
  },
});

export const card = defineRecipe({
  className: "card",
  base: {
    bg: "bg.surface",
    borderWidth: "1px",
    borderColor: "border.default",
    borderRadius: "card",
    boxShadow: "card",
    p: "6",
  },
});

export const badge = defineRecipe({
  className: "badge",
  base: {
    display: "inline-flex",
    alignItems: "center",
    px: "2",
    // At least one line high, growing with a message that wraps in a narrow column (a fixed height let a long
    // "Refused: ..." spill over the badge next to it).
    minH: "6",
    py: "0.5",
    lineHeight: "1.25",
    maxW: "full",
    overflowWrap: "break-word",
    borderRadius: "full",
    fontSize: "xs",
    fontWeight: "600",
    textTransform: "capitalize",
  },
  variants: {
    tone: {
      neutral: { bg: "bg.muted", color: "fg.muted" },
      brand: { bg: "brand.subtle", color: "brand" },
      success: { bg: "success.subtle", color: "success" },
      danger: { bg: "danger.subtle", color: "danger" },
    },
  },
  defaultVariants: { tone: "neutral" },
});

export const avatar = defineRecipe({
  className: "avatar",
  base: {
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    flexShrink: 0,
    borderRadius: "full",
    bg: "brand.muted",
    color: "brand",
    fontWeight: "700",
    overflow: "hidden",
    textTransform: "uppercase",
    "& img": { w: "full", h: "full", objectFit: "cover" },
  },
  variants: {
    size: {
      sm: { w: "8", h: "8", fontSize: "xs" },
      md: { w: "10", h: "10", fontSize: "sm" },
      lg: { w: "14", h: "14", fontSize: "lg" },
    },
  },
  defaultVariants: { size: "md" },
});

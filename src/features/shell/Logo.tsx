import { css } from "../../../styled-system/css";
import { SHELL_TEXT } from "./strings.ts";

/** The product mark: a ledger grid inside a rounded square, plus the word mark. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#ffffff" />
      <rect x="14" y="14" width="8" height="36" rx="2" fill="#13294b" />
      <rect x="26" y="42" width="24" height="8" rx="2" fill="#13294b" />
      <rect x="26" y="28" width="16" height="6" rx="2" fill="#2f6fde" />
      <rect x="26" y="16" width="10" height="6" rx="2" fill="#2f6fde" opacity="0.6" />
    </svg>
  );
}

export function Logo() {
  return (
    <span className={css({ display: "inline-flex", alignItems: "center", gap: "2.5" })}>
      <LogoMark />
      <span
        className={css({ fontWeight: "700", fontSize: "lg", letterSpacing: "-0.02em", _belowSm: { display: "none" } })}
      >
        {SHELL_TEXT.brand}
      </span>
    </span>
  );
}

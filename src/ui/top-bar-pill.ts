// The top bar's status pill (the sync indicator; "Offline" before an account is chosen): a small rounded label on the
// bar, its colours the caller's. Imported from this file by the shell (the entry carries no barrel, docs/CLIENT.md
// "Performance").
import { css } from "../../styled-system/css";

export const topBarPill = css({
  display: "inline-flex",
  alignItems: "center",
  gap: "1.5",
  fontSize: "xs",
  fontWeight: "600",
  px: "2.5",
  py: "1",
  borderRadius: "full",
  flexShrink: 0,
});

// A column header with no visible title (expand, select, action columns): its name is in the cell as text only
// screen readers get, so the header is never empty (an aria-label on an empty <th> is not read in every reader).
import type { ReactNode } from "react";
import { css, cx } from "../../styled-system/css";

const hidden = css({ srOnly: true });

export function HiddenHeader({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <th className={cx(className)}>
      <span className={hidden}>{children}</span>
    </th>
  );
}

// A page's two panels (the signing and payment provider pages): details on the left, lists on the right, one
// column below `from` (md by default).
import type { ReactNode } from "react";
import { type PanelsVariantProps, panels } from "../../styled-system/recipes";

function Root({ from, children }: PanelsVariantProps & { children: ReactNode }) {
  return <div className={panels({ from }).root}>{children}</div>;
}

function Panel({ testId, children }: { testId?: string; children: ReactNode }) {
  return (
    <div className={panels().panel} data-testid={testId}>
      {children}
    </div>
  );
}

export const Panels = { Root, Panel };

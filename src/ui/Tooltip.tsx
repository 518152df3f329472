import { Portal } from "@ark-ui/react/portal";
import { Tooltip as ArkTooltip } from "@ark-ui/react/tooltip";
import type { ReactNode } from "react";
import { tooltip } from "../../styled-system/recipes";

/** Hover delay from the spec (part 1 section 9). */
const TOOLTIP_OPEN_DELAY_MS = 800;

export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  const classes = tooltip();
  return (
    <ArkTooltip.Root openDelay={TOOLTIP_OPEN_DELAY_MS} closeDelay={100}>
      <ArkTooltip.Trigger asChild>
        {/* Focusable so keyboard users get the tooltip too. */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the tooltip trigger must take focus */}
        <span tabIndex={0}>{children}</span>
      </ArkTooltip.Trigger>
      <Portal>
        <ArkTooltip.Positioner>
          <ArkTooltip.Content className={classes.content}>{content}</ArkTooltip.Content>
        </ArkTooltip.Positioner>
      </Portal>
    </ArkTooltip.Root>
  );
}

// A table (or anything wide) that scrolls sideways inside its card on a phone instead of widening the page: a named
// region in the tab order, so the keyboard can scroll it too (axe scrollable-region-focusable), with scroll shadows on
// the edge that has more (tableScroll).
import type { ReactNode } from "react";
import { cx } from "../../styled-system/css";
import { tableScroll } from "./table.ts";

export function ScrollRegion({
  label,
  className,
  testId,
  children,
}: {
  /** The region's accessible name (usually the table's or the card's title). */
  label: string;
  /** More classes (a frame: tableStyles.wrap, dataTableCard). */
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keys.
    <section className={cx(tableScroll, className)} tabIndex={0} aria-label={label} data-testid={testId}>
      {children}
    </section>
  );
}

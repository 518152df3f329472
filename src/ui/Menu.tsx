// Menu parts over Ark UI's menu, styled by the menu slot recipe. Use as Menu.Root / Menu.Trigger / ... .
import { Menu as ArkMenu } from "@ark-ui/react/menu";
import { Portal } from "@ark-ui/react/portal";
import type { ComponentProps, FocusEvent, ReactNode } from "react";
import { cx } from "../../styled-system/css";
import { menu } from "../../styled-system/recipes";

const classes = () => menu();

function Root(props: ComponentProps<typeof ArkMenu.Root>) {
  return <ArkMenu.Root positioning={{ placement: "bottom-end", gutter: 6 }} {...props} />;
}

function Trigger({ className, ...props }: ComponentProps<typeof ArkMenu.Trigger>) {
  return <ArkMenu.Trigger className={cx(classes().trigger, className)} {...props} />;
}

/**
 * The popup. Portalled to the end of the page by default; `inPlace` keeps it next to its trigger, inside the
 * trigger's landmark (the top bar's menus stay in the banner instead of floating outside every landmark).
 */
function Content({ children, className, inPlace }: { children: ReactNode; className?: string; inPlace?: boolean }) {
  const positioner = (
    <ArkMenu.Positioner className={classes().positioner}>
      <ArkMenu.Content className={cx(classes().content, className)} onFocus={giveFocusBackWhenClosed}>
        {children}
      </ArkMenu.Content>
    </ArkMenu.Positioner>
  );
  return inPlace ? positioner : <Portal>{positioner}</Portal>;
}

/**
 * Ark's menu moves focus into the popup one frame after each arrow key. When the frame comes late (a busy phone or
 * machine) and Escape has closed the menu in between, that focus lands in the closing popup and is lost to the page
 * when it hides: the trigger takes it back instead, as it does on any close.
 */
function giveFocusBackWhenClosed(event: FocusEvent<HTMLDivElement>) {
  const content = event.currentTarget;
  if (event.target !== content || content.dataset.state !== "closed") return;
  const trigger = document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(content.id)}"]`);
  trigger?.focus({ preventScroll: true });
}

function Item({ className, ...props }: ComponentProps<typeof ArkMenu.Item>) {
  return <ArkMenu.Item className={cx(classes().item, className)} {...props} />;
}

function Separator(props: ComponentProps<typeof ArkMenu.Separator>) {
  return <ArkMenu.Separator className={classes().separator} {...props} />;
}

export const Menu = { Root, Trigger, Content, Item, Separator };

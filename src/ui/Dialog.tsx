import { Dialog as ArkDialog } from "@ark-ui/react/dialog";
import { Portal } from "@ark-ui/react/portal";
import type { ReactNode } from "react";
import { dialog } from "../../styled-system/recipes";
import { CloseIcon } from "./icons.tsx";

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons, right-aligned under the content. */
  footer?: ReactNode;
  role?: "dialog" | "alertdialog";
  /** Where focus goes when the dialog closes (by default the element focused when it opened). */
  finalFocus?: () => HTMLElement | null;
}

export function Dialog({ open, onOpenChange, title, description, children, footer, role, finalFocus }: DialogProps) {
  const classes = dialog();
  return (
    <ArkDialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      role={role}
      finalFocusEl={finalFocus}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <ArkDialog.Backdrop className={classes.backdrop} />
        <ArkDialog.Positioner className={classes.positioner}>
          <ArkDialog.Content className={classes.content}>
            <ArkDialog.Title className={classes.title}>{title}</ArkDialog.Title>
            {description && (
              <ArkDialog.Description className={classes.description}>{description}</ArkDialog.Description>
            )}
            {children}
            {footer && <div className={classes.footer}>{footer}</div>}
            <ArkDialog.CloseTrigger className={classes.closeTrigger} aria-label="Close">
              <CloseIcon />
            </ArkDialog.CloseTrigger>
          </ArkDialog.Content>
        </ArkDialog.Positioner>
      </Portal>
    </ArkDialog.Root>
  );
}

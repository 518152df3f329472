import { Dialog as ArkDialog } from "@ark-ui/react/dialog";
import { Portal } from "@ark-ui/react/portal";
import { type ReactNode, useCallback, useEffect, useRef } from "react";
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

/**
 * The element focused when the dialog opened (its opener), and focus back on it once the dialog has closed or been
 * unmounted (a screen that renders its dialog only while open unmounts it with the close, before Ark gives focus
 * back), unless focus has moved somewhere on purpose meanwhile.
 */
function useReturnFocus(open: boolean, finalFocus?: () => HTMLElement | null) {
  const opener = useRef<HTMLElement | null>(null);
  const opened = useRef(false);
  if (open && !opened.current && typeof document !== "undefined") {
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }
  opened.current = open;
  const restore = useCallback(() => {
    const target = finalFocus?.() ?? opener.current;
    if (!target) return;
    // After Ark's own handling and the dialog's removal: only when focus was lost (on the body or gone).
    requestAnimationFrame(() => {
      const active = document.activeElement;
      const lost = !active || active === document.body || !active.isConnected;
      if (lost && target.isConnected) target.focus({ preventScroll: true });
    });
  }, [finalFocus]);
  const restoreRef = useRef(restore);
  restoreRef.current = restore;
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) restoreRef.current();
    wasOpen.current = open;
  }, [open]);
  useEffect(
    () => () => {
      if (wasOpen.current) restoreRef.current();
    },
    [],
  );
  return useCallback(() => {
    const target = finalFocus?.() ?? opener.current;
    return target?.isConnected ? target : null;
  }, [finalFocus]);
}

export function Dialog({ open, onOpenChange, title, description, children, footer, role, finalFocus }: DialogProps) {
  const classes = dialog();
  const focusBack = useReturnFocus(open, finalFocus);
  return (
    <ArkDialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      role={role}
      finalFocusEl={focusBack}
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

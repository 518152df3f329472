// Snackbars. Durations from the spec: 6000 ms by default, 3000 ms for steps and invest, and grid errors in red at
// the bottom centre for 5 seconds.

import { Portal } from "@ark-ui/react/portal";
import { createToaster, Toast, Toaster } from "@ark-ui/react/toast";
import { toast as toastRecipe } from "../../styled-system/recipes";
import { CloseIcon } from "./icons.tsx";

const TOAST_DURATION_MS = 6000;
const STEP_TOAST_DURATION_MS = 3000;
const GRID_ERROR_DURATION_MS = 5000;

const mainToaster = createToaster({ placement: "bottom-end", duration: TOAST_DURATION_MS, gap: 12, max: 4 });
const gridToaster = createToaster({ placement: "bottom", duration: GRID_ERROR_DURATION_MS, gap: 12, max: 2 });

type Kind = "success" | "error" | "info";

function show(kind: Kind, title: string, description?: string, duration = TOAST_DURATION_MS) {
  mainToaster.create({ type: kind, title, description, duration });
}

export const toast = {
  success: (title: string, description?: string) => show("success", title, description),
  error: (title: string, description?: string) => show("error", title, description),
  info: (title: string, description?: string) => show("info", title, description),
  /** Step and invest snackbars (3 s). */
  step: (kind: Kind, title: string) => show(kind, title, undefined, STEP_TOAST_DURATION_MS),
  /** Grid errors: red, bottom centre, 5 s. */
  gridError: (title: string) => gridToaster.create({ type: "error", title, duration: GRID_ERROR_DURATION_MS }),
};

function ToastList({ toaster }: { toaster: typeof mainToaster }) {
  const classes = toastRecipe();
  return (
    <Toaster toaster={toaster}>
      {(item) => (
        <Toast.Root className={classes.root} role={item.type === "error" ? "alert" : "status"}>
          <div>
            <Toast.Title className={classes.title}>{item.title}</Toast.Title>
            {item.description && (
              <Toast.Description className={classes.description}>{item.description}</Toast.Description>
            )}
          </div>
          <Toast.CloseTrigger className={classes.closeTrigger} aria-label="Dismiss">
            <CloseIcon />
          </Toast.CloseTrigger>
        </Toast.Root>
      )}
    </Toaster>
  );
}

/** Mounted once at the root. */
export function Toasts() {
  return (
    <Portal>
      <ToastList toaster={mainToaster} />
      <ToastList toaster={gridToaster} />
    </Portal>
  );
}

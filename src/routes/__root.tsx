import { createRootRoute, Outlet } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { UpdatePrompt } from "../features/pwa/index.ts";

// The toaster's code (Ark UI's toast) loads beside the first screen, not before it: nothing toasts before a screen
// has painted, and the store a toast goes to lives in the toast module itself (issue 22 item 13).
const Toasts = lazy(() => import("../ui/Toast.tsx").then(({ Toasts }) => ({ default: Toasts })));

export const Route = createRootRoute({
  component: () => (
    <>
      <Outlet />
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
      <UpdatePrompt />
    </>
  ),
});

import { createRootRoute, Outlet } from "@tanstack/react-router";
import { UpdatePrompt } from "../features/pwa/UpdatePrompt.tsx";
import { Toasts } from "../ui/index.ts";

export const Route = createRootRoute({
  component: () => (
    <>
      <Outlet />
      <Toasts />
      <UpdatePrompt />
    </>
  ),
});

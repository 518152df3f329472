import { createFileRoute } from "@tanstack/react-router";
import { LoginPage } from "../features/session/LoginPage.tsx";

export const Route = createFileRoute("/login")({
  component: LoginPage,
});

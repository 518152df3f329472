import { createFileRoute, redirect } from "@tanstack/react-router";
import { landingPath } from "../app/landing.ts";

// The installed app starts here: the home of the current account type, or the sign-in page.
export const Route = createFileRoute("/")({
  beforeLoad: async () => {
    throw redirect({ href: await landingPath(), replace: true });
  },
});

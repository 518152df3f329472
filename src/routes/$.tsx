import { createFileRoute, redirect } from "@tanstack/react-router";

// Any path outside the route table goes to /login (spec part 1 section 2.1).
export const Route = createFileRoute("/$")({
  beforeLoad: () => {
    throw redirect({ to: "/login", replace: true });
  },
});

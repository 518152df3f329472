// A role restriction shows nothing (spec part 1 section 2.2), unlike a type restriction, which redirects.
import type { ReactNode } from "react";
import { roleAllowed } from "../domain/access.ts";
import type { AccountRole } from "../domain/accounts.ts";
import { useViewer } from "./viewer.ts";

export function RequireRole({ roles, children }: { roles: readonly AccountRole[]; children: ReactNode }) {
  const { session } = useViewer();
  return roleAllowed(session, roles) ? children : null;
}

// /settings/activity (issuer accounts): the account's audit trail, exportable as CSV. Read from the server while
// online (the trail is not replicated to devices).
import { AuditTrail } from "./AuditTrail.tsx";

export function ActivityPage() {
  return <AuditTrail scope="account" fileName="account_activity" />;
}

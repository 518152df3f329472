// /account-role: terms of service when some are pending, otherwise account selection (spec part 1 2.4-2.5).
import type { UserAccounts } from "../../data/accounts.ts";
import { PublicShell } from "../shell/index.ts";
import { AccountSelection } from "./AccountSelection.tsx";
import { TermsOfService } from "./TermsOfService.tsx";

export function AccountRolePage({ data, roleFilter }: { data: UserAccounts; roleFilter?: string }) {
  const terms = data.pendingTerms[0];
  return (
    <PublicShell menu>
      {terms ? <TermsOfService terms={terms} /> : <AccountSelection accounts={data.accounts} roleFilter={roleFilter} />}
    </PublicShell>
  );
}

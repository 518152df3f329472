// Offering links (with their agent) and the allocation's email preference (sendDistribution).
import { css } from "../../../styled-system/css";
import { useCommand } from "../../data/hooks.tsx";
import type { AllocationDoc } from "../../data/models/index.ts";
import { Switch } from "../../ui/index.ts";
import { Card, mutedText, newId, tableClass } from "./parts.tsx";

interface OfferingLink {
  id: string;
  name: string;
  authorizedLink?: string | null;
  unauthorizedLink?: string | null;
  agentId?: string | null;
}

export function LinksTab({ allocation }: { allocation: AllocationDoc }) {
  const links = (allocation.offeringLinks ?? []) as OfferingLink[];
  return (
    <Card title="Offering Links">
      {links.length === 0 ? (
        <p className={mutedText}>No offering links yet.</p>
      ) : (
        <table className={tableClass}>
          <thead>
            <tr>
              <th>Name</th>
              <th>Authorized link</th>
              <th>Public link</th>
            </tr>
          </thead>
          <tbody>
            {links.map((l) => (
              <tr key={l.id}>
                <td className={css({ fontWeight: "600" })}>{l.name}</td>
                <td className={css({ wordBreak: "break-all" })}>{l.authorizedLink}</td>
                <td className={css({ wordBreak: "break-all" })}>{l.unauthorizedLink}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

export function EmailTab({ allocation, canEdit }: { allocation: AllocationDoc; canEdit: boolean }) {
  const command = useCommand();
  const preference = allocation.emailPreference as { id: string; sendDistribution: boolean } | null;
  const on = preference?.sendDistribution ?? true;
  const change = (next: boolean) => {
    if (preference) void command("updateAllocationEmailPreferenceById", { input: { id: preference.id, patch: { sendDistribution: next } } });
    else
      void command("createAllocationEmailPreference", {
        input: { allocationEmailPreference: { id: newId(), allocationId: allocation.id, sendDistribution: next } },
      });
  };
  return (
    <Card title="Emails">
      <Switch checked={on} onChange={change} disabled={!canEdit}>
        Send an invitation email when a distribution is created
      </Switch>
      <p className={mutedText}>Invitations go to the investor's email address with a link to the investment.</p>
    </Card>
  );
}

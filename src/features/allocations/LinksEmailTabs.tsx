// Offering links (with their agent) and the allocation's email preference (sendDistribution).
import { useState } from "react";
import { css } from "../../../styled-system/css";
import { newId } from "../../app/new-id.ts";
import { useFormValues } from "../../app/use-form-values.ts";
import { useCommand } from "../../data/hooks.tsx";
import type { AllocationDoc } from "../../data/models/index.ts";
import { usePendingChildren } from "../../data/pending-hooks.ts";
import { Button, Card, CardTable, FormGrid, mutedText, Switch, SyncMark, TextField } from "../../ui/index.ts";
import { LINKS_EMAIL_TEXT } from "./strings.ts";

interface OfferingLink {
  id: string;
  name: string;
  authorizedLink?: string | null;
  unauthorizedLink?: string | null;
  agentId?: string | null;
  agent?: { id?: string; name?: string | null; email?: string | null } | null;
  /** a queued link's input */
  agentEmail?: string;
}

export function LinksTab({ allocation, canEdit }: { allocation: AllocationDoc; canEdit: boolean }) {
  const command = useCommand();
  const stored = (allocation.offeringLinks ?? []) as OfferingLink[];
  const pending = usePendingChildren<OfferingLink>(
    "allocation.offeringLinks",
    allocation.id,
    stored.map((l) => l.id),
  );
  const links = [
    ...stored.map((l) => ({ l, mark: null })),
    ...pending.map((p) => ({ l: p.row as OfferingLink, mark: p.mark })),
  ];
  // The allocation document carries each link's agent (0312); a queued link knows only the email it was made with.
  const agentOf = (link: OfferingLink) => ({
    name: link.agent?.name ?? null,
    email: link.agent?.email ?? link.agentEmail ?? null,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { values, field, reset } = useFormValues({ name: "", agentEmail: "" }, errors);
  const add = async () => {
    const { name, agentEmail } = values;
    const next: Record<string, string> = {};
    if (!name.trim()) next.name = LINKS_EMAIL_TEXT.nameRequired;
    if (!agentEmail.trim()) next.agentEmail = LINKS_EMAIL_TEXT.agentEmailRequired;
    setErrors(next);
    if (Object.keys(next).length) return;
    await command("makeAllocationOfferingLink", {
      input: { id: newId(), allocationId: allocation.id, name: name.trim(), agentEmail: agentEmail.trim() },
    });
    reset();
  };
  return (
    <Card title={LINKS_EMAIL_TEXT.offeringLinks}>
      {canEdit && (
        <>
          <FormGrid columns={2}>
            <TextField label={LINKS_EMAIL_TEXT.name} {...field("name")} />
            <TextField label={LINKS_EMAIL_TEXT.agentEmail} type="email" {...field("agentEmail")} />
          </FormGrid>
          <div>
            <Button size="sm" onClick={add}>
              {LINKS_EMAIL_TEXT.addLink}
            </Button>
          </div>
        </>
      )}
      <CardTable
        rows={links}
        empty={LINKS_EMAIL_TEXT.noLinks}
        label={LINKS_EMAIL_TEXT.offeringLinks}
        headers={[
          LINKS_EMAIL_TEXT.name,
          LINKS_EMAIL_TEXT.agent,
          LINKS_EMAIL_TEXT.authorizedLink,
          LINKS_EMAIL_TEXT.publicLink,
        ]}
      >
        {({ l, mark }) => {
          const agent = agentOf(l);
          return (
            <tr key={l.id} data-testid="offering-link-row">
              <td className={css({ fontWeight: "600" })}>
                {l.name} <SyncMark mark={mark} />
              </td>
              <td>
                {agent.name && <div className={css({ fontWeight: "600" })}>{agent.name}</div>}
                {agent.email && <div className={css({ fontSize: "xs", color: "fg.muted" })}>{agent.email}</div>}
              </td>
              <td className={css({ wordBreak: "break-all" })}>{l.authorizedLink}</td>
              <td className={css({ wordBreak: "break-all" })}>{l.unauthorizedLink}</td>
            </tr>
          );
        }}
      </CardTable>
    </Card>
  );
}

export function EmailTab({ allocation, canEdit }: { allocation: AllocationDoc; canEdit: boolean }) {
  const command = useCommand();
  const preference = allocation.emailPreference as { id: string; sendDistribution: boolean } | null;
  const on = preference?.sendDistribution ?? true;
  const change = (next: boolean) => {
    if (preference)
      void command("updateAllocationEmailPreferenceById", {
        input: { id: preference.id, patch: { sendDistribution: next } },
      });
    else
      void command("createAllocationEmailPreference", {
        input: { allocationEmailPreference: { id: newId(), allocationId: allocation.id, sendDistribution: next } },
      });
  };
  return (
    <Card title={LINKS_EMAIL_TEXT.emails}>
      <Switch checked={on} onChange={change} disabled={!canEdit}>
        {LINKS_EMAIL_TEXT.sendOnCreate}
      </Switch>
      <p className={mutedText}>{LINKS_EMAIL_TEXT.emailsHint}</p>
    </Card>
  );
}

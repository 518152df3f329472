// The issuer's choice of the security's transfer agent on the Transfer rules card (nameTransferAgent; docs/TRANSFERS.md
// "The transfer agent"): who is named now (read with the rules while online), a select of the agent accounts
// (allVendorAgents, read while online and kept while the card is open) and the choice this device has queued, with its
// mark until the server answers.
import { useEffect, useMemo, useState } from "react";
import { css } from "../../../styled-system/css";
import { useOnline } from "../../app/useOnline.ts";
import { graphql } from "../../data/graphql.ts";
import { useCommand } from "../../data/hooks.tsx";
import type { PendingEntry } from "../../data/pending-lists.ts";
import { Button, mutedText, Select, SyncMark, toast } from "../../ui/index.ts";
import { TRANSFERS_TEXT } from "./strings.ts";

const NONE = "none";

const VENDOR_AGENTS = /* GraphQL */ `
  query vendorAgents { allVendorAgents(orderBy: NAME_ASC) { nodes { id name } } }
`;

function useAgentAccounts(): Array<{ id: string; name: string }> {
  const online = useOnline();
  const [agents, setAgents] = useState<Array<{ id: string; name: string }>>([]);
  useEffect(() => {
    if (!online) return;
    let live = true;
    graphql<{ allVendorAgents: { nodes: Array<{ id: string; name: string }> } }>(VENDOR_AGENTS)
      .then((data) => live && setAgents(data.allVendorAgents.nodes))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [online]);
  return agents;
}

export function TransferAgentForm({
  securityId,
  agent,
  queued,
}: {
  securityId: string;
  /** the agent named on the server, null for none */
  agent: { id: string; name: string } | null;
  /** this device's last queued choice for the security, if any */
  queued: PendingEntry<"security.transferRules"> | undefined;
}) {
  const command = useCommand();
  const agents = useAgentAccounts();
  const [choice, setChoice] = useState<string>(agent?.id ?? NONE);
  const [saving, setSaving] = useState(false);
  const options = useMemo(
    () => [{ label: TRANSFERS_TEXT.noAgent, value: NONE }, ...agents.map((a) => ({ label: a.name, value: a.id }))],
    [agents],
  );
  const nameOf = (id: unknown) =>
    typeof id === "string" ? (agents.find((a) => a.id === id)?.name ?? agent?.name ?? "") : "";
  const shown = queued && queued.mark.status !== "accepted" ? nameOf(queued.row?.agentId) : (agent?.name ?? "");
  const name = async () => {
    setSaving(true);
    try {
      await command("nameTransferAgent", { input: { securityId, agentId: choice === NONE ? null : choice } });
      toast.success(TRANSFERS_TEXT.agentSaved);
    } finally {
      setSaving(false);
    }
  };
  return (
    <div
      className={css({ display: "flex", flexDirection: "column", gap: "3", borderTopWidth: "1px", pt: "4" })}
      data-testid="transfer-agent"
    >
      <p className={css({ fontSize: "sm" })}>
        {shown ? TRANSFERS_TEXT.agentNamed(shown) : TRANSFERS_TEXT.agentNone}
        {queued && queued.mark.status !== "accepted" && <SyncMark mark={queued.mark} />}
      </p>
      <p className={mutedText}>{TRANSFERS_TEXT.agentDescription}</p>
      <div className={css({ display: "flex", gap: "3", alignItems: "flex-end", flexWrap: "wrap" })}>
        <div className={css({ minWidth: "64" })}>
          <Select
            label={TRANSFERS_TEXT.agentField}
            options={options}
            value={choice}
            onChange={(value) => setChoice(value ?? NONE)}
          />
        </div>
        <Button variant="outline" loading={saving} onClick={() => void name()}>
          {TRANSFERS_TEXT.nameAgent}
        </Button>
      </div>
    </div>
  );
}

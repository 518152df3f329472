// Distributors (broker allocations) of a round, with the issuer's add: createBrokerAllocation (a broker is
// required). The broker list comes from the replica plus, when online, the server's broker typeahead.
import { useEffect, useMemo, useState } from "react";
import { css } from "../../../styled-system/css";
import { newId } from "../../app/new-id.ts";
import { useOnline } from "../../app/useOnline.ts";
import { graphql } from "../../data/graphql.ts";
import { useCommand, useModel } from "../../data/hooks.tsx";
import type { BrokerAllocationDoc } from "../../data/models/index.ts";
import type { WithPending } from "../../data/pending.ts";
import { formatNumber } from "../../domain/format.ts";
import { Button, Card, CardTable, Select, StatusBadge, SyncMark, TextField } from "../../ui/index.ts";
import { AddDialog } from "./AddDialog.tsx";
import { DISTRIBUTORS_TEXT, ROUND_TEXT } from "./strings.ts";

interface BrokerOption {
  id: string;
  name: string;
}

function useBrokers(enabled: boolean): BrokerOption[] {
  const online = useOnline();
  const query = useMemo(() => ({ selector: { type: "broker" } }), []);
  const { rows } = useModel("accounts", query);
  const [remote, setRemote] = useState<BrokerOption[]>([]);
  useEffect(() => {
    if (!enabled || !online) return;
    graphql<{ allAccounts: { nodes: BrokerOption[] } }>(
      'query brokers { allAccounts(condition: { type: "broker" }, orderBy: NAME_ASC, first: 200) { nodes { id name } } }',
    )
      .then((data) => setRemote(data.allAccounts.nodes))
      .catch(() => setRemote([]));
  }, [enabled, online]);
  const all = new Map<string, BrokerOption>();
  for (const r of rows) all.set(r.id, { id: r.id, name: (r as { name?: string }).name ?? r.id });
  for (const r of remote) all.set(r.id, r);
  return [...all.values()];
}

export function Distributors({
  roundId,
  brokerAllocations,
  canAdd,
}: {
  roundId: string;
  brokerAllocations: WithPending<BrokerAllocationDoc>[];
  canAdd: boolean;
}) {
  const command = useCommand();
  const [open, setOpen] = useState(false);
  const brokers = useBrokers(open);
  const [brokerId, setBrokerId] = useState<string | null>(null);
  const [units, setUnits] = useState("");
  const [error, setError] = useState<string | null>(null);

  const add = async () => {
    if (!brokerId) return setError(DISTRIBUTORS_TEXT.brokerRequired);
    setError(null);
    const broker = brokers.find((b) => b.id === brokerId);
    await command("createBrokerAllocation", {
      input: {
        brokerAllocation: {
          id: newId(),
          roundId,
          brokerId,
          name: broker?.name ?? "",
          managedUnits: units.trim().replaceAll(",", "") || "0",
        },
      },
    });
    setOpen(false);
    setBrokerId(null);
    setUnits("");
  };

  return (
    <Card
      title={DISTRIBUTORS_TEXT.title}
      actions={
        canAdd ? (
          <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
            {DISTRIBUTORS_TEXT.addDistributor}
          </Button>
        ) : null
      }
      testId="distributors"
    >
      <CardTable
        rows={brokerAllocations}
        empty={DISTRIBUTORS_TEXT.none}
        // Scrolls sideways on a phone and holds nothing focusable: a named region in the tab order, so the keyboard
        // can scroll it (axe scrollable-region-focusable).
        label={DISTRIBUTORS_TEXT.title}
        headers={[
          DISTRIBUTORS_TEXT.distributor,
          { title: DISTRIBUTORS_TEXT.managedUnits, num: true },
          ROUND_TEXT.status,
        ]}
      >
        {(b) => (
          <tr key={b.id}>
            <td className={css({ fontWeight: "600" })}>{b.broker?.name ?? b.name}</td>
            <td className="num">{formatNumber(b.managedUnits)}</td>
            <td>
              <StatusBadge label={b.status.charAt(0).toUpperCase() + b.status.slice(1)} />{" "}
              <SyncMark mark={b._pending} />
            </td>
          </tr>
        )}
      </CardTable>
      <AddDialog open={open} onOpenChange={setOpen} title={DISTRIBUTORS_TEXT.addDistributor} onAdd={add}>
        <Select
          label={DISTRIBUTORS_TEXT.broker}
          options={brokers.map((b) => ({ value: b.id, label: b.name }))}
          value={brokerId}
          onChange={setBrokerId}
        />
        {error && (
          <span role="alert" className={css({ fontSize: "xs", color: "danger" })}>
            {error}
          </span>
        )}
        <TextField label={DISTRIBUTORS_TEXT.managedUnits} value={units} onChange={(e) => setUnits(e.target.value)} />
      </AddDialog>
    </Card>
  );
}

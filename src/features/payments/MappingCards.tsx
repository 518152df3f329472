// The payment provider page's mapping cards: an issuer of the provider mapped to this account, an offering mapped to
// one of its rounds, each with the mapping process's steps; mapping needs the network.
import { useState } from "react";
import { css } from "../../../styled-system/css";
import type { PaymentInstrument, PaymentIssuer } from "../../data/models/payment-accounts.ts";
import { Button, Card, Fact, Note, Select, StepPills, SyncMark } from "../../ui/index.ts";
import { PAYMENTS_TEXT as T } from "./strings.ts";

/** A card's facts: a description list (dt/dd in a dl), one under the other. */
const facts = css({ display: "grid", gap: "3" });

/** A mapping command's mark (what SyncMark shows). */
type Mark = Parameters<typeof SyncMark>[0]["mark"];

function MappingProcess({ steps, current }: { steps: readonly string[]; current: number }) {
  return (
    <StepPills
      label={T.mapping}
      steps={steps.map((step, index) => ({
        key: step,
        text: `${index + 1}. ${step}`,
        state: index < current ? "done" : index === current ? "current" : "todo",
      }))}
    />
  );
}

/** How a card maps its record: whether it may (a writer, online), the network, the command's mark, the command. */
interface Mapping {
  canMap: boolean;
  online: boolean;
  mark: Mark;
  onMap(value: string | null): void;
}

/** The mapping's choice and its Save (enabled once the choice differs from the stored one), with the command's mark. */
function MappingChoice({
  label,
  name,
  options,
  stored,
  mapping: { canMap, mark, onMap },
}: {
  label: string;
  name: string;
  options: { label: string; value: string }[];
  stored: string | null;
  mapping: Mapping;
}) {
  const [value, setValue] = useState<string | null>(stored);
  return (
    <>
      <Select
        label={label}
        name={name}
        options={options}
        value={value ?? ""}
        onChange={(next) => setValue(next || null)}
        disabled={!canMap}
      />
      <div className={css({ display: "flex", gap: "2", alignItems: "center" })}>
        <Button size="sm" disabled={!canMap || value === stored} onClick={() => onMap(value)}>
          {T.save}
        </Button>
        {mark && mark.status !== "accepted" && <SyncMark mark={mark} />}
      </div>
    </>
  );
}

export function IssuerDetails({
  issuer,
  accountId,
  accountName,
  offeringMapped,
  mapping,
}: {
  issuer: PaymentIssuer;
  accountId: string;
  accountName: string;
  offeringMapped: boolean;
  mapping: Mapping;
}) {
  return (
    <Card title={T.issuer} testId="payment-issuer">
      <dl className={facts}>
        <Fact label={T.name}>{issuer.name}</Fact>
        <Fact label={T.email}>{issuer.email ?? "—"}</Fact>
        <Fact label={T.providerId}>{issuer.paymentIssuerId}</Fact>
      </dl>
      <MappingProcess steps={T.mappingSteps} current={issuer.issuerId ? (offeringMapped ? 3 : 2) : 1} />
      <MappingChoice
        label={T.mapIssuer}
        name="issuerId"
        options={[
          { label: T.notMapped, value: "" },
          { label: accountName, value: accountId },
        ]}
        stored={issuer.issuerId}
        mapping={mapping}
      />
      {!mapping.online && <Note testId="needs-network">{T.mapNeedsNetwork}</Note>}
    </Card>
  );
}

export function OfferingDetails({
  instrument,
  issuerMapped,
  rounds,
  roundName,
  mapping,
}: {
  instrument: PaymentInstrument;
  issuerMapped: boolean;
  rounds: Array<{ id: string; name: string }>;
  roundName(id: string | null): string;
  mapping: Mapping;
}) {
  return (
    <Card title={T.offering} testId="payment-offering">
      <dl className={facts}>
        <Fact label={T.name}>{instrument.name}</Fact>
        <Fact label={T.providerId}>{instrument.paymentInstrumentId}</Fact>
        <Fact label={T.status}>{instrument.status ?? "—"}</Fact>
        <Fact label={T.mappedTo}>{roundName(instrument.roundId)}</Fact>
      </dl>
      <MappingProcess steps={T.mappingSteps} current={instrument.roundId ? 3 : issuerMapped ? 2 : 1} />
      {issuerMapped ? (
        <MappingChoice
          label={T.mapRound}
          name="roundId"
          options={[{ label: T.notMapped, value: "" }, ...rounds.map((r) => ({ label: r.name, value: r.id }))]}
          stored={instrument.roundId}
          mapping={mapping}
        />
      ) : (
        <Note>{T.mapIssuerFirst}</Note>
      )}
      {!mapping.online && <Note testId="needs-network">{T.mapNeedsNetwork}</Note>}
    </Card>
  );
}

// /settings/integrations (spec part 2 "Settings", "Integration process"): the integrations of the account's type as
// cards, 3 per page, read from the `integrations` replica. An integration the account has not added offers Add
// (owners and admins: createAccountIntegration, a queued command that works offline and shows as waiting); one whose
// process is not complete shows its current step and short steps; a complete one shows Manage for Signing and Payment
// processing. An integration with nothing behind it on this server says "Not available on this server" with the
// reason and offers no Add; Signing says which signer the account uses (DocuSign or the built-in signer) and links to
// the signing settings; Compliance, once added, shows how long accreditation approvals hold and Manage sets it.
import { Link, useSearch } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { css } from "../../../styled-system/css";
import { useViewer } from "../../app/viewer.ts";
import { useCommand, useModel } from "../../data/hooks.tsx";
import type { AccountIntegration, IntegrationPartner, IntegrationStep } from "../../data/models/integrations.ts";
import { usePending } from "../../data/pending-hooks.ts";
import {
  Button,
  Card,
  CardGrid,
  EmptyState,
  LoadingIndicator,
  linkClass,
  StatusBadge,
  StepPills,
  SyncMark,
} from "../../ui/index.ts";
import { ComplianceManage } from "./ComplianceManage.tsx";
import { integrationTypesFor, manageLink, pageHolding, pageOf } from "./integration-rules.ts";
import { INTEGRATIONS_TEXT as T } from "./strings.ts";

interface Mark {
  status: "pending" | "accepted" | "rejected";
  errorMessage?: string | null;
}

interface IntegrationRow {
  id: string;
  type: string;
  service: string;
  description?: string | null;
  partner?: IntegrationPartner | null;
  accountIntegration?: AccountIntegration | null;
  available?: boolean | null;
  unavailableReason?: string | null;
  signingProvider?: { provider: string; name: string } | null;
  /** Compliance: how long the account's accreditation approvals hold */
  accreditationValidDays?: number | null;
}

export function IntegrationsPage() {
  const { accountType, canWrite } = useViewer();
  const { rows, loading } = useModel("integrations");
  const connecting = usePending("account.integrations");
  const send = useCommand();
  // ?type=payment (the payment provider page's "Go to Integrations") opens on the page holding that type
  const wanted = (useSearch({ strict: false }) as { type?: string }).type;
  const [chosenPage, setPage] = useState<number | null>(null);

  const visible = useMemo(() => {
    const types = integrationTypesFor(accountType);
    return (rows as unknown as IntegrationRow[])
      .filter((row) => types.includes(row.type))
      .sort((a, b) => types.indexOf(a.type) - types.indexOf(b.type) || a.service.localeCompare(b.service));
  }, [rows, accountType]);
  const paged = pageOf(visible, chosenPage ?? pageHolding(visible, wanted));

  if (loading) return <LoadingIndicator />;
  if (visible.length === 0) return <EmptyState text={T.empty} />;
  // An investor sees what the account is connected to (wallet, documents) beside Portfolio.
  const investor = accountType === "investor";

  const queued = (integrationId: string) => connecting.find((entry) => entry.id === integrationId)?.command;

  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "4" })} data-testid="integrations">
      {!canWrite && <p className={css({ fontSize: "sm", color: "fg.muted" })}>{T.readOnly}</p>}
      <CardGrid columns={3}>
        {investor && <InvestorConnections />}
        {paged.rows.map((row) => {
          const command = queued(row.id);
          return (
            <IntegrationCard
              key={row.id}
              row={row}
              canWrite={canWrite}
              mark={command ? { status: command.status as Mark["status"], errorMessage: command.errorMessage } : null}
              onAdd={() => send("createAccountIntegration", { input: { integrationId: row.id } })}
            />
          );
        })}
      </CardGrid>
      {paged.pages > 1 && (
        <nav
          aria-label={T.title}
          className={css({ display: "flex", alignItems: "center", justifyContent: "flex-end", gap: "3" })}
        >
          <Button variant="outline" size="sm" disabled={paged.page <= 1} onClick={() => setPage(paged.page - 1)}>
            {T.previous}
          </Button>
          <span className={css({ fontSize: "sm", color: "fg.muted" })}>{T.page(paged.page, paged.pages)}</span>
          <Button
            variant="outline"
            size="sm"
            disabled={paged.page >= paged.pages}
            onClick={() => setPage(paged.page + 1)}
          >
            {T.next}
          </Button>
        </nav>
      )}
    </div>
  );
}

/** The investor's connections: a link to the screen and what it holds. */
const INVESTOR_LINKS = [
  { to: "/wallet", title: T.investorWallet, detail: T.investorWalletDetail },
  { to: "/investor-documents", title: T.investorDocuments, detail: T.investorDocumentsDetail },
] as const;

/** An investor's connections that work today: its wallet's chain addresses and the documents its issuers send. */
function InvestorConnections() {
  return (
    <Card testId="integration-investor-connections" title={T.investorTitle}>
      <p className={css({ fontSize: "sm", color: "fg.default" })}>{T.investorIntro}</p>
      <ul className={css({ display: "flex", flexDirection: "column", gap: "2", fontSize: "sm" })}>
        {INVESTOR_LINKS.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className={linkClass}>
              {item.title}
            </Link>
            {` ${item.detail}`}
          </li>
        ))}
      </ul>
    </Card>
  );
}

function IntegrationCard({
  row,
  canWrite,
  mark,
  onAdd,
}: {
  row: IntegrationRow;
  canWrite: boolean;
  /** the queued Add command: pending, accepted (waiting for the replica) or rejected with its reason */
  mark: Mark | null;
  onAdd(): void;
}) {
  const added = row.accountIntegration ?? null;
  const complete = added?.status === "complete";
  const manage = complete ? manageLink(row.type) : null;
  // nothing stands behind it on this server: no Add, and the reason
  const unavailable = row.available === false && !added;
  return (
    <Card
      testId={`integration-${row.type}`}
      title={added?.providerName ?? signerName(row) ?? row.partner?.name ?? row.service}
      actions={
        added ? (
          complete ? (
            manage ? (
              <Link to={manage} className={css({ textDecoration: "none" })}>
                <Button size="sm">{T.manage}</Button>
              </Link>
            ) : (
              <StatusBadge label={T.connected} status="active" />
            )
          ) : null
        ) : unavailable ? (
          <StatusBadge label={T.notAvailable} />
        ) : mark && mark.status !== "rejected" ? (
          <SyncMark mark={mark} />
        ) : canWrite ? (
          <Button size="sm" onClick={onAdd}>
            {T.add}
          </Button>
        ) : null
      }
    >
      <p className={css({ fontSize: "xs", fontWeight: "700", textTransform: "uppercase", color: "fg.muted" })}>
        {T.typeLabels[row.type] ?? row.type}
      </p>
      {row.description && <p className={css({ fontSize: "sm", color: "fg.default" })}>{row.description}</p>}
      {unavailable && row.unavailableReason && (
        <p className={css({ fontSize: "sm", color: "fg.muted" })} data-testid="integration-unavailable">
          {row.unavailableReason}
        </p>
      )}
      {row.type === "signing" && <SigningInUse signer={row.signingProvider ?? null} />}
      {mark?.status === "rejected" && <SyncMark mark={mark} />}
      {added && row.type === "compliance" && <ComplianceManage knownDays={row.accreditationValidDays} />}
      {added && !complete && <Process process={added.process} />}
    </Card>
  );
}

/** Signing is titled by the signer the account uses (the built-in signer's name, or DocuSign), not the partner. */
function signerName(row: IntegrationRow): string | null {
  if (row.type !== "signing" || !row.signingProvider) return null;
  return row.signingProvider.provider === "docusign" ? T.docusign : row.signingProvider.name;
}

const SIGNING_SETTINGS = manageLink("signing") ?? "/settings";

/** Signing: which signer the account's signing account uses, and the signing settings (issue 17). */
function SigningInUse({ signer }: { signer: { provider: string; name: string } | null }) {
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "1" })} data-testid="integration-signer">
      <p className={css({ fontSize: "sm" })}>
        {signer
          ? T.signerInUse(signer.provider === "docusign" ? T.docusign : T.builtinSigner(signer.name))
          : T.noSigner}
      </p>
      <Link to={SIGNING_SETTINGS} className={linkClass}>
        {T.signingSettings}
      </Link>
    </div>
  );
}

function Process({ process }: { process: AccountIntegration["process"] }) {
  const current = process.currentStep;
  return (
    <div data-testid="integration-process" className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
      <p className={css({ fontSize: "sm" })}>
        {current ? (
          <>
            {T.currentStep}: <strong>{current.title}</strong>
          </>
        ) : (
          T.processComplete
        )}
      </p>
      <StepPills
        label={T.steps}
        steps={process.steps.map((step: IntegrationStep) => ({
          key: step.order,
          text: `${step.order}. ${step.title}`,
          title: T.stepStatus[step.status],
          state: step.status === "complete" ? "done" : step.status === "in_progress" ? "current" : "todo",
        }))}
      />
    </div>
  );
}

// The round page's token view (/asset-class/{id}/token, issuer only; spec part 2): Token Information (name, symbol,
// chain, status, the contract address linking to the chain's explorer where one exists) with Edit, Swap Chain,
// Deploy, Mint and Setup Token as the token's state and the viewer's role allow, and the Stakeholder Ledger read from
// the chain (the token's cap table entries, with block numbers on the product's private network). Reads the replicas
// only; the contract's changes arrive through the change stream, so Deploying -> Deployed shows live.
import { useMemo, useState } from "react";
import { css } from "../../../styled-system/css";
import { useOnline } from "../../app/useOnline.ts";
import { formatNumber } from "../../domain/format.ts";
import {
  Button,
  Card,
  EmptyState,
  Fact,
  LoadingIndicator,
  linkClass,
  mutedText,
  Stat,
  StatRow,
  StatusBadge,
  SyncMark,
  tableClass,
} from "../../ui/index.ts";
import { CHAIN_LABELS, TOKEN_TEXT } from "./strings.ts";
import { DeployDialog, MintDialog, SwapChainDialog, TokenSetupDialog } from "./TokenDialogs.tsx";
import { currentContract, type TokenDoc, type TokenMarks } from "./token-overlay.ts";
import {
  chainLabel,
  chainSymbol,
  explorerUrl,
  isInFlight,
  ledgerRows,
  ledgerTotals,
  type MintCandidate,
  mintableHoldings,
  PRIVATE_CHAIN,
  showsBlockNumber,
  type TokenActor,
  tokenActions,
  tokenAmountText,
  tokenStatusLabel,
} from "./token-rules.ts";
import { useRoundToken, useTokenChains } from "./use-token.ts";

const DISPLAY_ONLY = new Set(["system_only", "burning"]);

type Open = "setup" | "edit" | "deploy" | "mint" | "swap" | null;

const mono = css({ fontFamily: "mono", fontSize: "xs", overflowWrap: "anywhere" });

function ContractAddress({ chain, address }: { chain: string | null | undefined; address: string | null | undefined }) {
  if (!address) return <span className={mutedText}>{TOKEN_TEXT.notDeployedYet}</span>;
  const url = explorerUrl(chain, address);
  if (!url) return <span className={mono}>{address}</span>;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className={`${linkClass} ${mono}`}
      title={TOKEN_TEXT.explorer(chainLabel(chain))}
      data-testid="token-explorer-link"
    >
      {address}
    </a>
  );
}

function TokenInformation({
  token,
  marks,
  actor,
  onOpen,
}: {
  token: TokenDoc & { _pending?: TokenMarks["token"] };
  marks: TokenMarks;
  actor: TokenActor;
  onOpen: (open: Open) => void;
}) {
  const contract = currentContract(token);
  const state = { tokenStatus: token.status, contractStatus: contract?.status ?? null };
  const actions = tokenActions(actor, state);
  // While a queued command waits, its button is not offered again.
  const deployQueued = marks.deploy && marks.deploy.status !== "rejected";
  const swapQueued = marks.swap && marks.swap.status !== "rejected";
  const symbol = chainSymbol(contract?.chain);
  // The contract's status is the chain's; the token's own display-only states (Not Tokenized, Burning) win.
  const status = DISPLAY_ONLY.has(token.status) ? token.status : (contract?.status ?? token.status);
  return (
    <Card
      title={TOKEN_TEXT.information}
      testId="token-information"
      actions={
        <div className={css({ display: "flex", gap: "2", flexWrap: "wrap", justifyContent: "flex-end" })}>
          {actions.edit && (
            <Button size="sm" variant="outline" onClick={() => onOpen("edit")}>
              {TOKEN_TEXT.edit}
            </Button>
          )}
          {actions.swapChain && !swapQueued && (
            <Button size="sm" variant="outline" onClick={() => onOpen("swap")}>
              {TOKEN_TEXT.swapChain}
            </Button>
          )}
          {actions.deploy && !deployQueued && (
            <Button size="sm" onClick={() => onOpen("deploy")}>
              {TOKEN_TEXT.deploy}
            </Button>
          )}
          {actions.mint && (
            <Button size="sm" onClick={() => onOpen("mint")}>
              {TOKEN_TEXT.mint}
            </Button>
          )}
        </div>
      }
    >
      <dl
        className={css({
          display: "grid",
          gap: "4",
          gridTemplateColumns: { base: "1fr", sm: "repeat(2, minmax(0, 1fr))", lg: "repeat(4, minmax(0, 1fr))" },
        })}
      >
        <Fact label={TOKEN_TEXT.name} testId="token-name">
          {token.name}
        </Fact>
        <Fact label={TOKEN_TEXT.symbol} testId="token-symbol">
          {token.symbol}
        </Fact>
        <Fact label={TOKEN_TEXT.chain} testId="token-chain">
          {chainLabel(contract?.chain)}
          {symbol ? ` (${symbol})` : ""}
        </Fact>
        <Fact label={TOKEN_TEXT.status} testId="token-status">
          <span className={css({ display: "inline-flex", gap: "2", alignItems: "center", flexWrap: "wrap" })}>
            <StatusBadge label={tokenStatusLabel(status)} />
            {[token._pending, marks.deploy, marks.swap].map((mark) =>
              mark ? <SyncMark key={mark.key} mark={mark} /> : null,
            )}
          </span>
        </Fact>
        <Fact
          label={TOKEN_TEXT.contractAddress}
          testId="token-contract-address"
          className={css({ gridColumn: "1 / -1" })}
        >
          <ContractAddress chain={contract?.chain} address={contract?.contractAddress} />
        </Fact>
      </dl>
      {contract?.failure && contract.status === "not_deployed" && (
        <p role="alert" className={css({ fontSize: "sm", color: "danger" })} data-testid="token-failure">
          {TOKEN_TEXT.failedReason(contract.failure)}
        </p>
      )}
      {isInFlight(state) && (
        <p role="status" aria-live="polite" className={mutedText} data-testid="token-live">
          {TOKEN_TEXT.live}
        </p>
      )}
    </Card>
  );
}

/** The ledger's status of an entry (spec: the private network reads Issued, other chains show the chain). */
const entryStatus = (chain: string | null | undefined) =>
  !chain || chain === PRIVATE_CHAIN ? tokenStatusLabel("issued") : (CHAIN_LABELS[chain] ?? chain);

function StakeholderLedger({
  token,
  marks,
  holdingNames,
}: {
  token: TokenDoc;
  marks: TokenMarks;
  holdingNames: ReadonlyMap<string, { name: string; amount: string }>;
}) {
  const chain = currentContract(token)?.chain;
  const rows = ledgerRows(
    (token.capTableEntries ?? []).map((entry) => ({
      id: entry.id,
      investorId: entry.investorId,
      investorName: entry.investor?.name ?? null,
      investorEmail: entry.investor?.email ?? null,
      address: entry.blockchainAddress?.address ?? null,
      chain: entry.blockchainAddress?.chain ?? chain ?? null,
      amount: entry.amount,
      blockNumber: entry.blockNumber ?? null,
    })),
    chain,
  );
  const totals = ledgerTotals(rows);
  const withBlock = showsBlockNumber(chain);
  // Mints on their way (queued on this device, or waiting for a block) and failed ones, under the chain's entries.
  const inFlight = [
    ...(token.holdings ?? [])
      .filter((holding) => holding.chain === chain && (holding.status === "pending" || holding.status === "failed"))
      .map((holding) => ({
        id: holding.holdingId,
        address: holding.address ?? null,
        status: holding.status ?? "pending",
        failure: holding.failure ?? null,
        mark: marks.mint.get(holding.holdingId),
      })),
    ...[...marks.mint.entries()]
      .filter(([id, mark]) => mark.status !== "accepted" && !(token.holdings ?? []).some((h) => h.holdingId === id))
      .map(([id, mark]) => ({ id, address: null, status: "queued", failure: null, mark })),
  ];
  return (
    <Card title={TOKEN_TEXT.ledgerTitle} testId="stakeholder-ledger">
      <StatRow>
        <Stat label={TOKEN_TEXT.ledgerStakeholders} value={totals.stakeholders} testId="ledger-stakeholders" />
        <Stat
          label={TOKEN_TEXT.ledgerUnits}
          value={tokenAmountText(totals.units, token.precision)}
          testId="ledger-units"
        />
      </StatRow>
      {rows.length === 0 && inFlight.length === 0 ? (
        <p className={mutedText}>{TOKEN_TEXT.ledgerNone}</p>
      ) : (
        <>
          {/* Phones: one entry per block of lines; wider screens: the table. */}
          <ul className={css({ display: { base: "flex", sm: "none" }, flexDirection: "column", gap: "3" })}>
            {rows.map((row) => (
              <li
                key={row.id}
                data-testid="ledger-item"
                className={css({ borderTopWidth: "1px", borderColor: "border.default", pt: "3" })}
              >
                <div className={css({ display: "flex", justifyContent: "space-between", gap: "3" })}>
                  <span className={css({ fontWeight: "600" })}>{row.investorName ?? "—"}</span>
                  <span className={css({ fontVariantNumeric: "tabular-nums", fontWeight: "600" })}>
                    {tokenAmountText(row.amount, token.precision)}
                  </span>
                </div>
                <div className={mono}>{row.address ?? "—"}</div>
                <div className={css({ display: "flex", gap: "2", alignItems: "center", mt: "1", fontSize: "xs" })}>
                  <StatusBadge label={entryStatus(row.chain)} />
                  {withBlock && row.blockText && (
                    <span className={css({ color: "fg.muted" })}>{TOKEN_TEXT.ledgerBlockNumber(row.blockText)}</span>
                  )}
                </div>
              </li>
            ))}
            {inFlight.map((item) => (
              <li
                key={`mint-${item.id}`}
                className={css({ borderTopWidth: "1px", borderColor: "border.default", pt: "3" })}
              >
                <div className={css({ display: "flex", justifyContent: "space-between", gap: "3" })}>
                  <span className={css({ fontWeight: "600" })}>{holdingNames.get(item.id)?.name ?? "—"}</span>
                  <span>{holdingNames.get(item.id) ? formatNumber(holdingNames.get(item.id)?.amount) : "—"}</span>
                </div>
                <div className={css({ display: "flex", gap: "2", flexWrap: "wrap", mt: "1" })}>
                  <StatusBadge label={item.status === "failed" ? TOKEN_TEXT.failed : tokenStatusLabel("issuing")} />
                  <SyncMark mark={item.mark} />
                </div>
                {item.failure && (
                  <div className={css({ fontSize: "xs", color: "danger", mt: "1" })}>{item.failure}</div>
                )}
              </li>
            ))}
          </ul>
          <div className={css({ overflowX: "auto", display: { base: "none", sm: "block" } })}>
            <table className={tableClass}>
              <thead>
                <tr>
                  <th>{TOKEN_TEXT.investor}</th>
                  <th>{TOKEN_TEXT.ledgerAddress}</th>
                  <th className="num">{TOKEN_TEXT.ledgerAmount}</th>
                  {withBlock && <th className="num">{TOKEN_TEXT.ledgerBlock}</th>}
                  <th>{TOKEN_TEXT.ledgerStatus}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} data-testid="ledger-row">
                    <td>
                      <div className={css({ fontWeight: "600" })}>{row.investorName ?? "—"}</div>
                      {row.investorEmail && (
                        <div className={css({ fontSize: "xs", color: "fg.muted" })}>{row.investorEmail}</div>
                      )}
                    </td>
                    <td className={mono} data-testid="ledger-address">
                      {row.address ?? "—"}
                    </td>
                    <td className="num" data-testid="ledger-amount">
                      {tokenAmountText(row.amount, token.precision)}
                    </td>
                    {withBlock && (
                      <td className="num" data-testid="ledger-block">
                        {row.blockText ?? "—"}
                      </td>
                    )}
                    <td>
                      <StatusBadge label={entryStatus(row.chain)} />
                    </td>
                  </tr>
                ))}
                {inFlight.map((item) => {
                  const holding = holdingNames.get(item.id);
                  return (
                    <tr key={`mint-${item.id}`} data-testid="ledger-pending-row">
                      <td>{holding?.name ?? "—"}</td>
                      <td className={mono}>{item.address ?? "—"}</td>
                      <td className="num">{holding ? formatNumber(holding.amount) : "—"}</td>
                      {withBlock && <td className="num">—</td>}
                      <td>
                        <span className={css({ display: "inline-flex", gap: "2", flexWrap: "wrap" })}>
                          <StatusBadge
                            label={item.status === "failed" ? TOKEN_TEXT.failed : tokenStatusLabel("issuing")}
                          />
                          <SyncMark mark={item.mark} />
                        </span>
                        {item.failure && (
                          <div className={css({ fontSize: "xs", color: "danger", mt: "1" })}>{item.failure}</div>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Card>
  );
}

export function TokenView({ roundId, actor }: { roundId: string; actor: TokenActor }) {
  const { token, marks, holdings, loading } = useRoundToken(roundId);
  const chains = useTokenChains();
  const online = useOnline();
  const [open, setOpen] = useState<Open>(null);
  const contract = currentContract(token);
  const setOpenTo = (which: Open) => (next: boolean) => setOpen(next ? which : null);

  const holdingNames = useMemo(
    () =>
      new Map(
        holdings.map((holding) => [
          holding.id,
          { name: holding.investor?.name ?? "—", amount: String(holding.amount) },
        ]),
      ),
    [holdings],
  );
  const candidates: MintCandidate[] = useMemo(() => {
    const chain = contract?.chain;
    const status = new Map((token?.holdings ?? []).filter((h) => h.chain === chain).map((h) => [h.holdingId, h]));
    return mintableHoldings(
      holdings.map((holding) => {
        const mint = status.get(holding.id);
        const queued = marks.mint.get(holding.id);
        return {
          id: holding.id,
          amount: String(holding.amount),
          investorName: holding.investor?.name ?? null,
          minted:
            (mint !== undefined && mint.status !== "failed") || (queued !== undefined && queued.status !== "rejected"),
        };
      }),
    );
  }, [holdings, token, contract?.chain, marks.mint]);

  if (loading) return <LoadingIndicator />;
  const actions = tokenActions(actor, { tokenStatus: token?.status ?? null, contractStatus: contract?.status ?? null });
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "5" })} data-testid="token-view">
      {!online && (
        <p role="status" className={mutedText} data-testid="token-offline">
          {TOKEN_TEXT.offlineNote}
        </p>
      )}
      {token ? (
        <>
          <TokenInformation token={token} marks={marks} actor={actor} onOpen={setOpen} />
          <StakeholderLedger token={token} marks={marks} holdingNames={holdingNames} />
        </>
      ) : (
        <Card
          title={TOKEN_TEXT.information}
          testId="token-information"
          actions={
            actions.setup ? (
              <Button size="sm" onClick={() => setOpen("setup")}>
                {TOKEN_TEXT.setupToken}
              </Button>
            ) : null
          }
        >
          <EmptyState text={TOKEN_TEXT.noToken} />
        </Card>
      )}
      {/* Rendered only while open: each opening starts from the token as it is now. */}
      {actions.setup && open === "setup" && (
        <TokenSetupDialog open onOpenChange={setOpenTo("setup")} roundId={roundId} token={null} chains={chains} />
      )}
      {token && actions.edit && open === "edit" && (
        <TokenSetupDialog open onOpenChange={setOpenTo("edit")} roundId={roundId} token={token} chains={chains} />
      )}
      {token && actions.deploy && open === "deploy" && (
        <DeployDialog open onOpenChange={setOpenTo("deploy")} token={token} />
      )}
      {token && actions.mint && open === "mint" && (
        <MintDialog open onOpenChange={setOpenTo("mint")} candidates={candidates} />
      )}
      {token && actions.swapChain && open === "swap" && (
        <SwapChainDialog open onOpenChange={setOpenTo("swap")} token={token} chains={chains} />
      )}
    </div>
  );
}

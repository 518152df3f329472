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
  ListCard,
  ListRow,
  LoadingIndicator,
  linkClass,
  mutedText,
  Note,
  StatusBadge,
  SyncMark,
  Tag,
} from "../../ui/index.ts";
import { StakeholderLedger } from "./StakeholderLedger.tsx";
import { TOKEN_TEXT } from "./strings.ts";
import { DeployDialog, MintDialog, SwapChainDialog } from "./TokenDialogs.tsx";
import { TokenSetupDialog } from "./TokenSetupDialog.tsx";
import { currentContract, type TokenDoc, type TokenMarks, tokenUnits } from "./token-overlay.ts";
import {
  chainLabel,
  chainSymbol,
  explorerUrl,
  isInFlight,
  type MintCandidate,
  mintableHoldings,
  type TokenActor,
  tokenActions,
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

/** A round with several tokens: each with the units it holds, the one shown marked, the others a button away. */
function RoundTokens({
  tokens,
  shown,
  onShow,
}: {
  tokens: readonly TokenDoc[];
  shown: string | undefined;
  onShow: (id: string) => void;
}) {
  return (
    <ListCard title={TOKEN_TEXT.roundTokens} empty={TOKEN_TEXT.roundTokensEmpty} testId="round-tokens">
      {tokens.map((each) => (
        <ListRow
          key={each.id}
          title={each.name}
          detail={TOKEN_TEXT.tokenDetail(
            formatNumber(String(tokenUnits(each))),
            chainLabel(currentContract(each)?.chain),
          )}
        >
          {each.id === shown ? (
            <Tag text={TOKEN_TEXT.shown} />
          ) : (
            <Button size="sm" variant="outline" aria-label={TOKEN_TEXT.show(each.name)} onClick={() => onShow(each.id)}>
              {TOKEN_TEXT.showLabel}
            </Button>
          )}
        </ListRow>
      ))}
    </ListCard>
  );
}

export function TokenView({ roundId, actor }: { roundId: string; actor: TokenActor }) {
  const [chosen, setChosen] = useState<string | null>(null);
  const { token, tokens, marks, holdings, loading } = useRoundToken(roundId, chosen);
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
      {actor.accountType === "issuer" && !actor.canWrite && <Note testId="token-read-only">{TOKEN_TEXT.readOnly}</Note>}
      {!online && (
        <p role="status" className={mutedText} data-testid="token-offline">
          {TOKEN_TEXT.offlineNote}
        </p>
      )}
      {tokens.length > 1 && <RoundTokens tokens={tokens} shown={token?.id} onShow={setChosen} />}
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

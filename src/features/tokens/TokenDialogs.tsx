// The token view's dialogs: Setup Token and Edit (two screens: the form, then the review, then FINISH), "Deploy
// Token?", Mint (the round's holdings not minted yet) and Swap Chain. Every action is a command of the catalogue,
// queued in the outbox (offline too) and shown pending on the view until the server has answered and the replica
// holds the result.
import { useState } from "react";
import { css } from "../../../styled-system/css";
import { newId } from "../../app/new-id.ts";
import { useCommand } from "../../data/hooks.tsx";
import { formatNumber } from "../../domain/format.ts";
import {
  Button,
  Checkbox,
  Dialog,
  Fact,
  FieldError,
  mutedText,
  Select,
  TextField,
  tableClass,
  toast,
} from "../../ui/index.ts";
import { TOKEN_TEXT } from "./strings.ts";
import {
  chainLabel,
  chainSymbol,
  cleanTokenValues,
  hasErrors,
  type MintCandidate,
  type TokenErrors,
  type TokenValues,
  validateToken,
} from "./token-rules.ts";
import { type ChainOption, type TokenDoc, unavailableChains } from "./use-token.ts";

/** The chain options of a Select: a disabled chain is listed, not choosable, its reason under the field. */
const chainOptions = (chains: readonly ChainOption[], except?: string) =>
  chains
    .filter((option) => option.chain !== except)
    .map((option) => ({ value: option.chain, label: chainLabel(option.chain), disabled: !option.enabled }));

function ChainReasons({ chains }: { chains: readonly ChainOption[] }) {
  const disabled = chains.filter((option) => !option.enabled && option.reason);
  if (disabled.length === 0) return null;
  return (
    <ul className={css({ fontSize: "xs", color: "fg.muted", display: "flex", flexDirection: "column", gap: "1" })}>
      {disabled.map((option) => (
        <li key={option.chain} data-testid="chain-unavailable">
          {chainLabel(option.chain)}: {option.reason}
        </li>
      ))}
    </ul>
  );
}

/**
 * Setup Token (no token yet: makeToken creates it with client-made token and contract ids) and Edit (the token while
 * not deployed: makeToken with its id). Screen 1 is the form; Next checks it (the spec's messages) and shows the
 * review; FINISH queues the command.
 */
export function TokenSetupDialog({
  open,
  onOpenChange,
  roundId,
  token,
  chains,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  roundId: string;
  /** The token to edit; null for Setup Token. */
  token: TokenDoc | null;
  chains: readonly ChainOption[];
}) {
  const send = useCommand();
  const editing = token !== null;
  const initial = (): TokenValues => ({
    name: token?.name ?? "",
    symbol: token?.symbol ?? "",
    // Setup starts with no chain chosen (spec: "Chain is required.").
    chain: token?.contracts?.[0]?.chain ?? "",
  });
  const [values, setValues] = useState<TokenValues>(initial);
  const [errors, setErrors] = useState<TokenErrors>({});
  const [screen, setScreen] = useState<"form" | "review">("form");
  const [saving, setSaving] = useState(false);
  const unavailable = unavailableChains(chains);
  // Editing a token whose chain is now unavailable keeps it (the server decides on the chain it already has).
  const blocked = editing ? {} : unavailable;

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setScreen("form");
      setErrors({});
      setValues(initial());
    }
  };
  const set = (key: keyof TokenValues) => (value: string | null) => {
    setValues((current) => ({ ...current, [key]: value ?? "" }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const next = () => {
    const found = validateToken(values, blocked);
    setErrors(found);
    if (!hasErrors(found)) setScreen("review");
  };
  const finish = async () => {
    const clean = cleanTokenValues(values);
    setSaving(true);
    try {
      await send("makeToken", {
        input: {
          roundId,
          tokenId: token?.id ?? newId(),
          name: clean.name,
          symbol: clean.symbol,
          chain: clean.chain,
          contractAddressId: token?.contracts?.[0]?.id ?? newId(),
        },
      });
      close(false);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };
  const clean = cleanTokenValues(values);
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={editing ? TOKEN_TEXT.editTitle : TOKEN_TEXT.setupTitle}
      description={screen === "form" ? TOKEN_TEXT.formStep : TOKEN_TEXT.reviewStep}
      footer={
        screen === "form" ? (
          <>
            <Button variant="ghost" onClick={() => close(false)}>
              {TOKEN_TEXT.cancel}
            </Button>
            <Button onClick={next}>{TOKEN_TEXT.next}</Button>
          </>
        ) : (
          <>
            <Button variant="ghost" onClick={() => setScreen("form")}>
              {TOKEN_TEXT.back}
            </Button>
            <Button onClick={finish} loading={saving}>
              {TOKEN_TEXT.finish}
            </Button>
          </>
        )
      }
    >
      {screen === "form" ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            next();
          }}
          className={css({ display: "flex", flexDirection: "column", gap: "4", mt: "2" })}
          data-testid="token-form"
        >
          <TextField
            label={TOKEN_TEXT.name}
            value={values.name}
            onValueChange={set("name")}
            error={errors.name}
            autoFocus
          />
          <TextField
            label={TOKEN_TEXT.symbol}
            value={values.symbol}
            onValueChange={set("symbol")}
            error={errors.symbol}
          />
          <div className={css({ display: "flex", flexDirection: "column", gap: "2" })}>
            <Select
              label={TOKEN_TEXT.chain}
              options={chainOptions(chains)}
              value={values.chain || null}
              onChange={set("chain")}
              placeholder={TOKEN_TEXT.chainPlaceholder}
            />
            <FieldError text={errors.chain} />
            <ChainReasons chains={chains} />
          </div>
          {/* Enter submits the form (Next). */}
          <button type="submit" hidden />
        </form>
      ) : (
        <div
          className={css({ display: "flex", flexDirection: "column", gap: "4", mt: "2" })}
          data-testid="token-review"
        >
          <p className={mutedText}>{TOKEN_TEXT.reviewIntro}</p>
          <dl className={css({ display: "grid", gridTemplateColumns: { base: "1fr", sm: "1fr 1fr" }, gap: "4" })}>
            <Fact label={TOKEN_TEXT.name} testId="review-name">
              {clean.name}
            </Fact>
            <Fact label={TOKEN_TEXT.symbol} testId="review-symbol">
              {clean.symbol}
            </Fact>
            <Fact label={TOKEN_TEXT.chain} testId="review-chain">
              {chainLabel(clean.chain)}
              {chainSymbol(clean.chain) ? ` (${chainSymbol(clean.chain)})` : ""}
            </Fact>
            <Fact label={TOKEN_TEXT.status}>{TOKEN_TEXT.notDeployedYet}</Fact>
          </dl>
        </div>
      )}
    </Dialog>
  );
}

/** "Deploy Token?": deployContract for the token's current contract. */
export function DeployDialog({
  open,
  onOpenChange,
  token,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  token: TokenDoc;
}) {
  const send = useCommand();
  const [saving, setSaving] = useState(false);
  const contract = token.contracts?.[0];
  const deploy = async () => {
    if (!contract) return;
    setSaving(true);
    try {
      await send("deployContract", { input: { contractId: contract.id } });
      toast.success(TOKEN_TEXT.deployQueued);
      onOpenChange(false);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      role="alertdialog"
      title={TOKEN_TEXT.deployTitle}
      description={TOKEN_TEXT.deployBody(token.name, chainLabel(contract?.chain))}
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            {TOKEN_TEXT.cancel}
          </Button>
          <Button onClick={deploy} loading={saving} disabled={!contract}>
            {TOKEN_TEXT.deploy}
          </Button>
        </>
      }
    />
  );
}

/** Mint: the round's holdings not minted yet on the token's chain, all selected; tokenizeHoldings(holdingIds). */
export function MintDialog({
  open,
  onOpenChange,
  candidates,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  candidates: readonly MintCandidate[];
}) {
  const send = useCommand();
  const [unpicked, setUnpicked] = useState<Set<string>>(new Set());
  const [saving, setSaving] = useState(false);
  const picked = candidates.filter((holding) => !unpicked.has(holding.id));
  const mint = async () => {
    if (picked.length === 0) return toast.error(TOKEN_TEXT.mintSelectOne);
    setSaving(true);
    try {
      await send("tokenizeHoldings", { input: { holdingIds: picked.map((holding) => holding.id) } });
      toast.success(TOKEN_TEXT.mintQueued(picked.length));
      setUnpicked(new Set());
      onOpenChange(false);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };
  const allPicked = picked.length === candidates.length;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={TOKEN_TEXT.mintTitle}
      description={TOKEN_TEXT.mintIntro}
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            {TOKEN_TEXT.cancel}
          </Button>
          <Button onClick={mint} loading={saving} disabled={picked.length === 0}>
            {TOKEN_TEXT.mintConfirm(picked.length)}
          </Button>
        </>
      }
    >
      {candidates.length === 0 ? (
        <p className={mutedText}>{TOKEN_TEXT.mintNone}</p>
      ) : (
        <div className={css({ overflowX: "auto", maxH: "50vh", mt: "2" })}>
          <table className={tableClass} data-testid="mint-holdings">
            <thead>
              <tr>
                <th>
                  <Checkbox
                    checked={allPicked}
                    onChange={(on) => setUnpicked(on ? new Set() : new Set(candidates.map((holding) => holding.id)))}
                  >
                    <span className={css({ srOnly: true })}>{TOKEN_TEXT.mintSelectAll}</span>
                  </Checkbox>
                </th>
                <th>{TOKEN_TEXT.investor}</th>
                <th className="num">{TOKEN_TEXT.units}</th>
              </tr>
            </thead>
            <tbody>
              {candidates.map((holding) => (
                <tr key={holding.id}>
                  <td>
                    <Checkbox
                      checked={!unpicked.has(holding.id)}
                      onChange={(on) => {
                        const next = new Set(unpicked);
                        if (on) next.delete(holding.id);
                        else next.add(holding.id);
                        setUnpicked(next);
                      }}
                    >
                      <span className={css({ srOnly: true })}>
                        {TOKEN_TEXT.mintSelect(holding.investorName ?? holding.id)}
                      </span>
                    </Checkbox>
                  </td>
                  <td>{holding.investorName ?? "—"}</td>
                  <td className="num">{formatNumber(holding.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Dialog>
  );
}

/** Swap Chain: swapTokenChain to another chain offered (a disabled chain listed with its reason). */
export function SwapChainDialog({
  open,
  onOpenChange,
  token,
  chains,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  token: TokenDoc;
  chains: readonly ChainOption[];
}) {
  const send = useCommand();
  const current = token.contracts?.[0]?.chain ?? "";
  const [chain, setChain] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const swap = async () => {
    const unavailable = unavailableChains(chains);
    if (!chain) return setError(TOKEN_TEXT.chainRequired);
    if (chain === current) return setError(TOKEN_TEXT.swapSame);
    if (unavailable[chain]) return setError(TOKEN_TEXT.chainUnavailable(unavailable[chain]));
    setSaving(true);
    try {
      await send("swapTokenChain", { input: { tokenId: token.id, chain } });
      toast.success(TOKEN_TEXT.swapQueued);
      setChain(null);
      onOpenChange(false);
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={TOKEN_TEXT.swapTitle}
      description={TOKEN_TEXT.swapIntro}
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            {TOKEN_TEXT.cancel}
          </Button>
          <Button onClick={swap} loading={saving}>
            {TOKEN_TEXT.swapConfirm}
          </Button>
        </>
      }
    >
      <div className={css({ display: "flex", flexDirection: "column", gap: "2", mt: "2" })}>
        <Select
          label={TOKEN_TEXT.swapTo}
          options={chainOptions(chains, current)}
          value={chain}
          onChange={(value) => {
            setChain(value);
            setError(undefined);
          }}
          placeholder={TOKEN_TEXT.chainPlaceholder}
        />
        <FieldError text={error} />
        <ChainReasons chains={chains.filter((option) => option.chain !== current)} />
      </div>
    </Dialog>
  );
}

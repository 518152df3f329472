// The token view's dialogs besides Setup Token (TokenSetupDialog.tsx): "Deploy Token?", Mint (the round's holdings
// not minted yet) and Swap Chain. Every action is a command of the catalogue, queued in the outbox (offline too) and
// shown pending on the view until the server has answered and the replica holds the result.
import { useState } from "react";
import { css } from "../../../styled-system/css";
import { useCheckedField } from "../../app/use-checked-field.ts";
import { useCommand } from "../../data/hooks.tsx";
import { formatNumber } from "../../domain/format.ts";
import { Button, CardTable, Dialog, PickCheckbox, SelectField, toast, togglePick } from "../../ui/index.ts";
import { ChainReasons, chainOptions } from "./ChainReasons.tsx";
import { TOKEN_TEXT } from "./strings.ts";
import { chainLabel, type MintCandidate } from "./token-rules.ts";
import { type ChainOption, type TokenDoc, unavailableChains } from "./use-token.ts";

/** A dialog's one command: queued (saving meanwhile), said in a toast, then the dialog closes; a failure toasts why. */
function useQueueAndClose(onOpenChange: (open: boolean) => void) {
  const [saving, setSaving] = useState(false);
  const queue = async (queued: () => Promise<unknown>, done: string, reset?: () => void) => {
    setSaving(true);
    try {
      await queued();
      toast.success(done);
      reset?.();
      onOpenChange(false);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };
  return { saving, queue };
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
  const { saving, queue } = useQueueAndClose(onOpenChange);
  const contract = token.contracts?.[0];
  const deploy = async () => {
    if (!contract) return;
    await queue(() => send("deployContract", { input: { contractId: contract.id } }), TOKEN_TEXT.deployQueued);
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
  const { saving, queue } = useQueueAndClose(onOpenChange);
  const picked = candidates.filter((holding) => !unpicked.has(holding.id));
  const mint = async () => {
    if (picked.length === 0) return toast.error(TOKEN_TEXT.mintSelectOne);
    await queue(
      () => send("tokenizeHoldings", { input: { holdingIds: picked.map((holding) => holding.id) } }),
      TOKEN_TEXT.mintQueued(picked.length),
      () => setUnpicked(new Set()),
    );
  };
  const allPicked = picked.length === candidates.length;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={TOKEN_TEXT.mintTitle}
      description={TOKEN_TEXT.mintIntro}
      footer={
        candidates.length === 0 ? (
          // Nothing to mint: no Mint button (it would offer "Mint 0 holdings").
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {TOKEN_TEXT.close}
          </Button>
        ) : (
          <>
            <Button variant="ghost" onClick={() => onOpenChange(false)}>
              {TOKEN_TEXT.cancel}
            </Button>
            <Button onClick={mint} loading={saving} disabled={picked.length === 0}>
              {TOKEN_TEXT.mintConfirm(picked.length)}
            </Button>
          </>
        )
      }
    >
      <CardTable
        rows={candidates}
        empty={TOKEN_TEXT.mintNone}
        scrollClass={css({ overflowX: "auto", maxH: "50vh", mt: "2" })}
        testId="mint-holdings"
        headers={[
          {
            title: (
              <PickCheckbox
                checked={allPicked}
                onChange={(on) => setUnpicked(on ? new Set() : new Set(candidates.map((holding) => holding.id)))}
                label={TOKEN_TEXT.mintSelectAll}
              />
            ),
          },
          TOKEN_TEXT.investor,
          { title: TOKEN_TEXT.units, num: true },
        ]}
      >
        {(holding) => (
          <tr key={holding.id}>
            <td>
              <PickCheckbox
                checked={!unpicked.has(holding.id)}
                onChange={(on) => setUnpicked(togglePick(unpicked, holding.id, !on))}
                label={TOKEN_TEXT.mintSelect(holding.investorName ?? holding.id)}
              />
            </td>
            <td>{holding.investorName ?? "—"}</td>
            <td className="num">{formatNumber(holding.amount)}</td>
          </tr>
        )}
      </CardTable>
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
  const choice = useCheckedField<string | null>(null);
  const { saving, queue } = useQueueAndClose(onOpenChange);
  // no chain to move to: the dialog says so and offers nothing to choose (no dead end)
  const none = !chains.some((option) => option.chain !== current && option.enabled);
  const swap = async () => {
    const unavailable = unavailableChains(chains);
    const chain = choice.value;
    if (!chain) return choice.setError(TOKEN_TEXT.chainRequired);
    if (chain === current) return choice.setError(TOKEN_TEXT.swapSame);
    if (unavailable[chain]) return choice.setError(TOKEN_TEXT.chainUnavailable(unavailable[chain]));
    await queue(
      () => send("swapTokenChain", { input: { tokenId: token.id, chain } }),
      TOKEN_TEXT.swapQueued,
      () => choice.setValue(null),
    );
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
            {none ? TOKEN_TEXT.close : TOKEN_TEXT.cancel}
          </Button>
          {!none && (
            <Button onClick={swap} loading={saving}>
              {TOKEN_TEXT.swapConfirm}
            </Button>
          )}
        </>
      }
    >
      {none ? (
        <p data-testid="swap-no-chain" className={css({ mt: "2" })}>
          {TOKEN_TEXT.swapNoChain}
        </p>
      ) : (
        <SelectField
          className={css({ display: "flex", flexDirection: "column", gap: "2", mt: "2" })}
          label={TOKEN_TEXT.swapTo}
          options={chainOptions(chains, current)}
          placeholder={TOKEN_TEXT.chainPlaceholder}
          {...choice.bind}
        >
          <ChainReasons chains={chains.filter((option) => option.chain !== current)} />
        </SelectField>
      )}
    </Dialog>
  );
}

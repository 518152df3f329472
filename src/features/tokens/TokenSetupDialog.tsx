// The token view's Setup Token and Edit dialog (two screens: the form, then the review, then FINISH), queued as
// makeToken in the outbox (offline too).
import { useState } from "react";
import { css } from "../../../styled-system/css";
import { newId } from "../../app/new-id.ts";
import { textFields } from "../../app/use-form.ts";
import { useCommand } from "../../data/hooks.tsx";
import { Button, Dialog, Fact, FieldError, mutedText, Select, TextField, toast } from "../../ui/index.ts";
import { ChainReasons, chainOptions } from "./ChainReasons.tsx";
import { TOKEN_TEXT } from "./strings.ts";
import {
  chainLabel,
  chainSymbol,
  cleanTokenValues,
  hasErrors,
  type TokenErrors,
  type TokenValues,
  validateToken,
} from "./token-rules.ts";
import { type ChainOption, type TokenDoc, unavailableChains } from "./use-token.ts";

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
  const field = textFields(values, errors, set);
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
          <TextField label={TOKEN_TEXT.name} {...field("name")} autoFocus />
          <TextField label={TOKEN_TEXT.symbol} {...field("symbol")} />
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

// The chains a token can be set up on or swapped to: a Select's options (an unavailable chain listed, not
// choosable) and the reasons of the unavailable ones, under the field.
import { css } from "../../../styled-system/css";
import { chainLabel } from "./token-rules.ts";
import type { ChainOption } from "./use-token.ts";

/** The chain options of a Select: a disabled chain is listed, not choosable, its reason under the field. */
export const chainOptions = (chains: readonly ChainOption[], except?: string) =>
  chains
    .filter((option) => option.chain !== except)
    .map((option) => ({ value: option.chain, label: chainLabel(option.chain), disabled: !option.enabled }));

export function ChainReasons({ chains }: { chains: readonly ChainOption[] }) {
  const disabled = chains.filter((option) => !option.enabled && option.reason);
  if (disabled.length === 0) return null;
  return (
    <ul className={css({ fontSize: "xs", color: "fg.muted", display: "flex", flexDirection: "column", gap: "1" })}>
      {disabled.map((option) => (
        <li key={option.chain} data-testid="chain-unavailable">
          {option.reason}
        </li>
      ))}
    </ul>
  );
}

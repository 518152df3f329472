// The round's token as the token view shows it (pure, unit-tested in token-overlay.test.ts): the token document
// (kind `tokens` of the shared `records` collection: contracts newest first, cap table entries, per-holding mint
// status) with the outbox's token commands laid over it as pending marks.
import type { OutboxCommand } from "../../data/models/outbox.ts";
import type { PendingMark, WithPending } from "../../data/pending.ts";
import { type PendingEntry, pendingEntries } from "../../data/pending-lists.ts";
import { PRODUCT_TEST_CHAIN } from "../../domain/wallet.ts";

export interface TokenContract {
  id: string;
  chain: string;
  status: string;
  contractAddress?: string | null;
  failure?: string | null;
  createdOn?: string;
}

export interface TokenCapTableEntry {
  id: string;
  investorId: string;
  investor?: { id?: string; name?: string | null; email?: string | null } | null;
  amount: string;
  blockNumber?: number | string | null;
  blockchainAddress?: { id?: string; address?: string | null; chain?: string | null } | null;
}

export interface TokenHoldingStatus {
  holdingId: string;
  investorId?: string;
  chain?: string | null;
  status?: string | null;
  failure?: string | null;
  blockNumber?: number | string | null;
  address?: string | null;
}

export interface TokenDoc {
  id: string;
  roundId: string;
  name: string;
  symbol: string;
  type?: string | null;
  status: string;
  total?: string | null;
  precision?: number | null;
  createdOn?: string;
  contracts?: TokenContract[] | null;
  capTableEntries?: TokenCapTableEntry[] | null;
  holdings?: TokenHoldingStatus[] | null;
}

/** The marks of the token commands still in the outbox (or refused), for the view's buttons and rows. */
export interface TokenMarks {
  token?: PendingMark;
  deploy?: PendingMark;
  swap?: PendingMark;
  /** holding id -> the mark of the Mint that names it */
  mint: Map<string, PendingMark>;
}

/**
 * The round's token with the outbox laid over it (pure; commands in sequence order): a queued makeToken for the round
 * shows the token (new, or edited) with its values, marked pending, until the replica has them; a queued
 * deployContract, tokenizeHoldings or swapTokenChain marks the token, or the holdings it names. An accepted command
 * keeps its mark until it leaves the outbox, so nothing blinks between the server's answer and the pull.
 */
export function overlayTokenCommands(
  roundId: string,
  stored: TokenDoc | null,
  commands: readonly OutboxCommand[],
): { token: WithPending<TokenDoc> | null; marks: TokenMarks } {
  return overlayTokenEntries(roundId, stored, pendingEntries("round.token", commands));
}

/** overlayTokenCommands over the pending list "round.token" (its entries in sequence order). */
export function overlayTokenEntries(
  roundId: string,
  stored: TokenDoc | null,
  entries: readonly PendingEntry<"round.token">[],
): { token: WithPending<TokenDoc> | null; marks: TokenMarks } {
  let token: WithPending<TokenDoc> | null = stored;
  const marks: TokenMarks = { mint: new Map() };
  for (const entry of entries) {
    const { command } = entry;
    const input = entry.row ?? {};
    if (entry.op === "setup" && entry.parentId === roundId) {
      const mark = entry.mark;
      marks.token = mark;
      const name = String(input.name ?? "");
      const symbol = String(input.symbol ?? "");
      const chain = String(input.chain ?? "");
      if (!token) {
        const tokenId = typeof input.tokenId === "string" ? input.tokenId : command.id;
        const contractId = typeof input.contractAddressId === "string" ? input.contractAddressId : `${tokenId}:c`;
        token = {
          id: tokenId,
          roundId,
          name,
          symbol,
          status: "not_deployed",
          contracts: [{ id: contractId, chain, status: "not_deployed" }],
          capTableEntries: [],
          holdings: [],
          _pending: mark,
        };
      } else if (command.status !== "accepted" || token.name !== name || token.symbol !== symbol) {
        const [current, ...older] = token.contracts ?? [];
        token = {
          ...token,
          name,
          symbol,
          contracts: current?.status === "not_deployed" ? [{ ...current, chain }, ...older] : token.contracts,
          _pending: mark,
        };
      }
      continue;
    }
    if (!token) continue;
    if (entry.op === "deploy") {
      if ((token.contracts ?? []).some((contract) => contract.id === entry.id)) marks.deploy = entry.mark;
    } else if (entry.op === "swap" && entry.id === token.id) {
      marks.swap = entry.mark;
    } else if (entry.op === "mint") {
      for (const id of entry.ids ?? []) marks.mint.set(id, entry.mark);
    }
  }
  // An accepted deploy whose contract has moved on needs no mark.
  const current = token?.contracts?.[0];
  if (marks.deploy?.status === "accepted" && current && current.status !== "not_deployed") delete marks.deploy;
  return { token, marks };
}

/** The units a token holds for the round's investors: its cap table entries' amounts (a number, for ordering only). */
export function tokenUnits(token: TokenDoc): number {
  return (token.capTableEntries ?? []).reduce((sum, entry) => sum + (Number(entry.amount) || 0), 0);
}

/** The token's contract is on the product's own test chain (never the round's real token: see domain/wallet.ts). */
const onTestChain = (token: TokenDoc) => token.contracts?.[0]?.chain === PRODUCT_TEST_CHAIN;

/**
 * The round's tokens in the order the token view offers them: the round's real token first (the one holding its
 * units: not on the product's test chain, most units held), then the others, newest first. A round normally has one
 * token (Swap Chain adds contracts, not tokens); the demo and older data have rounds with several.
 */
export function roundTokens(tokens: readonly TokenDoc[]): TokenDoc[] {
  return [...tokens].sort(
    (a, b) =>
      Number(onTestChain(a)) - Number(onTestChain(b)) ||
      tokenUnits(b) - tokenUnits(a) ||
      (b.createdOn ?? "").localeCompare(a.createdOn ?? ""),
  );
}

/** The round's current token: the one `chosen` names when it is the round's, otherwise the first of roundTokens. */
export function currentToken(tokens: readonly TokenDoc[], chosen?: string | null): TokenDoc | null {
  const ordered = roundTokens(tokens);
  return ordered.find((token) => token.id === chosen) ?? ordered[0] ?? null;
}

/** The token's current contract: the newest (the read model lists contracts newest first). */
export const currentContract = (token: TokenDoc | null): TokenContract | null => token?.contracts?.[0] ?? null;

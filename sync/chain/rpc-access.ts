// Who may read the embedded chain over HTTP (docs/CHAIN.md "Who may use the JSON-RPC"). Every block, transaction,
// receipt, log and storage slot of the chain names holders and amounts, and GraphQL shows a cap table only to the
// token's issuer (PERMISSIONS.md): POST /api/v2/chain/ethereum-ledgerline answers the same. The server itself (the
// job runner, the demo seed, bench) calls the chain in-process and is not filtered here.
//
// - A session without an account, or whose account is neither an issuer (as owner or admin) nor the platform admin,
//   is refused every method, with RESERVED.
// - The others get the chain-level methods (chain id, block number, gas price, fees; an address's ether balance and
//   nonce, which a wallet needs to send) and, for everything else, only what concerns their own token contracts: the
//   contracts of the tokens row-level security lets the account see (app_public.contracts) that the server's own
//   deploy job created (app_private.chain_jobs: a row's contract_address alone is not trusted). Calls, code, storage,
//   logs and transactions of any other contract are refused with PRIVATE; blocks list only the caller's transactions
//   (their logsBloom is rebuilt from the caller's logs); a receipt keeps only the caller's logs.
// - The platform admin reads no cap table in GraphQL, so it sees no contract here: the chain-level methods, and
//   blocks without their transactions.
import { Transaction } from "ethers";
import { type Database, SET_LOCAL_SETTINGS, settingsParameter } from "../db/database.ts";
import { pgSettingsFor, type SessionClaims } from "../graphql/settings.ts";
import { EmbeddedChain, logsBloom, RpcError } from "./embedded.ts";

/** EIP-1193's "Unauthorized": the method or the data asked for is not the caller's. */
export const RPC_UNAUTHORIZED = 4100;
export const RESERVED =
  "This chain's JSON-RPC is reserved to the owners and admins of an issuer account and to the platform admin: holders' balances are private.";
export const PRIVATE =
  "Holders' balances are private: this chain's JSON-RPC answers issuers about their own tokens only";

/** Methods that reveal nothing of a token, a holder or an amount. */
const CHAIN_LEVEL = new Set([
  "eth_chainId",
  "net_version",
  "web3_clientVersion",
  "eth_syncing",
  "eth_accounts",
  "eth_blockNumber",
  "eth_gasPrice",
  "eth_maxPriorityFeePerGas",
  "eth_feeHistory",
  // ether, not tokens: the platform pays every gas fee from the operator's address and custodial addresses hold no
  // ether; a wallet sending from its own key needs its nonce and balance
  "eth_getBalance",
  "eth_getTransactionCount",
]);

export interface RpcReader {
  /** Why every call is refused, or null. */
  refused: string | null;
  /** The caller's own token contracts on this chain, lower case. */
  contracts: ReadonlySet<string>;
}

/** The session's reader: refused, or allowed with its own contracts (one lookup per HTTP request). */
export async function rpcReader(db: Database, chain: string, session: SessionClaims | null): Promise<RpcReader> {
  const issuerStaff =
    session?.accountType === "issuer" &&
    (session.accountRole === "account_owner" || session.accountRole === "account_admin");
  const platformAdmin = session?.accountType === "admin";
  if (!session?.accountId || !(issuerStaff || platformAdmin)) return { refused: RESERVED, contracts: new Set() };
  // the contract rows the account may see, as GraphQL would answer them
  const ids = await db.transaction(async (tx) => {
    await tx.query(SET_LOCAL_SETTINGS, [settingsParameter(pgSettingsFor(session))]);
    const { rows } = await tx.query<{ id: string }>("select id from app_public.contracts where chain = $1", [chain]);
    return rows.map((r) => r.id);
  });
  if (ids.length === 0) return { refused: null, contracts: new Set() };
  // the addresses the server's own deploy jobs created for them
  const { rows } = await db.query<{ address: string }>(
    `select lower(address) as address from app_private.chain_jobs
      where kind = 'deploy' and status = 'done' and chain = $1 and contract_id = any ($2::uuid[])
        and address is not null`,
    [chain, ids],
  );
  return { refused: null, contracts: new Set(rows.map((r) => r.address)) };
}

interface RpcTx {
  hash: string;
  from: string;
  to: string | null;
  nonce: string;
}

interface RpcLog {
  address: string;
  topics: string[];
}

/** The embedded chain as `reader` may call it (the shape answerRpc takes). */
export function chainFor(chain: EmbeddedChain, reader: RpcReader): Pick<EmbeddedChain, "request"> {
  return { request: (method, params = []) => guardedRequest(chain, reader, method, params) };
}

async function guardedRequest(
  chain: EmbeddedChain,
  reader: RpcReader,
  method: string,
  params: unknown[],
): Promise<unknown> {
  if (reader.refused) throw new RpcError(RPC_UNAUTHORIZED, reader.refused);
  if (CHAIN_LEVEL.has(method)) return chain.request(method, params);
  const own = reader.contracts;
  const mine = (address: unknown): boolean => typeof address === "string" && own.has(address.toLowerCase());
  const refuse = (why: string) => new RpcError(RPC_UNAUTHORIZED, `${PRIVATE} (${why}).`);
  const notYours = (address: unknown) => refuse(`${String(address)} is not a contract of your tokens`);
  // a transaction concerns the caller when it calls one of its contracts or created one
  const txIsMine = (tx: RpcTx): boolean =>
    mine(tx.to) || (tx.to === null && mine(EmbeddedChain.contractAddress(tx.from, BigInt(tx.nonce))));

  switch (method) {
    case "eth_getCode":
    case "eth_getStorageAt":
      if (!mine(params[0])) throw notYours(params[0]);
      return chain.request(method, params);
    case "eth_call":
    case "eth_estimateGas": {
      const to = (params[0] as { to?: unknown } | undefined)?.to;
      if (!to) throw refuse("a call must be to a contract of your tokens");
      if (!mine(to)) throw notYours(to);
      return chain.request(method, params);
    }
    case "eth_sendRawTransaction": {
      let to: string | null = null;
      try {
        to = Transaction.from(String(params[0])).to;
      } catch {
        // not a transaction: the chain answers why
        return chain.request(method, params);
      }
      if (!to) throw refuse("a transaction must be sent to a contract of your tokens");
      if (!mine(to)) throw notYours(to);
      return chain.request(method, params);
    }
    case "eth_getTransactionByHash": {
      const tx = (await chain.request(method, params)) as RpcTx | null;
      if (tx && !txIsMine(tx)) throw refuse(`transaction ${tx.hash} does not concern your tokens`);
      return tx;
    }
    case "eth_getTransactionReceipt": {
      const receipt = (await chain.request(method, params)) as
        | (RpcTx & { transactionHash: string; contractAddress: string | null; logs: RpcLog[] })
        | null;
      if (!receipt) return null;
      if (!mine(receipt.to) && !mine(receipt.contractAddress))
        throw refuse(`transaction ${receipt.transactionHash} does not concern your tokens`);
      const logs = receipt.logs.filter((log) => mine(log.address));
      return { ...receipt, logs, logsBloom: logsBloom(logs) };
    }
    case "eth_getBlockByNumber":
    case "eth_getBlockByHash": {
      // the block as the caller may see it: its own transactions only, and the bloom of its own logs
      const block = (await chain.request(method, [params[0], true])) as { transactions: RpcTx[] } | null;
      if (!block) return null;
      const txs = block.transactions.filter(txIsMine);
      const logs: RpcLog[] = [];
      for (const tx of txs) {
        const receipt = (await chain.request("eth_getTransactionReceipt", [tx.hash])) as { logs: RpcLog[] } | null;
        logs.push(...(receipt?.logs ?? []).filter((log) => mine(log.address)));
      }
      return { ...block, logsBloom: logsBloom(logs), transactions: params[1] ? txs : txs.map((tx) => tx.hash) };
    }
    case "eth_getLogs": {
      const filter = (params[0] ?? {}) as { address?: string | string[] | null };
      const asked =
        filter.address === undefined || filter.address === null
          ? []
          : Array.isArray(filter.address)
            ? filter.address
            : [filter.address];
      const stranger = asked.find((address) => !mine(address));
      if (stranger !== undefined) throw notYours(stranger);
      if (asked.length === 0 && own.size === 0) throw refuse("your account has no token contract on this chain");
      const logs = (await chain.request(method, [
        { ...filter, address: asked.length > 0 ? asked : [...own] },
      ])) as RpcLog[];
      return logs.filter((log) => mine(log.address));
    }
    default:
      throw new RpcError(-32601, `method not supported: ${method}`);
  }
}

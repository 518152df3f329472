// Tokens on the embedded chain (issue 16): deploy time, and the mint of 10,000 holdings (time, blocks, gas per holding)
// through the real server in-process (in-memory PGlite, the durable job runner, the embedded EVM), plus the time to
// open the chain again (what a restart pays): from its stored state, and by replaying every block as it was opened
// before the state was stored (docs/CHAIN.md "Persistence"). Figures, never pass/fail. Samples the machine's load
// average during the run (other work on the machine slows every figure).
// Writes its section of bench/RESULTS.md (between its markers).
//
//   node bench/chain.ts [--holdings 10000] [--investors 2000]
import { readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: { holdings: { type: "string", default: "10000" }, investors: { type: "string", default: "2000" } },
});
const holdings = Math.max(1, Number(values.holdings));
const investors = Math.max(1, Number(values.investors));
const RESULTS = join(import.meta.dirname, "RESULTS.md");
const START = "<!-- chain:start -->";
const END = "<!-- chain:end -->";

process.env.GRAPHILE_ENV ??= "development";
const { startTestServer } = await import("../tests/helpers/server.ts");
const { seedScale, SCALE_EMAIL } = await import("../sync/seed/scale.ts");
const { signInAs } = await import("../tests/sync/harness.ts");
const { EmbeddedChain } = await import("../sync/chain/embedded.ts");
const { blockStore } = await import("../sync/chain/store.ts");

const log = (message: string) => console.log(`[bench chain ${new Date().toISOString().slice(11, 19)}] ${message}`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

const rows: Array<[string, string]> = [];
const loads: number[] = [loadavg()[0] ?? 0];
const sampler = setInterval(() => loads.push(loadavg()[0] ?? 0), 5_000);
const t = await startTestServer();
try {
  const seeded = await timed(() => seedScale(t.server.db, { holdings, rounds: 1, investors }));
  log(`seeded ${holdings} holdings in ${seconds(seeded.ms)}`);
  const owner = await signInAs(t.client(), SCALE_EMAIL, "issuer");
  const q = async <T>(sql: string, params: unknown[] = []) => (await t.server.db.query<T>(sql, params)).rows;
  const [round] = await q<{ id: string }>(
    `select r.id from app_public.rounds r join app_public.assets a on a.id = r.asset_id where a.issuer_id = $1 limit 1`,
    [seeded.value.issuerId],
  );
  const gql = async (mutation: string, type: string, input: Record<string, unknown>, returns: string) => {
    const response = await owner.client.graphql<Record<string, Record<string, Record<string, string>>>>(
      `mutation($input: ${type}!) { ${mutation}(input: $input) { ${returns} } }`,
      { input },
    );
    if (response.errors) throw new Error(JSON.stringify(response.errors));
    return response.data?.[mutation] ?? {};
  };
  const made = await gql(
    "makeToken",
    "MakeTokenInput",
    { roundId: round?.id, name: "Atlas Scale Token", symbol: "ATLS", chain: "ethereum-ledgerline" },
    "token { id }",
  );
  const tokenId = made.token?.id;
  const [contract] = await q<{ id: string }>("select id from app_public.contracts where token_id = $1", [tokenId]);

  // the first deploy also opens the embedded chain (and loads ethers and the EVM)
  const deploy = await timed(async () => {
    await gql("deployContract", "DeployContractInput", { contractId: contract?.id }, "contract { id }");
    await t.server.chain.settle(600_000);
  });
  const [deployed] = await q<{ status: string; block_number: number }>(
    "select status, block_number from app_public.contracts where id = $1",
    [contract?.id],
  );
  rows.push([
    "Deploy (command to deployed, first use: opens the chain)",
    `${seconds(deploy.ms)} (${deployed?.status})`,
  ]);
  const deployGas = await q<{ gas: string }>(
    "select j.tx_hash as gas from app_private.chain_jobs j where j.contract_id = $1 and kind = 'deploy'",
    [contract?.id],
  );
  const backend = await t.server.chain.backend("ethereum-ledgerline");
  const deployReceipt = await backend.provider.getTransactionReceipt(deployGas[0]?.gas ?? "");
  rows.push(["Deploy gas", `${Number(deployReceipt?.gasUsed ?? 0).toLocaleString("en-US")}`]);

  const ids = (await q<{ id: string }>("select id from app_public.holdings where round_id = $1", [round?.id])).map(
    (r) => r.id,
  );
  const blockBefore = await backend.provider.getBlockNumber();
  const mint = await timed(async () => {
    await gql("tokenizeHoldings", "TokenizeHoldingsInput", { holdingIds: ids }, "contract { id }");
    await t.server.chain.settle(3_600_000);
  });
  const blockAfter = await backend.provider.getBlockNumber();
  let gas = 0n;
  let txs = 0;
  for (let n = blockBefore + 1; n <= blockAfter; n++) {
    const block = await backend.provider.getBlock(n);
    gas += block?.gasUsed ?? 0n;
    txs += block?.transactions.length ?? 0;
  }
  const [done] = await q<{ done: number; failed: number; entries: number; sum: string }>(
    `select count(*) filter (where status = 'done')::int as done, count(*) filter (where status = 'failed')::int as failed,
            (select count(*)::int from app_public.cap_table_entries where token_id = $2) as entries,
            (select sum(amount)::text from app_public.cap_table_entries where token_id = $2) as sum
       from app_private.chain_jobs where contract_id = $1 and kind = 'mint'`,
    [contract?.id, tokenId],
  );
  rows.push([
    `Mint of ${ids.length.toLocaleString("en-US")} holdings (command to issued: custodial keys for ${investors.toLocaleString("en-US")} investors, signing, mining, reconciliation)`,
    `${seconds(mint.ms)} (${done?.done} minted, ${done?.failed} failed, ${(ids.length / (mint.ms / 1000)).toFixed(0)} holdings/s)`,
  ]);
  rows.push(["Blocks for the mint", `${blockAfter - blockBefore} (${txs.toLocaleString("en-US")} transactions)`]);
  rows.push([
    "Gas per holding (issueBatch of up to 100: allowlist + mint)",
    `${(Number(gas) / Math.max(1, ids.length)).toFixed(0)}`,
  ]);
  rows.push(["Cap table entries after reconciliation", `${done?.entries} investors, ${done?.sum} units`]);

  const store = blockStore(t.server.db, "ethereum-ledgerline");
  const reopen = await timed(async () => (await EmbeddedChain.open(store, backend.operator.address)).blockNumber);
  rows.push([
    `Open the chain again from its stored state (${reopen.value} blocks; the newest 256 read, nothing executed)`,
    seconds(reopen.ms),
  ]);
  const [size] = await q<{ blocks: string; nodes: string; count: number }>(
    `select (select pg_size_pretty(sum(length(rlp) + coalesce(length(receipts::text), 0))::bigint) from app_private.chain_blocks) as blocks,
            (select pg_size_pretty(sum(length(value))::bigint) from app_private.chain_state_nodes) as nodes,
            (select count(*)::int from app_private.chain_state_nodes) as count`,
  );
  rows.push(["Stored blocks (RLP and receipts) in the database", size?.blocks ?? "?"]);
  rows.push(["Stored state trie nodes", `${size?.count?.toLocaleString("en-US")} (${size?.nodes})`]);
  // as before the state was stored: every block executed again (and its state saved, once)
  await t.server.db.query("update app_private.chain_blocks set receipts = null, state_root = null");
  await t.server.db.query("delete from app_private.chain_state_nodes");
  const replay = await timed(async () => (await EmbeddedChain.open(store, backend.operator.address)).blockNumber);
  rows.push([
    `Open by replaying every block (${replay.value} blocks; how every open worked before)`,
    seconds(replay.ms),
  ]);
  const after = await timed(async () => (await EmbeddedChain.open(store, backend.operator.address)).blockNumber);
  rows.push(["Open again after that replay (its state saved)", seconds(after.ms)]);
  rows.push(["Scale seed (not part of the figures)", seconds(seeded.ms)]);
} catch (error) {
  rows.push(["Error", String((error as Error).stack ?? error)]);
} finally {
  clearInterval(sampler);
  loads.push(loadavg()[0] ?? 0);
  await t.close();
}

const section = [
  START,
  "## Tokens on the embedded chain (bench/chain.ts)",
  "",
  `Run on ${new Date().toISOString()} with \`node bench/chain.ts --holdings ${holdings} --investors ${investors}\`: the real server in-process on in-memory PGlite, the durable job runner and the embedded EVM (@ethereumjs/vm), commands sent by the issuer's owner through GraphQL. The machine's ${cpus().length} cores were shared with other work: the 1-minute load average went from ${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)} during the run (${loads.length} samples), so the times are upper bounds.`,
  "",
  "| Figure | Value |",
  "| --- | --- |",
  ...rows.map(([name, value]) => `| ${name} | ${value.replaceAll("\n", " ")} |`),
  END,
].join("\n");
let text = "";
try {
  text = readFileSync(RESULTS, "utf8");
} catch {
  text = "";
}
const start = text.indexOf(START);
const end = text.indexOf(END);
text =
  start >= 0 && end > start
    ? `${text.slice(0, start)}${section}${text.slice(end + END.length)}`
    : `${text.trimEnd()}\n\n${section}\n`;
writeFileSync(RESULTS, text);
console.log(section);
process.exit(0);

// The project's Tezos token contract (sync/chain/contracts/tezos/ledgerline_security_token.tz, docs/CHAIN.md "Tezos"):
// the committed Michelson source parses and type-checks with Taquito's Michelson tooling (@taquito/michel-codec), so
// a syntax or stack error fails the suite, and it has the entrypoints and storage the server relies on.
import { readFileSync } from "node:fs";
import { Contract } from "@taquito/michel-codec";
import { describe, expect, it } from "vitest";

const SOURCE = new URL("../../sync/chain/contracts/tezos/ledgerline_security_token.tz", import.meta.url);

describe("the Tezos security token source", () => {
  const source = readFileSync(SOURCE, "utf8");

  it("parses and type-checks, with the token's entrypoints and storage", () => {
    const contract = Contract.parse(source);
    const entrypoints = contract.entryPoints().map(([name]) => name.replace(/^%/, ""));
    expect(entrypoints.sort()).toEqual(
      ["forceTransfer", "issue", "issueBatch", "setAllowed", "setPaused", "transfer"].sort(),
    );
    const storage = contract.section("storage").args[0];
    expect(JSON.stringify(storage)).toContain('"prim":"big_map"');
    expect(JSON.stringify(storage)).toContain('"annots":["%ledger"]');
    expect(JSON.stringify(storage)).toContain('"annots":["%allowlist"]');
    expect(JSON.stringify(storage)).toContain('"annots":["%paused"]');
    expect(JSON.stringify(storage)).toContain('"annots":["%admin"]');
  });

  it("a stack error in the source is refused by the same check", () => {
    // the paused flag updated with the ledger's slot: a type error the checker must report
    const broken = source.replace("{ UPDATE 6 }", "{ UPDATE 5 }");
    expect(broken).not.toBe(source);
    expect(() => Contract.parse(broken)).toThrow(/mismatch/);
  });
});

// Compiles the project's security token with solc 0.8.28 (the npm package's soljson, offline) and writes its ABI and
// bytecode to LedgerlineSecurityToken.json beside the source. `node sync/chain/contracts/build.ts` rebuilds it; the
// server only reads the JSON (nothing compiles at run time). tests/server/chain-contract.test.ts recompiles and
// compares with the committed file.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

export const CONTRACT_NAME = "LedgerlineSecurityToken";
export const SOURCE_FILE = path.join(here, `${CONTRACT_NAME}.sol`);
export const ARTIFACT_FILE = path.join(here, `${CONTRACT_NAME}.json`);

export interface Artifact {
  contractName: string;
  compiler: string;
  openzeppelin: string;
  abi: unknown[];
  bytecode: string;
}

interface SolcOutput {
  errors?: Array<{ severity: string; formattedMessage: string }>;
  contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
}

export function compile(): Artifact {
  const solc = require("solc") as { version(): string; compile(input: string, options: unknown): string };
  const input = {
    language: "Solidity",
    sources: { [`${CONTRACT_NAME}.sol`]: { content: readFileSync(SOURCE_FILE, "utf8") } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: "cancun",
      // no metadata hash: the bytecode depends on the source only, not on file paths or comments' whitespace
      metadata: { bytecodeHash: "none", appendCBOR: false },
      outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
    },
  };
  const findImports = (importPath: string) => {
    try {
      return { contents: readFileSync(require.resolve(importPath), "utf8") };
    } catch {
      return { error: `not found: ${importPath}` };
    }
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports })) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join("\n"));
  const contract = output.contracts[`${CONTRACT_NAME}.sol`]?.[CONTRACT_NAME];
  if (!contract) throw new Error(`${CONTRACT_NAME} missing from the compiler output`);
  const oz = JSON.parse(readFileSync(require.resolve("@openzeppelin/contracts/package.json"), "utf8")) as {
    version: string;
  };
  return {
    contractName: CONTRACT_NAME,
    compiler: `solc ${solc.version()}`,
    openzeppelin: oz.version,
    abi: contract.abi,
    bytecode: `0x${contract.evm.bytecode.object}`,
  };
}

export function artifactText(artifact: Artifact): string {
  return `${JSON.stringify(artifact, null, 2)}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(ARTIFACT_FILE, artifactText(compile()));
  console.log(`wrote ${path.relative(process.cwd(), ARTIFACT_FILE)}`);
}

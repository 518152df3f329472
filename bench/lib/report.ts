// bench/results/latest.json (every figure) and bench/RESULTS.md (the table of the last run).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface Row {
  figure: string;
  value: string;
  limit: string;
  ratio: string;
  target: string;
  met: boolean | null;
}

export interface Report {
  startedOn: string;
  finishedOn: string;
  options: { holdings: number; pg: boolean };
  machine: { nproc: number; memoryGiB: number; cpu: string; loadAverage: number[]; platform: string };
  versions: Record<string, string>;
  data: Record<string, unknown>;
  figures: Record<string, unknown>;
  rows: Row[];
  errors: string[];
  notes: string[];
}

export const ms = (value: number) => `${Math.round(value).toLocaleString("en-US")} ms`;
export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
export const x = (ratio: number) => `${ratio.toFixed(2)}x`;

export function writeReport(benchDir: string, report: Report): void {
  mkdirSync(join(benchDir, "results"), { recursive: true });
  writeFileSync(join(benchDir, "results", "latest.json"), `${JSON.stringify(report, null, 2)}\n`);
  const results = join(benchDir, "RESULTS.md");
  // the other bench scripts (lighthouse.ts, ocf.ts, chain.ts) keep their own sections, between
  // <!-- name:start --> and <!-- name:end --> markers, in the same file: carry every one over
  const previous = existsSync(results) ? readFileSync(results, "utf8") : "";
  const sections = [...previous.matchAll(/<!-- ([\w-]+):start -->[\s\S]*?<!-- \1:end -->/g)].map((m) => m[0]);
  writeFileSync(results, `${[markdown(report).trimEnd(), ...sections].join("\n\n")}\n`);
  // the project's formatter aligns markdown tables: keep the committed file as `npm run lint` wants it
  spawnSync(join(benchDir, "..", "node_modules", ".bin", "biome"), ["format", "--write", results], { stdio: "ignore" });
}

function markdown(report: Report): string {
  const m = report.machine;
  const lines = [
    "# Benchmark results (last run)",
    "",
    `Written by \`npm run bench\` (bench/run.ts) on ${report.finishedOn}; started ${report.startedOn}. ` +
      "See bench/README.md for what each figure means. Figures, not pass/fail tests.",
    "",
    `Machine: ${m.nproc} cores (${m.cpu}), ${m.memoryGiB.toFixed(1)} GiB memory, ${m.platform}; ` +
      `load average at the start ${m.loadAverage.map((l) => l.toFixed(2)).join(" / ")}.`,
    "",
    `Versions: ${Object.entries(report.versions)
      .map(([name, version]) => `${name} ${version}`)
      .join(", ")}.`,
    "",
    `Data: ${Object.entries(report.data)
      .map(([name, value]) => `${name} ${typeof value === "number" ? value.toLocaleString("en-US") : String(value)}`)
      .join(", ")}.`,
    "",
    "| Figure | Value | Limit (same run) | Ratio | Target | Met |",
    "| --- | --- | --- | --- | --- | --- |",
    ...report.rows.map(
      (r) =>
        `| ${r.figure} | ${r.value} | ${r.limit} | ${r.ratio} | ${r.target} | ${r.met === null ? "-" : r.met ? "yes" : "**no**"} |`,
    ),
    "",
  ];
  if (report.notes.length) lines.push("Notes:", "", ...report.notes.map((n) => `- ${n}`), "");
  if (report.errors.length) lines.push("Errors (figures missing):", "", ...report.errors.map((e) => `- ${e}`), "");
  return `${lines.join("\n")}`;
}

// The whole test suite, as the README's test command runs it (`npm test`), on a fresh machine with nothing
// installed by hand: installs what the browser tests need, lints, checks types, runs the unit, database, server and sync
// tests (real server in-process on PGlite, real PostgreSQL when its binaries exist), builds the production app and
// runs the end-to-end tests in Debian's chromium. Ends with one plain line: "tests: N passed, N failed".
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const results = join(root, "test-results");
const chromium = "/usr/bin/chromium";

interface Step {
  name: string;
  command: string[];
  /** vitest JSON report written by the step, counted in the closing line */
  report?: string;
}

function run(command: string[], env: NodeJS.ProcessEnv = {}): number {
  const [bin, ...args] = command;
  const child = spawnSync(bin!, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return child.status ?? 1;
}

/** Debian packages the tests use: chromium for the browser tests, poppler-utils (pdftotext) to read made PDFs. */
const SYSTEM_PACKAGES = [
  { name: "chromium", binary: chromium },
  { name: "poppler-utils", binary: "/usr/bin/pdftotext" },
];

function ensureSystemPackages(): boolean {
  const missing = SYSTEM_PACKAGES.filter((p) => !existsSync(p.binary)).map((p) => p.name);
  if (missing.length === 0) return true;
  if (process.getuid?.() !== 0) {
    console.error(
      `The tests need Debian packages ${missing.join(", ")}: run 'apt-get install -y ${missing.join(" ")}' as root.`,
    );
    return false;
  }
  console.log(`Installing Debian packages for the tests: ${missing.join(", ")}...`);
  const env = { DEBIAN_FRONTEND: "noninteractive" };
  return (
    run(["apt-get", "update", "-qq"], env) === 0 && run(["apt-get", "install", "-y", "-qq", ...missing], env) === 0
  );
}

function vitest(project: string): Step {
  const report = join(results, `${project}.json`);
  return {
    name: `${project} tests`,
    command: [
      "vitest",
      "run",
      "--project",
      project,
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${report}`,
    ],
    report,
  };
}

interface Report {
  numPassedTests: number;
  numFailedTests: number;
  testResults?: {
    name: string;
    message?: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

function readReport(report: string): Report | null {
  return existsSync(report) ? (JSON.parse(readFileSync(report, "utf8")) as Report) : null;
}

/** The failed tests of a report, a line each (file, test, the failure's first line), for the end of the output. */
function failures(report: Report): string[] {
  const lines: string[] = [];
  for (const file of report.testResults ?? []) {
    const path = file.name.startsWith(root) ? file.name.slice(root.length + 1) : file.name;
    const failed = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failed) {
      const first = (test.failureMessages?.[0] ?? "").split("\n")[0]?.slice(0, 300);
      lines.push(`  ${path} > ${test.fullName}: ${first}`);
    }
    if (failed.length === 0 && file.message) lines.push(`  ${path}: ${file.message.split("\n")[0]?.slice(0, 300)}`);
  }
  return lines;
}

rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const browserReady = ensureSystemPackages();
const steps: Step[] = [
  { name: "styles codegen", command: ["panda", "codegen", "--silent"] },
  { name: "lint and format", command: ["biome", "check", "."] },
  { name: "type check", command: ["tsc", "--noEmit", "-p", "tsconfig.json"] },
  vitest("unit"),
  { name: "production build", command: ["vite", "build"] },
  vitest("e2e"),
];

let passed = 0;
let failed = 0;
const failedSteps: string[] = [];
const failedTests: string[] = [];
for (const step of steps) {
  if (step.name === "e2e tests" && !browserReady) {
    failedSteps.push(step.name);
    failed += 1;
    continue;
  }
  console.log(`\n=== ${step.name}: ${step.command.join(" ")}`);
  const status = run(step.command);
  const report = step.report ? readReport(step.report) : null;
  if (report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    failedTests.push(...failures(report));
  }
  if (status !== 0) failedSteps.push(step.name);
}

if (failedTests.length > 0) console.error(`\nFailed tests:\n${failedTests.join("\n")}`);
if (failedSteps.length > 0) console.error(`\nFailed steps: ${failedSteps.join(", ")}`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failedSteps.length > 0 ? 1 : 0);

// The signing steps kept for signing offline (docs/SIGNING.md "Signing offline"). When a built-in signing step is
// shown online, the device keeps what it needs to sign it with no network: the template file itself (whose SHA-256
// the fingerprint names), the values the document will carry and the document's name. They live in a small Dexie
// database of the user and account (`rxdb-dexie-ll-<userId>-<accountId>--signing`, the prefix of the account's other
// databases, so sign-out and a lost membership delete it with them), survive reloads, and are replaced each time the
// step is shown online, and forgotten once it is signed. A DocuSign step is kept without a file: offline, its screen
// says it needs the network.
import { Dexie, type Table } from "dexie";
import { sha256Hex } from "../domain/signing-fingerprint.ts";

export interface KeptSigningField {
  name: string;
  value: string;
  /** Filled with the signing date: offline, the device's date when the investor signs. */
  signingDate: boolean;
}

export interface KeptSigningStep {
  stepId: string;
  provider: "builtin" | "docusign";
  documentName: string;
  fields: KeptSigningField[];
  /** The template file as the server sent it (built-in), and its SHA-256 checked against the server's. */
  template: Blob | null;
  templateSha256: string | null;
  keptOn: string;
}

class SigningDatabase extends Dexie {
  steps!: Table<KeptSigningStep, string>;
  constructor(name: string) {
    super(name);
    this.version(1).stores({ steps: "stepId" });
  }
}

/** The database's name: RxDB's Dexie prefix (database.ts LOCAL_INDEXEDDB_PREFIX), so it goes with the account's. */
export function signingDatabaseName(userId: string, accountId: string): string {
  return `rxdb-dexie-ll-${userId}-${accountId}--signing`;
}

const opened = new Map<string, SigningDatabase>();

function database(userId: string, accountId: string): SigningDatabase | null {
  if (typeof indexedDB === "undefined") return null;
  const name = signingDatabaseName(userId, accountId);
  let db = opened.get(name);
  if (!db) {
    db = new SigningDatabase(name);
    opened.set(name, db);
  }
  return db;
}

export interface SigningStepToKeep {
  stepId: string;
  provider: "builtin" | "docusign";
  documentName: string;
  fields: KeptSigningField[];
  templateSha256: string | null;
  /** Where the template file is read (same origin), for the built-in signer. */
  templateUrl: string | null;
}

/**
 * Keeps the step for signing offline: fetches the template file (built-in) and stores it with the values, in one put.
 * A file whose hash is not the one the server named is not kept (the next online visit tries again); a file already
 * kept with that hash is not fetched again.
 */
export async function keepSigningStep(userId: string, accountId: string, step: SigningStepToKeep): Promise<boolean> {
  const db = database(userId, accountId);
  if (!db) return false;
  let template: Blob | null = null;
  const before = await db.steps.get(step.stepId);
  if (step.provider === "builtin" && before?.template && before.templateSha256 === step.templateSha256) {
    // the same file as kept: only the values are new
    template = before.template;
  } else if (step.provider === "builtin") {
    if (!step.templateUrl || !step.templateSha256) return false;
    const response = await fetch(step.templateUrl, { credentials: "same-origin" });
    if (!response.ok) return false;
    template = await response.blob();
    if ((await sha256Hex(await template.arrayBuffer())) !== step.templateSha256) return false;
  }
  await db.steps.put({
    stepId: step.stepId,
    provider: step.provider,
    documentName: step.documentName,
    fields: step.fields,
    template,
    templateSha256: step.provider === "builtin" ? step.templateSha256 : null,
    keptOn: new Date().toISOString(),
  });
  return true;
}

/** The kept step, or null when this device has not kept it. */
export async function keptSigningStep(
  userId: string,
  accountId: string,
  stepId: string,
): Promise<KeptSigningStep | null> {
  return (await database(userId, accountId)?.steps.get(stepId)) ?? null;
}

/** Forgets a kept step (signed: nothing is left to sign offline), freeing its file. */
export async function forgetSigningStep(userId: string, accountId: string, stepId: string): Promise<void> {
  await database(userId, accountId)?.steps.delete(stepId);
}

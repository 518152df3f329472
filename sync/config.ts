// Server configuration, read once from the environment. Every default suits a developer machine; production sets
// NODE_ENV=production and usually DATABASE_URL.

import path from "node:path";
import { fileURLToPath } from "node:url";
import type { InvestReadySettings } from "./accreditation/investready.ts";

type Mode = "production" | "development" | "test";

export interface Config {
  port: number;
  host: string;
  /** Where the embedded PGlite database lives; `null` keeps it in memory (tests). */
  dataDir: string | null;
  /** A real PostgreSQL; when set, PGlite is not used. */
  databaseUrl: string | null;
  /**
   * A direct (session) connection to the primary for the LISTEN connection and the background runners' locks
   * (DATABASE_DIRECT_URL); defaults to databaseUrl. Needed when DATABASE_URL points at a transaction-mode pooler.
   */
  databaseDirectUrl: string | null;
  /** `json` (one JSON object per line) or `text`; default json in production on PostgreSQL, else text. */
  logFormat: "json" | "text";
  mode: Mode;
  /** The built PWA (vite build output). */
  distDir: string;
  /** smtp://user:pass@host:port; unset means mail is only recorded in app_private.mail_outbox and logged. */
  smtpUrl: string | null;
  /** The sender of the mails sent by SMTP (MAIL_FROM); defaults to no-reply at the public address's host. */
  mailFrom: string | null;
  /** The address links in mails point at, e.g. https://ledgerline.example; defaults to the listening URL. */
  publicUrl: string | null;
  /** The file mails are logged to (MAIL_LOG): each delivery, and the text of the mails not sent by SMTP. */
  mailLogFile: string | null;
  /** InvestReady for accreditation (INVESTREADY_CLIENT_ID, _CLIENT_SECRET, _BASE_URL); null: the built-in review only. */
  investready: InvestReadySettings | null;
  /**
   * The read models whose change-stream events carry their documents (LL_STREAM_DOCUMENTS: `all`, `none`, or names
   * separated by commas; docs/SERVER.md "The change in the stream").
   */
  streamDocumentModels: readonly string[] | "all";
}

const projectDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function parseMode(value: string | undefined): Mode {
  if (value === undefined || value === "") return "development";
  if (value === "production" || value === "development" || value === "test") return value;
  throw new Error(`NODE_ENV must be production, development or test (got "${value}")`);
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value === "") return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be 0-65535 (got "${value}")`);
  return port;
}

function nonEmpty(value: string | undefined): string | null {
  return value === undefined || value.trim() === "" ? null : value.trim();
}

function parseLogFormat(value: string | undefined, fallback: "json" | "text"): "json" | "text" {
  if (value === undefined || value.trim() === "") return fallback;
  if (value === "json" || value === "text") return value;
  throw new Error(`LOG_FORMAT must be json or text (got "${value}")`);
}

/**
 * InvestReady's settings (docs/ACCREDITATION.md "InvestReady"): both the client id and secret, or neither. Half of
 * them stops the start with the missing name, rather than a step that fails for every investor later.
 */
export function readInvestReadySettings(env: NodeJS.ProcessEnv = process.env): InvestReadySettings | null {
  const clientId = nonEmpty(env.INVESTREADY_CLIENT_ID);
  const clientSecret = nonEmpty(env.INVESTREADY_CLIENT_SECRET);
  const baseUrl = nonEmpty(env.INVESTREADY_BASE_URL);
  if (!clientId && !clientSecret) {
    if (baseUrl)
      throw new Error("INVESTREADY_BASE_URL is set without INVESTREADY_CLIENT_ID and INVESTREADY_CLIENT_SECRET");
    return null;
  }
  if (!clientId || !clientSecret) {
    const missing = clientId ? "INVESTREADY_CLIENT_SECRET" : "INVESTREADY_CLIENT_ID";
    throw new Error(
      `InvestReady is half configured: ${missing} is not set (set INVESTREADY_CLIENT_ID and INVESTREADY_CLIENT_SECRET, or neither)`,
    );
  }
  const base = baseUrl ?? "https://api.investready.com";
  if (!/^https?:\/\//.test(base)) throw new Error(`INVESTREADY_BASE_URL must be an http(s) address (got "${base}")`);
  return { clientId, clientSecret, baseUrl: base };
}

/** LL_STREAM_DOCUMENTS when unset. */
export const STREAM_DOCUMENTS_DEFAULT = "all";

export function parseStreamDocuments(value: string | undefined): readonly string[] | "all" {
  const setting = (nonEmpty(value) ?? STREAM_DOCUMENTS_DEFAULT).toLowerCase();
  if (setting === "all") return "all";
  if (setting === "none") return [];
  const names = setting.split(",").map((name) => name.trim());
  const wrong = names.find((name) => !/^[a-z_]+$/.test(name));
  if (wrong !== undefined)
    throw new Error(`LL_STREAM_DOCUMENTS must be all, none, or read model names separated by commas (got "${value}")`);
  return names;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(projectDir, nonEmpty(env.DATA_DIR) ?? ".data/pglite");
  const databaseUrl = nonEmpty(env.DATABASE_URL);
  const mode = parseMode(env.NODE_ENV);
  return {
    port: parsePort(env.PORT),
    host: nonEmpty(env.HOST) ?? "127.0.0.1",
    dataDir,
    databaseUrl,
    databaseDirectUrl: nonEmpty(env.DATABASE_DIRECT_URL) ?? databaseUrl,
    logFormat: parseLogFormat(env.LOG_FORMAT, mode === "production" && databaseUrl ? "json" : "text"),
    mode,
    distDir: path.resolve(projectDir, nonEmpty(env.DIST_DIR) ?? "dist"),
    smtpUrl: nonEmpty(env.SMTP_URL),
    mailFrom: nonEmpty(env.MAIL_FROM),
    publicUrl: nonEmpty(env.PUBLIC_URL),
    mailLogFile: path.resolve(projectDir, nonEmpty(env.MAIL_LOG) ?? path.join(path.dirname(dataDir), "mail.log")),
    investready: readInvestReadySettings(env),
    streamDocumentModels: parseStreamDocuments(env.LL_STREAM_DOCUMENTS),
  };
}

// Server-made downloads of the reports page (spec part 2: GET /api/v2/reports/cap-table and /contacts) and the
// allocation import's example file (GET /api/v2/example/download/allocation-cap-table.csv). Reports are read as
// the session's account would read them through GraphQL (role app_user, its claims, row-level security), and are
// written by the same functions the device uses offline (src/domain/reports.ts), so both files are identical.
import type { IncomingMessage, ServerResponse } from "node:http";
import { CSV_CONTENT_TYPE, type CsvText, toCsv } from "../../src/domain/csv.ts";
import { type CapTableLine, type ContactLine, capTableCsv, contactsCsv } from "../../src/domain/reports.ts";
import type { Database, Sql } from "../db/database.ts";
import { type SessionClaims, sessionRole } from "../graphql/settings.ts";
import { claimConfirmKey, confirmKeyOf, recordConfirmKey } from "../ocf/confirm-once.ts";
import { ocfExportSummary, writeOcfPackage } from "../ocf/export.ts";
import {
  applyImport,
  mapPackage,
  type OcfPackage,
  OcfPackageError,
  previewImport,
  readOcfPackage,
} from "../ocf/import.ts";
import {
  checkedOwnerEmail,
  createIssuerForImport,
  issuerNameTaken,
  type NewIssuerRequest,
  newIssuerName,
  newIssuerRequest,
  userWithEmail,
} from "../ocf/new-issuer.ts";
import { OCF_LIMITS, type ZipLimits } from "../ocf/zip.ts";
import { type CapTableRow, toCapTableLine } from "./cap-table-rows.ts";
import { isRegisterReport, registerReaders, registerReport } from "./register.ts";
import { isCrossSite, refuse, sendJson } from "./respond.ts";

export const REPORTS_PATH = "/api/v2/reports/";
export const OCF_IMPORT_PATH = "/api/v2/imports/ocf";
export const ALLOCATION_EXAMPLE_PATH = "/api/v2/example/download/allocation-cap-table.csv";

const ALLOCATION_EXAMPLE = toCsv(
  ["Email", "Amount", "Contact Name"],
  [
    ["ada.byron@example.com", "1000", "Ada Byron"],
    ["alan.turing@example.com", "250.5", ""],
  ],
);

/** Paths this module answers (one check in server.ts). */
export function isReportsPath(path: string): boolean {
  return (
    path.startsWith(REPORTS_PATH) ||
    path === ALLOCATION_EXAMPLE_PATH ||
    path === OCF_IMPORT_PATH ||
    path === `${OCF_IMPORT_PATH}/confirm`
  );
}

/** Only CSV text made by toCsv (src/domain/csv.ts: formulas neutralised) is sent. */
function sendCsv(res: ServerResponse, fileName: string, text: CsvText, method: string | undefined): void {
  res.writeHead(200, {
    "Content-Type": CSV_CONTENT_TYPE,
    "Content-Length": Buffer.byteLength(text),
    "Content-Disposition": `attachment; filename="${fileName}"`,
    "Cache-Control": "no-store",
  });
  res.end(method === "HEAD" ? undefined : text);
}

async function asSession<T>(db: Database, session: SessionClaims, fn: (tx: Sql) => Promise<T>): Promise<T> {
  return db.transaction(async (tx: Sql) => {
    await sessionRole(tx, session);
    return fn(tx);
  });
}

/** Issued holdings the account sees, without zero, negative or allocation-owned entries. */
async function capTableLines(tx: Sql): Promise<CapTableLine[]> {
  const { rows } = await tx.query<CapTableRow>(
    `select inv.name as investor, inv.email as investor_email, a.name as asset, r.name as round, s.name as security,
            h.amount::text as units, coalesce(h.purchase_price, r.price)::text as purchase_price, h.issued_on
       from app_public.holdings h
       left join app_public.accounts inv on inv.id = h.investor_id
       left join app_public.rounds r on r.id = h.round_id
       left join app_public.assets a on a.id = r.asset_id
       left join app_public.securities s on s.id = h.security_id
      where h.amount > 0
        and h.investor_id not in (select al.owner_id from app_public.allocations al)`,
  );
  return rows.map(toCapTableLine);
}

async function contactLines(tx: Sql): Promise<ContactLine[]> {
  const { rows } = await tx.query<{ name: string | null; account_name: string | null; email: string }>(
    `select c.name, inv.name as account_name, c.email from app_public.customers c
       left join app_public.accounts inv on inv.id = c.investor_id
      where c.account_id = app_private.current_account_id()`,
  );
  return rows.map((r) => ({ contactName: r.name ?? "", accountName: r.account_name ?? "", email: r.email }));
}

function today(): string {
  return new Date().toISOString().slice(0, 10).replaceAll("-", "_");
}

/**
 * GET /api/v2/reports/ocf: the issuer's cap table as an OCF 1.2.0 package (zip), streamed as it is made;
 * GET /api/v2/reports/ocf/summary: what the package holds and what OCF cannot express (JSON).
 */
async function sendOcf(res: ServerResponse, context: { db: Database; session: SessionClaims }, summaryOnly: boolean) {
  const { db, session } = context;
  const issuerId = session.accountId ?? "";
  if (summaryOnly) {
    const summary = await asSession(db, session, (tx) => ocfExportSummary(tx, issuerId));
    const { capTable: _capTable, ...shown } = summary;
    return sendJson(res, 200, shown);
  }
  let started = false;
  // Waits while the client reads, so a slow download does not pile the package up in memory.
  const drained = () =>
    res.writableNeedDrain
      ? new Promise<void>((resolve) => {
          res.once("drain", () => resolve());
          res.once("close", () => resolve());
        })
      : Promise.resolve();
  try {
    await asSession(db, session, (tx) =>
      writeOcfPackage(
        tx,
        issuerId,
        (chunk, final) => {
          if (!started) {
            started = true;
            res.writeHead(200, {
              "Content-Type": "application/zip",
              "Content-Disposition": `attachment; filename="ocf_${today()}.zip"`,
              "Cache-Control": "no-store",
            });
          }
          res.write(chunk);
          if (final) res.end();
        },
        new Date(),
        drained,
      ),
    );
  } catch (error) {
    if (!started) throw error;
    res.destroy(error as Error); // the download is cut off rather than ending as a truncated zip
  }
}

/** The import's limits: OCF_UPLOAD_LIMIT_MB and OCF_UNZIPPED_LIMIT_MB override the defaults (100 and 400 MB). */
function ocfLimits(): ZipLimits {
  const mb = (name: string, fallback: number) => {
    const value = Number(process.env[name]);
    return Number.isFinite(value) && value > 0 ? Math.floor(value * 1024 * 1024) : fallback;
  };
  return {
    maxCompressedBytes: mb("OCF_UPLOAD_LIMIT_MB", OCF_LIMITS.maxCompressedBytes),
    maxUncompressedBytes: mb("OCF_UNZIPPED_LIMIT_MB", OCF_LIMITS.maxUncompressedBytes),
    maxEntries: OCF_LIMITS.maxEntries,
  };
}

/**
 * The request body as chunks for the zip reader. When the reader stops early (a limit), the rest of the body is
 * read and discarded (up to as much again as the upload limit, then the connection is closed), so the client that
 * is still sending gets the refusal instead of a reset connection.
 */
function bodyChunks(req: IncomingMessage): { chunks: AsyncIterable<Uint8Array>; discardRest(limit: number): void } {
  const iterator = req[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
  return {
    chunks: {
      [Symbol.asyncIterator]: () => ({
        next: () => iterator.next(),
        return: async () => ({ done: true, value: undefined }),
      }),
    },
    discardRest(limit: number) {
      let discarded = 0;
      void (async () => {
        for (;;) {
          const { done, value } = await iterator.next();
          if (done) return;
          discarded += value.length;
          if (discarded > limit) return req.destroy();
        }
      })().catch(() => {});
    },
  };
}

function packageRefusal(res: ServerResponse, error: OcfPackageError, status = 422): void {
  sendJson(res, status, {
    errors: [
      {
        message: error.file ? `${error.file}: ${error.message}` : error.message,
        extensions: { code: "LL422", file: error.file },
      },
    ],
  });
}

/**
 * POST /api/v2/imports/ocf (the zip as the body): the preview, every problem with its file and object id, nothing
 * written. POST /api/v2/imports/ocf/confirm (the same zip): applied in one transaction, all or nothing. Both only
 * for an owner or admin of the selected issuer account (app_private.require_writer as the session).
 * With `?newIssuer=1&ownerEmail=...[&accountName=...]`: a platform admin's import that creates a new issuer
 * (app_private.require_writer('{admin}')); confirm creates the account, its owner's membership or invitation and
 * the import in one transaction.
 * Confirm with an `Idempotency-Key` header (a UUID; the app always sends one) is applied once per key: a repeat by
 * the same user for the same account answers the recorded answer, another user's key is refused (409); without the
 * header a confirm imports as it always did (sync/ocf/confirm-once.ts).
 */
async function handleOcfImport(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  context: { db: Database; session: SessionClaims | null },
): Promise<void> {
  if (req.method !== "POST") return refuse(res, 405, "LL405", "Use POST");
  if (isCrossSite(req)) return refuse(res, 403, "LL403", "Operation not allowed");
  const session = context.session;
  if (!session?.accountId) return refuse(res, 401, "LL401", "Not signed in");
  const newIssuer = newIssuerRequest(new URL(req.url ?? "/", "http://localhost").searchParams);
  const writerTypes = newIssuer ? "{admin}" : "{issuer}";
  if (session.accountType !== (newIssuer ? "admin" : "issuer"))
    return refuse(res, 403, "LL403", "Operation not allowed");
  try {
    await asSession(context.db, session, (tx) => tx.query("select app_private.require_writer($1)", [writerTypes]));
  } catch {
    return refuse(res, 403, "LL403", "Operation not allowed");
  }
  if (newIssuer) {
    try {
      newIssuer.ownerEmail = await asSession(context.db, session, (tx) => checkedOwnerEmail(tx, newIssuer.ownerEmail));
    } catch (error) {
      if ((error as { code?: string }).code === "LL422") return refuse(res, 422, "LL422", (error as Error).message);
      throw error;
    }
  }
  const confirmKey = path === OCF_IMPORT_PATH ? { key: null } : confirmKeyOf(req);
  if ("error" in confirmKey) return refuse(res, 400, "LL400", confirmKey.error);
  const limits = ocfLimits();
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > limits.maxCompressedBytes) {
    res.setHeader("Connection", "close");
    return packageRefusal(
      res,
      new OcfPackageError(
        `The package is larger than the upload limit of ${Math.round(limits.maxCompressedBytes / 1048576)} MB.`,
      ),
      413,
    );
  }
  const body = bodyChunks(req);
  let pkg: Awaited<ReturnType<typeof readOcfPackage>>;
  try {
    pkg = await readOcfPackage(body.chunks, limits);
  } catch (error) {
    if (error instanceof OcfPackageError) {
      body.discardRest(limits.maxCompressedBytes);
      return packageRefusal(res, error, /upload limit/.test(error.message) ? 413 : 422);
    }
    throw error;
  }
  const issuerId = session.accountId;
  if (path === OCF_IMPORT_PATH) {
    // as the session: contacts are matched among the issuer's own contacts only
    if (newIssuer) return sendJson(res, 200, await newIssuerPreview(context.db, session, newIssuer, pkg));
    const preview = await asSession(context.db, session, (tx) => previewImport(tx, issuerId, pkg));
    return sendJson(res, 200, preview);
  }
  const problems = [...pkg.problems, ...mapPackage(pkg).problems];
  const errors = problems.filter((p) => p.severity === "error").length;
  if (errors > 0) {
    return sendJson(res, 422, {
      errors: [
        {
          message: `The package has ${errors} problem${errors === 1 ? "" : "s"}: nothing was imported.`,
          extensions: { code: "LL422" },
        },
      ],
      problems: problems.slice(0, 500),
    });
  }
  const importPackage = async (tx: Sql) => {
    if (!newIssuer) return applyImport(tx, issuerId, pkg);
    const created = await createIssuerForImport(tx, newIssuer, pkg, session.userId);
    const applied = await applyImport(tx, created.id, pkg);
    return {
      ...applied,
      newIssuer: { id: created.id, name: created.name, ownerEmail: created.ownerEmail, invited: created.invited },
    };
  };
  const key = confirmKey.key;
  try {
    const outcome = await context.db.transaction(async (tx) => {
      await sessionRole(tx, session);
      // the session must be allowed to write the issuer's data; the ledger itself is written as the owner
      await tx.query("select app_private.require_writer($1)", [writerTypes]);
      await tx.query("reset role");
      // a confirm repeated with its key (its answer was lost) gets the first answer; nothing is imported again
      const claim = key ? await claimConfirmKey(tx, key, session.userId, issuerId) : ({ kind: "claimed" } as const);
      if (claim.kind !== "claimed") return claim;
      const answer = await importPackage(tx);
      if (key) await recordConfirmKey(tx, key, answer);
      return { kind: "imported" as const, answer };
    });
    if (outcome.kind === "conflict") {
      return refuse(
        res,
        409,
        "LL409",
        "This confirmation was already used for another import. Choose the package again and import it.",
      );
    }
    if (outcome.kind === "repeat") res.setHeader("Idempotent-Replayed", "true");
    return sendJson(res, 200, outcome.answer);
  } catch (error) {
    if (error instanceof OcfPackageError) return packageRefusal(res, error);
    const code = (error as { code?: string }).code;
    if (code === "LL422" || code === "LL409" || code === "23505" || code === "23514") {
      return sendJson(res, 422, {
        errors: [{ message: `Nothing was imported: ${(error as Error).message}`, extensions: { code: "LL422" } }],
      });
    }
    throw error;
  }
}

/** The preview of an admin's import into a new issuer: the package's preview plus the account it would create. */
async function newIssuerPreview(db: Database, session: SessionClaims, request: NewIssuerRequest, pkg: OcfPackage) {
  // users are not readable as the session; the admin was checked, so this one lookup runs as the server
  const ownerExists = (await db.transaction((tx) => userWithEmail(tx, request.ownerEmail))) !== null;
  const preview = await asSession(db, session, (tx) => previewImport(tx, null, pkg));
  const name = newIssuerName(request, pkg);
  // a second issuer of the same name is allowed, but the admin is told before confirming (issue 37)
  const nameTaken = name ? await db.transaction((tx) => issuerNameTaken(tx, name)) : false;
  const problems = name
    ? preview.problems
    : [
        ...preview.problems,
        {
          file: pkg.manifestFile || "Manifest.ocf.json",
          objectId: null,
          message: "Name is required.",
          severity: "error" as const,
        },
      ];
  return {
    ...preview,
    problems,
    errors: preview.errors + (name ? 0 : 1),
    newIssuer: { name, ownerEmail: request.ownerEmail, ownerExists, nameTaken },
  };
}

/** The register's reports (sync/http/register.ts): a bad date or holder is refused with its text, nothing sent. */
async function sendRegisterReport(
  req: IncomingMessage,
  res: ServerResponse,
  name: string,
  params: URLSearchParams,
  context: { db: Database; session: SessionClaims },
): Promise<void> {
  try {
    const answer = await asSession(context.db, context.session, (tx) =>
      registerReport(tx, name, params, new Date().toISOString().slice(0, 10)),
    );
    if (!answer.ok) return refuse(res, answer.status, answer.code, answer.message);
    return sendCsv(res, answer.fileName, answer.csv, req.method);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "LL422") return refuse(res, 422, code, (error as Error).message);
    if (code === "LL403" || code === "42501") return refuse(res, 403, "LL403", "Operation not allowed");
    throw error;
  }
}

export async function handleReports(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  context: { db: Database; session: SessionClaims | null },
): Promise<void> {
  if (path === OCF_IMPORT_PATH || path === `${OCF_IMPORT_PATH}/confirm`)
    return handleOcfImport(req, res, path, context);
  if (req.method !== "GET" && req.method !== "HEAD") return refuse(res, 405, "LL405", "Use GET");
  if (path === ALLOCATION_EXAMPLE_PATH) return sendCsv(res, "allocation-cap-table.csv", ALLOCATION_EXAMPLE, req.method);
  const session = context.session;
  if (!session?.accountId) return refuse(res, 401, "LL401", "Not signed in");
  const name = path.slice(REPORTS_PATH.length);
  const params = new URL(req.url ?? "/", "http://localhost").searchParams;
  if (isRegisterReport(name, params)) {
    if (!registerReaders(name).includes(session.accountType ?? ""))
      return refuse(res, 403, "LL403", "Operation not allowed");
    return sendRegisterReport(req, res, name, params, { db: context.db, session });
  }
  if (session.accountType !== "issuer" && session.accountType !== "broker")
    return refuse(res, 403, "LL403", "Operation not allowed");
  if (name === "ocf" || name === "ocf/summary") {
    if (session.accountType !== "issuer") return refuse(res, 403, "LL403", "Operation not allowed");
    return sendOcf(res, { db: context.db, session }, name === "ocf/summary");
  }
  if (name === "cap-table") {
    const lines = await asSession(context.db, session, capTableLines);
    return sendCsv(res, `cap_table_${today()}.csv`, capTableCsv(lines), req.method);
  }
  if (name === "contacts") {
    const lines = await asSession(context.db, session, contactLines);
    return sendCsv(res, `contacts_${today()}.csv`, contactsCsv(lines), req.method);
  }
  return refuse(res, 404, "LL404", "Not found");
}

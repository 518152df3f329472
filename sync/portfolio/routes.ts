// The investor's portfolio downloads (issue 35 item 2; docs/API.md "Portfolio downloads"): the OFX file of holdings
// and transactions, and the statement of holdings as of a day. For the selected investor account of the session (a
// signed-in session, or whatever else resolves to one), read as that session under row-level security.
import type { ServerResponse } from "node:http";
import {
  checkStatementDate,
  PORTFOLIO_OFX_PATH,
  PORTFOLIO_STATEMENT_PATH,
} from "../../src/domain/portfolio-downloads.ts";
import type { Database } from "../db/database.ts";
import { type SessionClaims, sessionRole } from "../graphql/settings.ts";
import { refuse } from "../http/respond.ts";
import type { Route, RouteContext } from "../http/routes.ts";
import { type Portfolio, readPortfolio } from "./data.ts";
import { OFX_CONTENT_TYPE, ofxBytes, portfolioOfx } from "./ofx.ts";
import { statementPdf } from "./statement-pdf.ts";

export const PORTFOLIO_TEXT = {
  investorsOnly: "Portfolio downloads are for investor accounts: choose an investor account first.",
  useGet: "Use GET",
} as const;

function send(res: ServerResponse, method: string | undefined, type: string, fileName: string, body: Uint8Array) {
  res.writeHead(200, {
    "Content-Type": type,
    "Content-Length": body.byteLength,
    "Content-Disposition": `attachment; filename="${fileName}"`,
    "Cache-Control": "no-store",
  });
  res.end(method === "HEAD" ? undefined : body);
}

const isInvestor = (context: RouteContext) =>
  Boolean(context.session?.accountId) && context.session?.accountType === "investor";

/** The session's own portfolio, or null (and the refusal sent) when the session is no investor account's. */
async function portfolioOf(db: Database, res: ServerResponse, context: RouteContext): Promise<Portfolio | null> {
  const session = context.session as SessionClaims;
  if (!isInvestor(context)) {
    refuse(res, 403, "LL403", PORTFOLIO_TEXT.investorsOnly);
    return null;
  }
  const portfolio = await db.transaction(async (tx) => {
    await sessionRole(tx, session);
    return readPortfolio(tx);
  });
  if (!portfolio) refuse(res, 403, "LL403", PORTFOLIO_TEXT.investorsOnly);
  return portfolio;
}

const utcDay = (moment: Date) => moment.toISOString().slice(0, 10);

export function portfolioRoutes(options: { db: Database; now?: () => Date }): Route[] {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  /** Refuses anything but GET and HEAD (405 with Allow); true when it did. */
  const refusedMethod = (method: string | undefined, res: ServerResponse) => {
    if (method === "GET" || method === "HEAD") return false;
    res.setHeader("Allow", "GET, HEAD");
    refuse(res, 405, "LL405", PORTFOLIO_TEXT.useGet);
    return true;
  };
  return [
    {
      method: "GET",
      answersOtherMethods: true,
      path: PORTFOLIO_OFX_PATH,
      access: "session",
      doc: "The selected investor account's holdings and transactions as an OFX 1.0.2 investment statement (docs/API.md); HEAD too, else 405",
      async handle(req, res, context) {
        if (refusedMethod(req.method, res)) return;
        const portfolio = await portfolioOf(db, res, context);
        if (!portfolio) return;
        const moment = now();
        const body = ofxBytes(portfolioOfx(portfolio, moment));
        send(res, req.method, OFX_CONTENT_TYPE, `ledgerline-portfolio-${utcDay(moment)}.ofx`, body);
      },
    },
    {
      method: "GET",
      answersOtherMethods: true,
      path: PORTFOLIO_STATEMENT_PATH,
      access: "session",
      doc: "`?asOf=YYYY-MM-DD`: the selected investor account's statement of holdings on that day, a PDF (docs/API.md); 400 for a bad or future day; HEAD too, else 405",
      async handle(req, res, context) {
        if (refusedMethod(req.method, res)) return;
        if (!isInvestor(context)) return refuse(res, 403, "LL403", PORTFOLIO_TEXT.investorsOnly);
        const today = utcDay(now());
        const day = checkStatementDate(context.url.searchParams.get("asOf"), today);
        if (!day.ok) return refuse(res, 400, "LL400", day.message);
        const portfolio = await portfolioOf(db, res, context);
        if (!portfolio) return;
        const pdf = await statementPdf(portfolio, day.date, today);
        send(res, req.method, "application/pdf", `ledgerline-statement-${day.date}.pdf`, pdf);
      },
    },
  ];
}

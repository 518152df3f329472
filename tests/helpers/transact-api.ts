// A local stand-in for North Capital TransactAPI v3 (docs/PAYMENTS.md): the calls the adapter makes, with the real
// request and answer shapes (clientID and developerAPIKey in the form body, the {statusCode, statusDesc} envelope
// with its irregular payload keys, numbers as six-decimal strings, MM-DD-YYYY dates, PUT for createIssuer and
// createOffering, createParty, createAccount and createLink), investors' parties and accounts (a trade needs an
// account with an owner party), the trade state machine (CREATED -> FUNDED -> SETTLED, UNWIND PENDING -> UNWIND SETTLED,
// CANCELLED), closeOffering only when every trade is settled or cancelled, the $100,000 externalFundMove cap, and
// failures on demand: bad credentials (statusCode 103), 5xx answers and timeouts. A status callback can be posted to
// a URL after every trade change, twice when asked (a provider repeating itself).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export const FUND_MOVE_CAP_MICROS = 100_000n * 1_000_000n;

type Status = "CREATED" | "FUNDED" | "SETTLED" | "UNWIND PENDING" | "UNWIND SETTLED" | "CANCELLED";
const NEXT: Record<Status, Status[]> = {
  CREATED: ["FUNDED", "CANCELLED"],
  FUNDED: ["SETTLED", "UNWIND PENDING", "CANCELLED"],
  SETTLED: ["UNWIND PENDING"],
  "UNWIND PENDING": ["UNWIND SETTLED"],
  "UNWIND SETTLED": [],
  CANCELLED: [],
};
const PUT_METHODS = new Set(["createIssuer", "createOffering", "createParty", "createAccount", "createLink"]);
const DOMICILES = new Set(["U.S. Citizen", "U.S. Resident", "non-resident"]);
const DATE = /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])-\d{4}$/;

interface Issuer {
  issuerId: string;
  issuerName: string;
  email: string;
}
interface Offering {
  offeringId: string;
  issuerId: string;
  issueName: string;
  unitPrice: bigint;
  targetAmount: bigint;
  startDate: string;
  endDate: string;
  offeringStatus: "Approved" | "Pending" | "Denied";
}
interface Party {
  partyId: string;
  firstName: string;
  lastName: string;
  emailAddress: string;
  domicile: string;
}
interface Account {
  accountId: string;
  accountRegistration: string;
  type: string;
  /** createLink: the owner party (relatedEntryType IndivACParty, linkType owner). */
  ownerPartyId: string | null;
}
interface Trade {
  tradeId: string;
  offeringId: string;
  accountId: string;
  totalShares: bigint;
  totalAmount: bigint;
  tradeStatus: Status;
  field1: string;
}

function micros(text: string): bigint | null {
  const m = /^(\d+)(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (!m) return null;
  return BigInt(m[1] ?? "0") * 1_000_000n + BigInt((m[2] ?? "").padEnd(6, "0") || "0");
}
function six(value: bigint): string {
  return `${value / 1_000_000n}.${(value % 1_000_000n).toString().padStart(6, "0")}`;
}

export interface TransactApiStandIn {
  /** The base URL to configure (…/tapiv3/index.php/v3). */
  url: string;
  clientID: string;
  developerAPIKey: string;
  issuers: Map<string, Issuer>;
  offerings: Map<string, Offering>;
  trades: Map<string, Trade>;
  /** Investors' parties and accounts (createParty, createAccount, createLink). */
  parties: Map<string, Party>;
  accounts: Map<string, Account>;
  /** Every request: method name, HTTP verb and the form fields (credentials included). */
  requests: Array<{ method: string; verb: string; body: Record<string, string> }>;
  /** The next n requests answer HTTP 503 ("5xx") or never answer ("timeout"). */
  failNext(n: number, kind: "5xx" | "timeout"): void;
  /** Posts {tradeId, tradeStatus, offeringId} here after every trade change (twice when duplicate). */
  callbackUrl: string | null;
  duplicateCallbacks: boolean;
  /** Moves a trade as North Capital's back office would (e.g. the ACH settles); refuses an illegal move. */
  setTradeStatus(tradeId: string, status: Status): Promise<void>;
  close(): Promise<void>;
}

export async function startTransactApiStandIn(
  credentials: { clientID?: string; developerAPIKey?: string } = {},
): Promise<TransactApiStandIn> {
  const clientID = credentials.clientID ?? "stand-in-client";
  const developerAPIKey = credentials.developerAPIKey ?? "stand-in-key";
  const issuers = new Map<string, Issuer>();
  const offerings = new Map<string, Offering>();
  const trades = new Map<string, Trade>();
  const parties = new Map<string, Party>();
  const accounts = new Map<string, Account>();
  const requests: TransactApiStandIn["requests"] = [];
  const failures: Array<"5xx" | "timeout"> = [];
  const held = new Set<ServerResponse>();
  let counter = 1000;
  const nextId = () => String(++counter);

  const standIn = {} as TransactApiStandIn;

  const notify = async (trade: Trade) => {
    const url = standIn.callbackUrl;
    if (!url) return;
    const body = JSON.stringify({
      tradeId: trade.tradeId,
      tradeStatus: trade.tradeStatus,
      offeringId: trade.offeringId,
    });
    for (let i = 0; i < (standIn.duplicateCallbacks ? 2 : 1); i++) {
      await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body }).catch(() => {});
    }
  };
  const move = async (trade: Trade, status: Status): Promise<string | null> => {
    if (trade.tradeStatus === status) return null;
    if (!NEXT[trade.tradeStatus].includes(status))
      return `Trade status cannot change from ${trade.tradeStatus} to ${status}`;
    trade.tradeStatus = status;
    await notify(trade);
    return null;
  };

  const ok = (payload: Record<string, unknown>) => ({ statusCode: "101", statusDesc: "Ok", ...payload });
  const error = (statusCode: string, statusDesc: string) => ({ statusCode, statusDesc });
  const tradeJson = (t: Trade) => ({
    tradeId: t.tradeId,
    accountId: t.accountId,
    offeringId: t.offeringId,
    transactionType: "ACH",
    totalShares: six(t.totalShares),
    unitPrice: six(offerings.get(t.offeringId)?.unitPrice ?? 0n),
    totalAmount: six(t.totalAmount),
    tradeStatus: t.tradeStatus,
    RRApprovalStatus: "Pending",
    PrincipalApprovalStatus: "Pending",
    field1: t.field1,
    field2: "",
    field3: "",
    esignStatus: "NOTSIGNED",
  });

  async function answer(method: string, body: Record<string, string>): Promise<Record<string, unknown>> {
    const required = (...names: string[]) => names.find((n) => !body[n]?.trim());
    switch (method) {
      case "createIssuer": {
        const missing = required("issuerName", "firstName", "lastName", "email");
        if (missing) return error("106", `Data/parameter missing: ${missing}`);
        const issuer = { issuerId: nextId(), issuerName: body.issuerName ?? "", email: body.email ?? "" };
        issuers.set(issuer.issuerId, issuer);
        return ok({ issuerDetails: [true, [{ issuerId: issuer.issuerId, issuerStatus: "Pending" }]] });
      }
      case "getIssuer": {
        const issuer = issuers.get(body.issuerId ?? "");
        if (!issuer) return error("404", "Issuer ID does not exist");
        return ok({ issuerDetails: [{ ...issuer, issuerStatus: "Approved" }] });
      }
      case "createOffering": {
        const missing = required(
          "issuerId",
          "issueName",
          "issueType",
          "targetAmount",
          "minAmount",
          "maxAmount",
          "unitPrice",
          "startDate",
          "endDate",
          "offeringText",
          "stampingText",
        );
        if (missing) return error("106", `Data/parameter missing: ${missing}`);
        if (!issuers.has(body.issuerId ?? "")) return error("404", "Issuer ID does not exist");
        if (!DATE.test(body.startDate ?? "") || !DATE.test(body.endDate ?? ""))
          return error("106", "Dates must be MM-DD-YYYY");
        const unitPrice = micros(body.unitPrice ?? "");
        const targetAmount = micros(body.targetAmount ?? "");
        if (unitPrice === null || targetAmount === null || unitPrice <= 0n) return error("106", "Invalid amount");
        const offering: Offering = {
          offeringId: nextId(),
          issuerId: body.issuerId ?? "",
          issueName: body.issueName ?? "",
          unitPrice,
          targetAmount,
          startDate: body.startDate ?? "",
          endDate: body.endDate ?? "",
          offeringStatus: "Approved",
        };
        offerings.set(offering.offeringId, offering);
        return ok({
          offeringDetails: [true, [{ offeringId: offering.offeringId, offeringStatus: offering.offeringStatus }]],
        });
      }
      case "getAllOffers":
        return ok({
          offeringDetails: [...offerings.values()].map((o) => ({
            issuerId: o.issuerId,
            offeringId: o.offeringId,
            issueName: o.issueName,
            issueType: "Equity",
            targetAmount: six(o.targetAmount),
            minAmount: six(o.unitPrice),
            maxAmount: six(o.targetAmount),
            unitPrice: six(o.unitPrice),
            startDate: o.startDate,
            endDate: o.endDate,
            offeringStatus: o.offeringStatus,
          })),
        });
      case "createParty": {
        const missing = required("domicile", "firstName", "lastName", "emailAddress");
        if (missing) return error("106", `Data/parameter missing: ${missing}`);
        if (!DOMICILES.has(body.domicile ?? "")) return error("106", "Invalid domicile");
        if (body.dob && !DATE.test(body.dob)) return error("106", "Dates must be MM-DD-YYYY");
        const party: Party = {
          partyId: `P${nextId()}`,
          firstName: body.firstName ?? "",
          lastName: body.lastName ?? "",
          emailAddress: body.emailAddress ?? "",
          domicile: body.domicile ?? "",
        };
        parties.set(party.partyId, party);
        return ok({ partyDetails: [true, [{ partyId: party.partyId, KYCstatus: "Pending", AMLstatus: "Pending" }]] });
      }
      case "createAccount": {
        const missing = required("accountRegistration", "type", "domesticYN");
        if (missing) return error("106", `Data/parameter missing: ${missing}`);
        const account: Account = {
          accountId: `A${nextId()}`,
          accountRegistration: body.accountRegistration ?? "",
          type: body.type ?? "",
          ownerPartyId: null,
        };
        accounts.set(account.accountId, account);
        return ok({ accountDetails: [{ accountId: account.accountId, accountName: account.accountRegistration }] });
      }
      case "createLink": {
        const missing = required("firstEntryType", "firstEntry", "relatedEntryType", "relatedEntry", "linkType");
        if (missing) return error("106", `Data/parameter missing: ${missing}`);
        if (body.firstEntryType !== "Account" || body.relatedEntryType !== "IndivACParty")
          return error("106", "Unsupported link entry types");
        const account = accounts.get(body.firstEntry ?? "");
        if (!account) return error("404", "Account ID does not exist");
        if (!parties.has(body.relatedEntry ?? "")) return error("404", "Party ID does not exist");
        if (body.linkType === "owner") {
          if (account.ownerPartyId && account.ownerPartyId !== body.relatedEntry)
            return error("106", "The account already has an owner");
          account.ownerPartyId = body.relatedEntry ?? null;
        }
        return ok({
          linkDetails: [true, [{ id: nextId(), firstEntry: account.accountId, relatedEntry: body.relatedEntry }]],
        });
      }
      case "createTrade": {
        const missing = required("offeringId", "accountId", "transactionType", "transactionUnits", "createdIpAddress");
        if (missing) return error("106", `Data/parameter missing: ${missing}`);
        const offering = offerings.get(body.offeringId ?? "");
        if (!offering) return error("404", "Offering ID does not exist");
        const investorAccount = accounts.get(body.accountId ?? "");
        if (!investorAccount) return error("404", "Account ID does not exist");
        if (!investorAccount.ownerPartyId) return error("106", "The account has no owner party linked");
        if (offering.offeringStatus !== "Approved") return error("106", "Offering is not approved");
        const units = micros(body.transactionUnits ?? "");
        if (units === null || units <= 0n) return error("106", "Invalid transactionUnits");
        const existing = [...trades.values()].find((t) => body.field1 && t.field1 === body.field1);
        const trade = existing ?? {
          tradeId: nextId(),
          offeringId: offering.offeringId,
          accountId: body.accountId ?? "",
          totalShares: units,
          totalAmount: (units * offering.unitPrice) / 1_000_000n,
          tradeStatus: "CREATED" as Status,
          field1: body.field1 ?? "",
        };
        trades.set(trade.tradeId, trade);
        const date = new Date();
        return ok({
          purchaseDetails: [
            true,
            [
              {
                tradeId: trade.tradeId,
                transactionId: `${trade.tradeId}1`,
                transactionAmount: six(trade.totalAmount),
                transactionDate: `${String(date.getUTCMonth() + 1).padStart(2, "0")}-${String(date.getUTCDate()).padStart(2, "0")}-${date.getUTCFullYear()}`,
                transactionStatus: trade.tradeStatus,
                RRApprovalStatus: "Pending",
              },
            ],
          ],
        });
      }
      case "externalFundMove": {
        const missing = required(
          "accountId",
          "offeringId",
          "tradeId",
          "NickName",
          "amount",
          "description",
          "checkNumber",
        );
        if (missing) return error("106", `Data/parameter missing: ${missing}`);
        const trade = trades.get(body.tradeId ?? "");
        if (!trade || trade.offeringId !== body.offeringId) return error("404", "Trade ID does not exist");
        const amount = micros(body.amount ?? "");
        if (amount === null || amount <= 0n) return error("106", "Invalid amount");
        if (amount > FUND_MOVE_CAP_MICROS)
          return error("1400", "Amount exceeds the externalFundMove limit of $100,000");
        if (amount !== trade.totalAmount) return error("106", "Amount does not match the trade amount");
        const problem = await move(trade, "FUNDED");
        if (problem) return error("106", problem);
        return ok({
          TradeFinancialDetails: [
            {
              accountId: trade.accountId,
              tradeId: trade.tradeId,
              offeringId: trade.offeringId,
              totalAmount: six(amount),
              fundStatus: "Pending",
            },
          ],
        });
      }
      case "updateTradeStatus": {
        const trade = trades.get(body.tradeId ?? "");
        if (!trade) return error("404", "Trade ID does not exist");
        const problem = await move(trade, (body.orderStatus ?? "") as Status);
        if (problem) return error("106", problem);
        return ok({ tradeDetails: [tradeJson(trade)] });
      }
      case "cancelInvestment": {
        const trade = trades.get(body.tradeId ?? "");
        if (!trade) return error("404", "Trade ID does not exist");
        const problem = await move(trade, "CANCELLED");
        if (problem) return error("106", problem);
        return ok({ tradeDetails: [tradeJson(trade)] });
      }
      case "getTradeStatusesForOffering": {
        if (!offerings.has(body.offeringId ?? "")) return error("404", "Offering ID does not exist");
        return ok({
          "Offering purchased details": [...trades.values()]
            .filter(
              (t) => t.offeringId === body.offeringId && (!body.tradeStatus || t.tradeStatus === body.tradeStatus),
            )
            .map(tradeJson),
        });
      }
      case "closeOffering": {
        const offering = offerings.get(body.offeringId ?? "");
        if (!offering) return error("404", "Offering ID does not exist");
        const open = [...trades.values()].filter(
          (t) => t.offeringId === offering.offeringId && t.tradeStatus !== "SETTLED" && t.tradeStatus !== "CANCELLED",
        );
        if (open.length > 0) return error("106", "All trades must be settled or cancelled before the offering closes");
        return ok({ offeringDetails: [{ offeringId: offering.offeringId, offeringStatus: "Closed" }] });
      }
      default:
        return error("404", `Unknown method ${method}`);
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const method = new URL(req.url ?? "/", "http://x").pathname.split("/").filter(Boolean).at(-1) ?? "";
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const body: Record<string, string> = (req.headers["content-type"] ?? "").includes("json")
      ? (JSON.parse(raw || "{}") as Record<string, string>)
      : Object.fromEntries(new URLSearchParams(raw));
    requests.push({ method, verb: req.method ?? "", body });
    const failure = failures.shift();
    if (failure === "timeout") {
      held.add(res);
      return;
    }
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(payload));
    };
    if (failure === "5xx") return send(503, { error: "Service Unavailable" });
    if (body.clientID !== clientID || body.developerAPIKey !== developerAPIKey)
      return send(200, error("103", "Invalid Client ID or Developer API Key"));
    const verb = PUT_METHODS.has(method) ? "PUT" : "POST";
    if (req.method !== verb) return send(405, error("106", `${method} takes ${verb}`));
    send(200, await answer(method, body));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e) => {
      res.writeHead(500);
      res.end(String(e));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  Object.assign(standIn, {
    url: `http://127.0.0.1:${port}/tapiv3/index.php/v3`,
    clientID,
    developerAPIKey,
    issuers,
    offerings,
    trades,
    parties,
    accounts,
    requests,
    callbackUrl: null,
    duplicateCallbacks: false,
    failNext(n: number, kind: "5xx" | "timeout") {
      for (let i = 0; i < n; i++) failures.push(kind);
    },
    async setTradeStatus(tradeId: string, status: Status) {
      const trade = trades.get(tradeId);
      if (!trade) throw new Error(`No trade ${tradeId}`);
      const problem = await move(trade, status);
      if (problem) throw new Error(problem);
    },
    async close() {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  } satisfies Partial<TransactApiStandIn>);
  return standIn;
}

// The North Capital TransactAPI v3 adapter (docs/PAYMENTS.md, ARCHITECTURE "Payment provider"): one configured
// account (base URL, clientID, developerAPIKey: README "Payments"). Every call sends the credentials in the body
// (form-encoded, as the documentation's curl examples do); PUT for createIssuer and createOffering, POST for the
// rest. Answers are an envelope {"statusCode": "101", "statusDesc": "Ok", ...} with irregular payload keys
// ("offeringDetails", "purchaseDetails": [true, [...]], "Offering purchased details", "TradeFinancialDetails"),
// numbers as strings with six decimals and dates as MM-DD-YYYY. A timeout, a refused connection or a 5xx is
// `unavailable` (retried with backoff by the runner); statusCode 103 is bad credentials; other codes are refusals.
import { mmddyyyy, plain, sixDecimals, toMicros } from "./money.ts";
import {
  type InvestorSetup,
  type IssuerSetup,
  isTradeStatus,
  type PaymentProvider,
  ProviderError,
  type ProviderIssuer,
  type ProviderOffering,
  type ProviderTrade,
  type TradeRequest,
} from "./provider.ts";

export interface NorthCapitalConfig {
  baseUrl: string;
  clientID: string;
  developerAPIKey: string;
  /** Per request (default 15 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export const OK = "101";
export const BAD_CREDENTIALS = "103";

type Envelope = { statusCode?: string; statusDesc?: string } & Record<string, unknown>;

/** The rows of an irregular payload: [true, [rows]], [rows] or {key: [rows]}. */
function rowsOf(value: unknown): Array<Record<string, unknown>> {
  if (Array.isArray(value)) {
    if (value.length === 2 && typeof value[0] === "boolean" && Array.isArray(value[1]))
      return value[1] as Array<Record<string, unknown>>;
    return value.filter((v) => v && typeof v === "object" && !Array.isArray(v)) as Array<Record<string, unknown>>;
  }
  if (value && typeof value === "object") {
    for (const inner of Object.values(value)) if (Array.isArray(inner)) return rowsOf(inner);
  }
  return [];
}

function text(value: unknown): string {
  return value === null || value === undefined ? "" : String(value);
}

export function northCapitalProvider(config: NorthCapitalConfig): PaymentProvider & {
  call(method: string, params: Record<string, string>, verb?: "POST" | "PUT"): Promise<Envelope>;
  createIssuer(issuer: { name: string; email: string }): Promise<string>;
  createOffering(offering: {
    issuerId: string;
    name: string;
    unitPrice: string;
    targetAmount: string;
    startDate: Date;
    endDate: Date;
  }): Promise<string>;
  closeOffering(offeringId: string): Promise<void>;
  cancelInvestment(trade: { tradeId: string; investorRef: string }): Promise<void>;
} {
  const base = config.baseUrl.replace(/\/+$/, "");
  const doFetch = config.fetch ?? fetch;

  async function call(method: string, params: Record<string, string>, verb: "POST" | "PUT" = "POST") {
    const body = new URLSearchParams({ clientID: config.clientID, developerAPIKey: config.developerAPIKey, ...params });
    let response: Response;
    try {
      response = await doFetch(`${base}/${method}`, {
        method: verb,
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body: body.toString(),
        signal: AbortSignal.timeout(config.timeoutMs ?? 15_000),
      });
    } catch (error) {
      const name = (error as Error).name;
      throw new ProviderError(
        name === "TimeoutError" || name === "AbortError"
          ? `North Capital did not answer ${method} in time.`
          : `North Capital could not be reached (${(error as Error).message}).`,
        "unavailable",
      );
    }
    if (response.status >= 500) {
      await response.body?.cancel();
      throw new ProviderError(`North Capital answered ${method} with HTTP ${response.status}.`, "unavailable");
    }
    let envelope: Envelope;
    try {
      envelope = (await response.json()) as Envelope;
    } catch {
      throw new ProviderError(`North Capital answered ${method} with something other than JSON.`, "unavailable");
    }
    const code = text(envelope.statusCode);
    if (code !== OK) {
      const desc = text(envelope.statusDesc) || `statusCode ${code}`;
      if (code === BAD_CREDENTIALS || response.status === 401 || response.status === 403)
        throw new ProviderError(`North Capital refused the credentials: ${desc}`, "auth", code);
      if (response.status === 404 || code === "404") throw new ProviderError(desc, "not_found", code);
      throw new ProviderError(desc, "refused", code);
    }
    return envelope;
  }

  const tradeOf = (row: Record<string, unknown>, offeringId: string): ProviderTrade => {
    const status = text(row.tradeStatus ?? row.orderStatus ?? row.transactionStatus).toUpperCase();
    if (!isTradeStatus(status))
      throw new ProviderError(`North Capital sent an unknown trade status ${status}.`, "refused");
    return {
      tradeId: text(row.tradeId ?? row.orderId),
      offeringId: text(row.offeringId) || offeringId,
      amount: plain(toMicros(text(row.totalAmount ?? row.transactionAmount))),
      status,
    };
  };

  return {
    id: "north-capital",
    call,
    async createIssuer(issuer) {
      const [first, ...rest] = issuer.name.split(" ");
      const envelope = await call(
        "createIssuer",
        {
          issuerName: issuer.name,
          firstName: first ?? issuer.name,
          lastName: rest.join(" ") || "-",
          email: issuer.email,
        },
        "PUT",
      );
      const row = rowsOf(envelope.issuerDetails)[0];
      if (!row?.issuerId) throw new ProviderError("North Capital created no issuer.", "refused");
      return text(row.issuerId);
    },
    async createOffering(offering) {
      const envelope = await call(
        "createOffering",
        {
          issuerId: offering.issuerId,
          issueName: offering.name,
          issueType: "Equity",
          targetAmount: sixDecimals(toMicros(offering.targetAmount)),
          minAmount: sixDecimals(toMicros(offering.unitPrice)),
          maxAmount: sixDecimals(toMicros(offering.targetAmount)),
          unitPrice: sixDecimals(toMicros(offering.unitPrice)),
          startDate: mmddyyyy(offering.startDate),
          endDate: mmddyyyy(offering.endDate),
          offeringText: offering.name,
          stampingText: "Confidential",
        },
        "PUT",
      );
      const row = rowsOf(envelope.offeringDetails)[0];
      if (!row?.offeringId) throw new ProviderError("North Capital created no offering.", "refused");
      return text(row.offeringId);
    },
    async sync(_setup: IssuerSetup) {
      const envelope = await call("getAllOffers", {});
      const offerings: ProviderOffering[] = rowsOf(envelope.offeringDetails).map((o) => ({
        paymentInstrumentId: text(o.offeringId),
        paymentIssuerId: text(o.issuerId),
        name: text(o.issueName),
        status: text(o.offeringStatus),
        unitPrice: o.unitPrice === undefined ? null : plain(toMicros(text(o.unitPrice))),
      }));
      const issuers: ProviderIssuer[] = [];
      for (const issuerId of [...new Set(offerings.map((o) => o.paymentIssuerId))]) {
        const details = await call("getIssuer", { issuerId });
        const row = rowsOf(details.issuerDetails)[0] ?? {};
        issuers.push({
          paymentIssuerId: issuerId,
          name: text(row.issuerName) || issuerId,
          email: text(row.email) || null,
        });
      }
      return { issuers, offerings };
    },
    async createTrade(request: TradeRequest) {
      const envelope = await call("createTrade", {
        offeringId: request.offeringId,
        accountId: request.investorRef,
        transactionType: "ACH",
        transactionUnits: sixDecimals(toMicros(request.units)),
        createdIpAddress: "127.0.0.1",
        field1: request.reference,
      });
      const row = rowsOf(envelope.purchaseDetails)[0];
      if (!row) throw new ProviderError("North Capital created no trade.", "refused");
      return tradeOf(row, request.offeringId);
    },
    async fundTrade(trade) {
      await call("externalFundMove", {
        accountId: trade.investorRef,
        offeringId: trade.offeringId,
        tradeId: trade.tradeId,
        NickName: "Ledgerline",
        amount: sixDecimals(toMicros(trade.amount)),
        description: `Trade ${trade.tradeId}`,
        checkNumber: trade.tradeId,
      });
    },
    async settleTrade(trade) {
      await call("updateTradeStatus", { accountId: trade.investorRef, tradeId: trade.tradeId, orderStatus: "SETTLED" });
    },
    async trades(offeringId: string) {
      const envelope = await call("getTradeStatusesForOffering", { offeringId });
      return rowsOf(envelope["Offering purchased details"] ?? envelope.offeringPurchasedDetails).map((row) =>
        tradeOf(row, offeringId),
      );
    },
    async createParty(investor: InvestorSetup) {
      const params: Record<string, string> = {
        // Ledgerline records citizenship, not residence: a non-citizen is sent as non-resident
        domicile: investor.usCitizen ? "U.S. Citizen" : "non-resident",
        firstName: investor.firstName,
        lastName: investor.lastName,
        emailAddress: investor.email ?? "",
      };
      if (investor.dateOfBirth) {
        const [y, m, d] = investor.dateOfBirth.split("-");
        params.dob = `${m}-${d}-${y}`;
      }
      if (investor.address) {
        params.primCountry = investor.address.country;
        params.primAddress1 = investor.address.line1;
        params.primCity = investor.address.city;
        params.primState = investor.address.state;
        params.primZip = investor.address.zip;
      }
      const envelope = await call("createParty", params, "PUT");
      const row = rowsOf(envelope.partyDetails)[0];
      if (!row?.partyId) throw new ProviderError("North Capital created no party.", "refused");
      return text(row.partyId);
    },
    async createAccount(investor: InvestorSetup) {
      const params: Record<string, string> = {
        accountRegistration: investor.name,
        type: "Individual",
        domesticYN: "domestic_account",
        streetAddress1: investor.address?.line1 ?? "",
        city: investor.address?.city ?? "",
        state: investor.address?.state ?? "",
        zip: investor.address?.zip ?? "",
        country: investor.address?.country ?? "",
      };
      const envelope = await call("createAccount", params, "PUT");
      const row = rowsOf(envelope.accountDetails)[0];
      if (!row?.accountId) throw new ProviderError("North Capital created no account.", "refused");
      return text(row.accountId);
    },
    async linkAccountOwner(link) {
      await call(
        "createLink",
        {
          firstEntryType: "Account",
          firstEntry: link.accountId,
          relatedEntryType: "IndivACParty",
          relatedEntry: link.partyId,
          linkType: "owner",
          primary_value: "1",
        },
        "PUT",
      );
    },
    async cancelTrade(trade) {
      await call("cancelInvestment", { tradeId: trade.tradeId, accountId: trade.investorRef, errDesc: "Cancelled" });
    },
    async unwindTrade() {
      throw new ProviderError("North Capital unwinds trades itself; its unwinds arrive by poll.", "refused");
    },
    async closeOffering(offeringId) {
      await call("closeOffering", { offeringId });
    },
    async cancelInvestment(trade) {
      await call("cancelInvestment", { tradeId: trade.tradeId, accountId: trade.investorRef, errDesc: "Cancelled" });
    },
  };
}

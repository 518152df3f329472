// A local stand-in for InvestReady's API (docs/ACCREDITATION.md "InvestReady"), with the provider's documented paths
// and shapes: OAuth 2 authorization code (GET /oauth/authorize redirects back with ?code&state, POST /oauth/token
// exchanges it, form-encoded, client_id and client_secret in the body) and the investor's profile (POST /api/me.json
// with access_token in the body: {data: {hash, person: {name, email}, certificates: [{certificate, reason,
// expires_on}], accreditation: {status, reason}}}). Its failures are the provider's: invalid_client (401) for wrong
// credentials, invalid_grant (400) for a code that is unknown or used, invalid_token (401), an unknown user (404),
// access_denied when the investor refuses. The "investor signing in" is whoever `signInAs` names.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";

export type StandInStatus = "approved" | "pending" | "rejected" | "expired";

export interface StandInUser {
  name: string;
  status: StandInStatus;
  reason?: string;
  /** the certificate's expiry (approved: in the future; expired: in the past) */
  expiresOn?: Date;
}

export interface InvestReadyStandIn {
  url: string;
  clientId: string;
  /** the secret the stand-in accepts now (a test changes it to see the server refused) */
  clientSecret: string;
  users: Map<string, StandInUser>;
  /** the email of the InvestReady user who signs in at /oauth/authorize; "deny" refuses the access */
  signInAs: string | "deny";
  /** every request, "METHOD /path" */
  requests: string[];
  close(): Promise<void>;
}

async function form(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

export async function startInvestReadyStandIn(): Promise<InvestReadyStandIn> {
  const codes = new Map<string, { email: string; redirectUri: string }>();
  const tokens = new Map<string, string>();
  const hashes = new Map<string, string>();
  const standIn: Omit<InvestReadyStandIn, "url" | "close"> = {
    clientId: "ledgerline-test-client",
    clientSecret: randomBytes(12).toString("hex"),
    users: new Map(),
    signInAs: "",
    requests: [],
  };
  const json = (res: import("node:http").ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    standIn.requests.push(`${req.method} ${url.pathname}`);
    if (req.method === "GET" && url.pathname === "/oauth/authorize") {
      const redirectUri = url.searchParams.get("redirect_uri") ?? "";
      const state = url.searchParams.get("state") ?? "";
      if (url.searchParams.get("client_id") !== standIn.clientId || url.searchParams.get("response_type") !== "code") {
        return json(res, 400, { error: "invalid_client" });
      }
      const back = new URL(redirectUri);
      if (standIn.signInAs === "deny") {
        back.searchParams.set("error", "access_denied");
      } else {
        const code = randomBytes(16).toString("hex");
        codes.set(code, { email: standIn.signInAs, redirectUri });
        back.searchParams.set("code", code);
      }
      back.searchParams.set("state", state);
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (req.method === "POST" && url.pathname === "/oauth/token") {
      const body = await form(req);
      if (body.get("client_id") !== standIn.clientId || body.get("client_secret") !== standIn.clientSecret) {
        return json(res, 401, { error: "invalid_client", error_description: "Client authentication failed." });
      }
      const code = codes.get(body.get("code") ?? "");
      if (body.get("grant_type") !== "authorization_code" || !code || code.redirectUri !== body.get("redirect_uri")) {
        return json(res, 400, { error: "invalid_grant", error_description: "The authorization code is invalid." });
      }
      codes.delete(body.get("code") ?? "");
      const accessToken = randomBytes(20).toString("hex");
      tokens.set(accessToken, code.email);
      return json(res, 200, {
        token_type: "Bearer",
        expires_in: 7_776_000,
        access_token: accessToken,
        refresh_token: randomBytes(20).toString("hex"),
      });
    }
    if (req.method === "POST" && url.pathname === "/api/me.json") {
      const email = tokens.get((await form(req)).get("access_token") ?? "");
      if (email === undefined) return json(res, 401, { error: "invalid_token" });
      const user = standIn.users.get(email);
      if (!user) return json(res, 404, { error: "not_found", message: "User not found." });
      if (!hashes.has(email)) hashes.set(email, randomBytes(8).toString("hex"));
      const certified = user.status === "approved" || user.status === "expired";
      return json(res, 200, {
        data: {
          hash: hashes.get(email),
          person: { name: user.name, email },
          certificates: certified
            ? [
                {
                  certificate: `https://stand-in/certificates/${hashes.get(email)}.pdf`,
                  reason: "income",
                  expires_on: (user.expiresOn ?? new Date()).toISOString(),
                },
              ]
            : [],
          accreditation: certified
            ? { status: "verified" }
            : { status: user.status, reason: user.status === "rejected" ? (user.reason ?? "") : null },
        },
      });
    }
    return json(res, 404, { error: "not_found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return Object.assign(standIn, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

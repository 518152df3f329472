// A local stand-in for DocuSign's eSignature REST API v2.1 and its OAuth JWT grant, following the documented paths
// and shapes (docusign/OpenAPI-Specifications esignature.rest.swagger-v2.1.json; "JSON Web Token Grant"), for the
// adapter's tests (sync/signing/docusign.ts):
//   POST /oauth/token                                   JWT bearer grant: the assertion is verified with the
//                                                       integration's public key (iss, sub, aud, scope);
//                                                       {"error":"consent_required"} until consent is granted
//   GET  /restapi/v2.1/accounts/{a}/templates           {envelopeTemplates:[{templateId, name, ...}], ...}
//   GET  .../templates/{id}/recipients?include_tabs=true {signers:[{roleName, routingOrder, tabs:{textTabs, ...}}]}
//   GET  .../templates/{id}/documents                   {templateDocuments:[{documentId, name, order, pages}]}
//   POST .../envelopes                                  from a template with templateRoles -> {envelopeId, status}
//   POST .../envelopes/{id}/views/recipient             embedded signer (clientUserId) -> {url}
//   GET  .../envelopes/{id}/documents/combined          the PDF
// Failures on demand: an access token made stale (401 USER_AUTHENTICATION_FAILED), the next n calls answered 429 with
// Retry-After. completeEnvelope() marks an envelope signed and returns Connect's JSON payload and its HMAC header.
import { createHmac, generateKeyPairSync, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { importSPKI, jwtVerify } from "jose";
import { PDFDocument, StandardFonts } from "pdf-lib";

export interface StandInTemplate {
  templateId: string;
  name: string;
  description?: string;
  lastModified: string;
  signers: {
    roleName: string;
    routingOrder: string;
    tabs: Record<string, { tabLabel: string; documentId: string; pageNumber: string }[]>;
  }[];
  documents: { documentId: string; name: string; order: string; pages: string }[];
}

export interface StandInEnvelope {
  envelopeId: string;
  templateId: string;
  status: "sent" | "completed";
  emailSubject: string;
  templateRoles: {
    roleName: string;
    name: string;
    email: string;
    clientUserId?: string;
    tabs?: { textTabs?: { tabLabel: string; value: string }[] };
  }[];
}

export interface DocusignStandIn {
  url: string;
  /** The settings the adapter takes (basePath, oauthBase, keys). */
  settings: {
    integrationKey: string;
    userId: string;
    privateKey: string;
    accountId: string;
    basePath: string;
    oauthBase: string;
    connectKey: string;
    consentRedirectUri: string;
  };
  templates: StandInTemplate[];
  envelopes: Map<string, StandInEnvelope>;
  /** Every request: method, path, time. */
  requests: { method: string; path: string; at: number; status: number }[];
  consentGranted: boolean;
  /** Makes every access token issued so far stale (the next API call answers 401). */
  expireTokens(): void;
  /** The next n API calls answer 429 with Retry-After: seconds. */
  throttleNext(n: number, retryAfterSeconds: number): void;
  /** Marks the envelope completed; Connect's JSON payload and the X-DocuSign-Signature-1 value for it. */
  completeEnvelope(envelopeId: string): { body: string; signature: string };
  close(): Promise<void>;
}

const ACCOUNT_ID = "a1b2c3d4-0000-4000-8000-00000000acc1";

export async function startDocusignStandIn(): Promise<DocusignStandIn> {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs1", format: "pem" },
  });
  const verifyKey = await importSPKI(publicKey, "RS256");
  const integrationKey = randomUUID();
  const userId = randomUUID();
  const connectKey = "connect-hmac-key-for-tests";
  const validTokens = new Set<string>();
  let throttle = { count: 0, retryAfter: 1 };
  const requests: DocusignStandIn["requests"] = [];
  const envelopes = new Map<string, StandInEnvelope>();
  const templates: StandInTemplate[] = [
    {
      templateId: "tpl-subscription",
      name: "Subscription Agreement (DocuSign)",
      description: "Series A subscription",
      lastModified: "2026-01-15T10:00:00.0000000Z",
      signers: [
        {
          roleName: "Investor",
          routingOrder: "1",
          tabs: {
            textTabs: [
              { tabLabel: "Investor.name", documentId: "1", pageNumber: "1" },
              { tabLabel: "Investor.units", documentId: "1", pageNumber: "1" },
            ],
            signHereTabs: [{ tabLabel: "Investor.signature", documentId: "1", pageNumber: "2" }],
            dateSignedTabs: [{ tabLabel: "Investor.date", documentId: "1", pageNumber: "2" }],
          },
        },
        {
          roleName: "Issuer",
          routingOrder: "2",
          tabs: { textTabs: [{ tabLabel: "Issuer.name", documentId: "1", pageNumber: "1" }] },
        },
      ],
      documents: [{ documentId: "1", name: "Subscription Agreement.pdf", order: "1", pages: "2" }],
    },
  ];
  const state = { consentGranted: false };
  let origin = "";

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<number> {
    const url = new URL(req.url ?? "/", origin);
    const path = url.pathname;
    if (path === "/oauth/token" && req.method === "POST") {
      const form = new URLSearchParams(await readBody(req));
      if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer") {
        send(res, 400, { error: "unsupported_grant_type" });
        return 400;
      }
      try {
        const { payload } = await jwtVerify(form.get("assertion") ?? "", verifyKey, {
          issuer: integrationKey,
          subject: userId,
          audience: new URL(origin).host,
        });
        if (!String(payload.scope ?? "").includes("impersonation")) throw new Error("scope");
      } catch {
        send(res, 400, { error: "invalid_grant", error_description: "no_valid_keys_or_signatures" });
        return 400;
      }
      if (!state.consentGranted) {
        send(res, 400, { error: "consent_required" });
        return 400;
      }
      const token = randomUUID();
      validTokens.add(token);
      send(res, 200, { access_token: token, token_type: "Bearer", expires_in: 3600 });
      return 200;
    }
    // The embedded signing page a recipient view's URL opens (DocuSign's own page; here a small stand-in page).
    if (path === "/signing/startinsession.aspx" && req.method === "GET") {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      res.end("<!doctype html><title>DocuSign</title><h1>Please review and act on these documents</h1>");
      return 200;
    }
    const prefix = `/restapi/v2.1/accounts/${ACCOUNT_ID}`;
    if (!path.startsWith(prefix)) {
      send(res, 404, { errorCode: "NOT_FOUND", message: "Not found" });
      return 404;
    }
    const bearer = (req.headers.authorization ?? "").replace(/^Bearer /, "");
    if (!validTokens.has(bearer)) {
      send(res, 401, {
        errorCode: "USER_AUTHENTICATION_FAILED",
        message: "The access token provided is expired, revoked or malformed.",
      });
      return 401;
    }
    if (throttle.count > 0) {
      throttle.count -= 1;
      send(
        res,
        429,
        {
          errorCode: "HOURLY_APIINVOCATION_LIMIT_EXCEEDED",
          message: "The maximum number of hourly API invocations has been exceeded.",
        },
        { "Retry-After": String(throttle.retryAfter) },
      );
      return 429;
    }
    const rest = path.slice(prefix.length);
    // The path's id, when `rest` matches the pattern.
    const idIn = (pattern: RegExp): string | undefined => pattern.exec(rest)?.[1];
    if (rest === "/templates" && req.method === "GET") {
      send(res, 200, {
        resultSetSize: String(templates.length),
        totalSetSize: String(templates.length),
        envelopeTemplates: templates.map((t) => ({
          templateId: t.templateId,
          name: t.name,
          description: t.description ?? "",
          uri: `/templates/${t.templateId}`,
          lastModified: t.lastModified,
        })),
      });
      return 200;
    }
    const id1 = req.method === "GET" ? idIn(/^\/templates\/([^/]+)\/recipients$/) : undefined;
    if (id1 !== undefined) {
      const t = templates.find((x) => x.templateId === id1);
      if (!t) {
        send(res, 404, { errorCode: "TEMPLATE_ID_INVALID", message: "Invalid template ID." });
        return 404;
      }
      const withTabs = url.searchParams.get("include_tabs") === "true";
      send(res, 200, {
        signers: t.signers.map((s, i) => ({
          roleName: s.roleName,
          routingOrder: s.routingOrder,
          recipientId: String(i + 1),
          ...(withTabs ? { tabs: s.tabs } : {}),
        })),
        carbonCopies: [],
        recipientCount: String(t.signers.length),
      });
      return 200;
    }
    const id2 = req.method === "GET" ? idIn(/^\/templates\/([^/]+)\/documents$/) : undefined;
    if (id2 !== undefined) {
      const t = templates.find((x) => x.templateId === id2);
      send(
        res,
        t ? 200 : 404,
        t ? { templateId: t.templateId, templateDocuments: t.documents } : { errorCode: "TEMPLATE_ID_INVALID" },
      );
      return t ? 200 : 404;
    }
    if (rest === "/envelopes" && req.method === "POST") {
      const body = JSON.parse(await readBody(req)) as Omit<StandInEnvelope, "envelopeId"> & { status?: string };
      if (!templates.some((t) => t.templateId === body.templateId)) {
        send(res, 400, { errorCode: "TEMPLATE_ID_INVALID", message: "Invalid template ID." });
        return 400;
      }
      if (!Array.isArray(body.templateRoles) || body.templateRoles.some((r) => !r.email || !r.name || !r.roleName)) {
        send(res, 400, {
          errorCode: "INVALID_RECIPIENT_INFORMATION",
          message: "The recipient information is invalid.",
        });
        return 400;
      }
      const envelopeId = randomUUID();
      envelopes.set(envelopeId, {
        envelopeId,
        templateId: body.templateId,
        status: "sent",
        emailSubject: body.emailSubject,
        templateRoles: body.templateRoles,
      });
      send(res, 201, {
        envelopeId,
        status: "sent",
        statusDateTime: new Date().toISOString(),
        uri: `/envelopes/${envelopeId}`,
      });
      return 201;
    }
    const id3 = req.method === "POST" ? idIn(/^\/envelopes\/([^/]+)\/views\/recipient$/) : undefined;
    if (id3 !== undefined) {
      const envelope = envelopes.get(id3);
      const body = JSON.parse(await readBody(req)) as {
        userName?: string;
        email?: string;
        clientUserId?: string;
        returnUrl?: string;
      };
      const recipient = envelope?.templateRoles.find(
        (r) =>
          r.clientUserId && r.clientUserId === body.clientUserId && r.email === body.email && r.name === body.userName,
      );
      if (!envelope || !recipient || !body.returnUrl) {
        send(res, 400, {
          errorCode: "UNKNOWN_ENVELOPE_RECIPIENT",
          message: "The recipient you have identified is not a valid recipient of the specified envelope.",
        });
        return 400;
      }
      send(res, 201, { url: `${origin}/signing/startinsession.aspx?t=${randomUUID()}` });
      return 201;
    }
    const id4 = req.method === "GET" ? idIn(/^\/envelopes\/([^/]+)\/documents\/combined$/) : undefined;
    if (id4 !== undefined) {
      const envelope = envelopes.get(id4);
      if (!envelope) {
        send(res, 404, { errorCode: "ENVELOPE_DOES_NOT_EXIST" });
        return 404;
      }
      const doc = await PDFDocument.create();
      const page = doc.addPage([612, 792]);
      page.drawText(`Signed envelope ${envelope.envelopeId}`, {
        x: 50,
        y: 700,
        size: 12,
        font: await doc.embedFont(StandardFonts.Helvetica),
      });
      const bytes = await doc.save();
      res.writeHead(200, { "content-type": "application/pdf", "content-length": String(bytes.byteLength) });
      res.end(Buffer.from(bytes));
      return 200;
    }
    send(res, 404, { errorCode: "NOT_FOUND", message: `No route ${req.method} ${rest}` });
    return 404;
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).then(
      (status) =>
        requests.push({
          method: req.method ?? "GET",
          path: new URL(req.url ?? "/", "http://x").pathname,
          at: Date.now(),
          status,
        }),
      (error: unknown) => {
        send(res, 500, { errorCode: "INTERNAL", message: String(error) });
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    settings: {
      integrationKey,
      userId,
      privateKey,
      accountId: ACCOUNT_ID,
      basePath: `${origin}/restapi`,
      oauthBase: origin,
      connectKey,
      consentRedirectUri: `${origin}/consent-done`,
    },
    templates,
    envelopes,
    requests,
    get consentGranted() {
      return state.consentGranted;
    },
    set consentGranted(value: boolean) {
      state.consentGranted = value;
    },
    expireTokens: () => validTokens.clear(),
    throttleNext(n, retryAfterSeconds) {
      throttle = { count: n, retryAfter: retryAfterSeconds };
    },
    completeEnvelope(envelopeId) {
      const envelope = envelopes.get(envelopeId);
      if (envelope) envelope.status = "completed";
      const body = JSON.stringify({
        event: "envelope-completed",
        apiVersion: "v2.1",
        uri: `/restapi/v2.1/accounts/${ACCOUNT_ID}/envelopes/${envelopeId}`,
        retryCount: 0,
        configurationId: 10001,
        generatedDateTime: new Date().toISOString(),
        data: {
          accountId: ACCOUNT_ID,
          userId,
          envelopeId,
          envelopeSummary: { status: "completed", emailSubject: envelope?.emailSubject },
        },
      });
      return { body, signature: createHmac("sha256", connectKey).update(body, "utf8").digest("base64") };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// DocuSign eSignature REST v2.1 (docs/SIGNING.md "DocuSign"): the JWT grant (jose: an RS256 assertion signed with the
// integration's RSA key for the impersonated user, exchanged at the OAuth host for an access token, renewed before it
// expires and once after a 401), the template list with each template's recipients and tabs and documents, envelopes
// from templates with prefilled text tabs, the embedded recipient view, the combined signed PDF, and the Connect
// webhook's HMAC check. Failures: consent_required -> `consent` (with the consent URL), 401 -> `auth`, 429 and 5xx
// and network errors -> `unavailable` after honouring Retry-After (up to maxRetries), other 4xx -> `refused`.
import { createHmac, createPrivateKey, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import { importPKCS8, SignJWT } from "jose";
import { type RemoteTemplate, type SigningProviderApi, SigningProviderError } from "./provider.ts";

export interface DocusignSettings {
  integrationKey: string;
  userId: string;
  /** RSA private key, PEM (PKCS#8 or PKCS#1). */
  privateKey: string;
  accountId: string;
  /** eSignature base path, e.g. https://demo.docusign.net/restapi */
  basePath: string;
  /** OAuth base URL, e.g. https://account-d.docusign.com (demo) or https://account.docusign.com */
  oauthBase: string;
  /** Connect HMAC key (X-DocuSign-Signature-1). */
  connectKey: string | null;
  /** Where DocuSign sends the user back after granting consent. */
  consentRedirectUri: string;
}

const nonEmpty = (value: string | undefined) => (value?.trim() ? value.trim() : null);

/** DocuSign when DOCUSIGN_INTEGRATION_KEY, _USER_ID, _PRIVATE_KEY (or _PRIVATE_KEY_FILE read by the caller) and _ACCOUNT_ID are set. */
export function docusignSettingsFromEnv(env: NodeJS.ProcessEnv): DocusignSettings | null {
  const integrationKey = nonEmpty(env.DOCUSIGN_INTEGRATION_KEY);
  const userId = nonEmpty(env.DOCUSIGN_USER_ID);
  const accountId = nonEmpty(env.DOCUSIGN_ACCOUNT_ID);
  let privateKey = nonEmpty(env.DOCUSIGN_PRIVATE_KEY)?.replace(/\\n/g, "\n") ?? null;
  const keyFile = nonEmpty(env.DOCUSIGN_PRIVATE_KEY_FILE);
  if (!privateKey && keyFile) {
    // read synchronously at start: the settings are read once
    privateKey = readFileSync(keyFile, "utf8");
  }
  if (!integrationKey || !userId || !accountId || !privateKey) return null;
  return {
    integrationKey,
    userId,
    privateKey,
    accountId,
    basePath: (nonEmpty(env.DOCUSIGN_BASE_PATH) ?? "https://demo.docusign.net/restapi").replace(/\/+$/, ""),
    oauthBase: oauthBaseOf(nonEmpty(env.DOCUSIGN_OAUTH_BASE) ?? "https://account-d.docusign.com"),
    connectKey: nonEmpty(env.DOCUSIGN_CONNECT_HMAC_KEY),
    consentRedirectUri: nonEmpty(env.DOCUSIGN_CONSENT_REDIRECT_URI) ?? "https://www.docusign.com",
  };
}

/** "account-d.docusign.com" or a URL -> the URL without a trailing slash (https by default). */
function oauthBaseOf(value: string): string {
  return (/^https?:\/\//.test(value) ? value : `https://${value}`).replace(/\/+$/, "");
}

export function configuredDocusign(settings: DocusignSettings | null): SigningProviderApi | null {
  return settings ? docusignProvider(settings) : null;
}

/** Connect's HMAC: base64 HMAC-SHA256 of the raw body with the key, in any of X-DocuSign-Signature-1..N. */
export function verifyConnectSignature(rawBody: string, signatures: string[], key: string): boolean {
  const expected = createHmac("sha256", key).update(rawBody, "utf8").digest();
  return signatures.some((signature) => {
    const given = Buffer.from(signature.trim(), "base64");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

export function connectSignature(rawBody: string, key: string): string {
  return createHmac("sha256", key).update(rawBody, "utf8").digest("base64");
}

interface Options {
  fetch?: typeof fetch;
  /** Retries after a 429 or 5xx (default 3). */
  maxRetries?: number;
  /** Longest Retry-After honoured, ms (default 30 s). */
  maxRetryAfterMs?: number;
}

interface DocusignTab {
  tabLabel?: string;
  documentId?: string;
  pageNumber?: string;
}

interface DocusignRecipient {
  roleName?: string;
  routingOrder?: string;
  tabs?: Record<string, DocusignTab[] | undefined>;
}

const TAB_TYPES: Record<string, string> = {
  textTabs: "text",
  dateSignedTabs: "date",
  dateTabs: "date",
  checkboxTabs: "checkbox",
  signHereTabs: "signature",
  initialHereTabs: "initial",
  fullNameTabs: "text",
  emailAddressTabs: "text",
  numberTabs: "text",
};

export function docusignProvider(settings: DocusignSettings, options: Options = {}): SigningProviderApi {
  const doFetch = options.fetch ?? fetch;
  const maxRetries = options.maxRetries ?? 3;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 30_000;
  let token: { value: string; expiresAt: number } | null = null;
  const accountBase = `${settings.basePath}/v2.1/accounts/${encodeURIComponent(settings.accountId)}`;

  const consentUrl = () =>
    `${settings.oauthBase}/oauth/auth?response_type=code&scope=${encodeURIComponent("signature impersonation")}` +
    `&client_id=${encodeURIComponent(settings.integrationKey)}&redirect_uri=${encodeURIComponent(settings.consentRedirectUri)}`;

  async function accessToken(force = false): Promise<string> {
    if (!force && token && token.expiresAt - 60_000 > Date.now()) return token.value;
    const key = await importPKCS8(toPkcs8(settings.privateKey), "RS256");
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ scope: "signature impersonation" })
      .setProtectedHeader({ alg: "RS256", typ: "JWT" })
      .setIssuer(settings.integrationKey)
      .setSubject(settings.userId)
      .setAudience(new URL(settings.oauthBase).host)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(key);
    let response: Response;
    try {
      response = await doFetch(`${settings.oauthBase}/oauth/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion }).toString(),
      });
    } catch (error) {
      throw new SigningProviderError("unavailable", `DocuSign sign-in failed: ${(error as Error).message}`);
    }
    const body = (await response.json().catch(() => ({}))) as {
      access_token?: string;
      expires_in?: number;
      error?: string;
      error_description?: string;
    };
    if (!response.ok || !body.access_token) {
      if (body.error === "consent_required")
        throw new SigningProviderError(
          "consent",
          "DocuSign needs the user's consent (consent_required).",
          consentUrl(),
        );
      if (response.status === 429 || response.status >= 500)
        throw new SigningProviderError("unavailable", `DocuSign sign-in answered ${response.status}`);
      throw new SigningProviderError("auth", `DocuSign sign-in refused: ${body.error ?? response.status}`);
    }
    token = { value: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000 };
    return token.value;
  }

  async function call<T>(method: string, path: string, body?: unknown, raw = false): Promise<T> {
    let renewed = false;
    for (let attempt = 0; ; attempt++) {
      const bearer = await accessToken();
      let response: Response;
      try {
        response = await doFetch(`${accountBase}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${bearer}`,
            accept: raw ? "application/pdf" : "application/json",
            ...(body === undefined ? {} : { "content-type": "application/json" }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      } catch (error) {
        if (attempt < maxRetries) {
          await sleep(500 * 2 ** attempt);
          continue;
        }
        throw new SigningProviderError("unavailable", `DocuSign is unreachable: ${(error as Error).message}`);
      }
      if (response.status === 401 && !renewed) {
        // an expired or revoked token: one new token, then the call again
        renewed = true;
        token = null;
        await accessToken(true);
        continue;
      }
      if ((response.status === 429 || response.status >= 500) && attempt < maxRetries) {
        const retryAfter = Number(response.headers.get("retry-after"));
        await sleep(
          Math.min(
            Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : 500 * 2 ** attempt,
            maxRetryAfterMs,
          ),
        );
        continue;
      }
      if (!response.ok) {
        const detail = (await response.json().catch(() => ({}))) as { errorCode?: string; message?: string };
        const message = `DocuSign ${method} ${path} answered ${response.status}${detail.errorCode ? ` ${detail.errorCode}` : ""}${detail.message ? `: ${detail.message}` : ""}`;
        if (response.status === 429 || response.status >= 500) throw new SigningProviderError("unavailable", message);
        if (response.status === 401) throw new SigningProviderError("auth", message);
        throw new SigningProviderError("refused", message);
      }
      if (raw) return Buffer.from(await response.arrayBuffer()) as T;
      return (await response.json()) as T;
    }
  }

  return {
    kind: "docusign",
    signingOrigin: new URL(settings.basePath).origin,
    async listTemplates() {
      const list = await call<{
        envelopeTemplates?: {
          templateId: string;
          name?: string;
          description?: string;
          uri?: string;
          lastModified?: string;
        }[];
      }>("GET", "/templates");
      const templates: RemoteTemplate[] = [];
      for (const t of list.envelopeTemplates ?? []) {
        const recipients = await call<{ signers?: DocusignRecipient[]; carbonCopies?: DocusignRecipient[] }>(
          "GET",
          `/templates/${encodeURIComponent(t.templateId)}/recipients?include_tabs=true`,
        );
        const documents = await call<{
          templateDocuments?: { documentId: string; name?: string; order?: string; pages?: string }[];
        }>("GET", `/templates/${encodeURIComponent(t.templateId)}/documents`);
        const roles: RemoteTemplate["roles"] = [];
        const fields: RemoteTemplate["fields"] = [];
        for (const [list, type] of [
          [recipients.signers ?? [], "signer"],
          [recipients.carbonCopies ?? [], "cc"],
        ] as const) {
          for (const recipient of list) {
            const roleName = recipient.roleName ?? "";
            if (!roleName) continue;
            roles.push({ name: roleName, order: Number(recipient.routingOrder ?? roles.length + 1), type });
            for (const [tabType, tabs] of Object.entries(recipient.tabs ?? {})) {
              for (const tab of tabs ?? []) {
                if (!tab.tabLabel || fields.some((f) => f.name === tab.tabLabel)) continue;
                fields.push({
                  name: tab.tabLabel,
                  role: roleName,
                  type: TAB_TYPES[tabType] ?? "text",
                  documentId: tab.documentId ?? null,
                  page: tab.pageNumber ? Number(tab.pageNumber) : null,
                });
              }
            }
          }
        }
        templates.push({
          id: t.templateId,
          name: t.name ?? t.templateId,
          description: t.description ?? null,
          uri: t.uri ?? null,
          modifiedOn: t.lastModified ?? null,
          roles,
          fields,
          documents: (documents.templateDocuments ?? []).map((d, index) => ({
            id: d.documentId,
            name: d.name ?? `Document ${d.documentId}`,
            order: Number(d.order ?? index + 1),
            pages: d.pages ? Number(d.pages) : null,
          })),
        });
      }
      return templates;
    },
    async createEnvelope({ templateId, emailSubject, roles }) {
      const result = await call<{ envelopeId: string }>("POST", "/envelopes", {
        templateId,
        emailSubject,
        status: "sent",
        templateRoles: roles.map((role) => ({
          roleName: role.roleName,
          name: role.name,
          email: role.email,
          ...(role.clientUserId ? { clientUserId: role.clientUserId } : {}),
          tabs: { textTabs: role.tabs.map((tab) => ({ tabLabel: tab.tabLabel, value: tab.value })) },
        })),
      });
      return { envelopeId: result.envelopeId };
    },
    async recipientView({ envelopeId, name, email, clientUserId, returnUrl }) {
      const result = await call<{ url: string }>(
        "POST",
        `/envelopes/${encodeURIComponent(envelopeId)}/views/recipient`,
        {
          authenticationMethod: "none",
          userName: name,
          email,
          clientUserId,
          returnUrl,
        },
      );
      return { url: result.url };
    },
    async envelopePdf(envelopeId) {
      return call<Buffer>("GET", `/envelopes/${encodeURIComponent(envelopeId)}/documents/combined`, undefined, true);
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** jose wants PKCS#8; DocuSign hands out PKCS#1 ("BEGIN RSA PRIVATE KEY"). */
function toPkcs8(pem: string): string {
  if (!pem.includes("BEGIN RSA PRIVATE KEY")) return pem;
  return createPrivateKey(pem).export({ type: "pkcs8", format: "pem" }).toString();
}

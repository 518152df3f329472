// The InvestReady adapter (docs/ACCREDITATION.md "InvestReady"): the provider's own OAuth 2 sign-in for the investor
// (authorization code: GET {base}/oauth/authorize, POST {base}/oauth/token) and the investor's accreditation read
// back (POST {base}/api/me.json with the access token in the body; the certificates with their expiry), turned into
// one status the database applies to the same verification a reviewer would decide
// (app_private.investready_result, sync/database/accreditation/10_accreditation.sql). No fetch elsewhere talks to
// InvestReady; tests run it against tests/helpers/investready.ts, a stand-in with the same paths, shapes and failures.

export interface InvestReadySettings {
  clientId: string;
  clientSecret: string;
  /** https://api.investready.com unless INVESTREADY_BASE_URL says otherwise (a sandbox, a stand-in). */
  baseUrl: string;
}

/** What InvestReady says of the investor, as the database applies it. */
export type InvestReadyStatus =
  | { status: "approved"; expiresOn: Date; reference: string }
  | { status: "expired"; expiresOn: Date; reference: string }
  | { status: "rejected"; reason: string; reference: string }
  | { status: "pending"; reference: string };

export type InvestReadyFailure = "credentials" | "sign_in" | "unknown_user" | "unavailable";

/** An expected failure of the provider, with the text the investor reads. */
export class InvestReadyError extends Error {
  readonly failure: InvestReadyFailure;
  constructor(failure: InvestReadyFailure, message: string) {
    super(message);
    this.failure = failure;
  }
}

const TEXTS: Record<InvestReadyFailure, string> = {
  credentials: "InvestReady refused this server's connection. Please ask the issuer to check the InvestReady settings.",
  sign_in: "The InvestReady sign-in expired or was already used. Please start the verification again.",
  unknown_user: "InvestReady has no account for you yet. Please sign up with InvestReady and start again.",
  unavailable: "InvestReady could not be reached. Please try again in a few minutes.",
};

const fail = (failure: InvestReadyFailure) => new InvestReadyError(failure, TEXTS[failure]);

const TIMEOUT_MS = 15_000;

/** Where the investor signs in at InvestReady; it sends them back to redirectUri with ?code and the same state. */
export function authorizeUrl(settings: InvestReadySettings, redirectUri: string, state: string): string {
  const url = new URL("/oauth/authorize", settings.baseUrl);
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: settings.clientId,
    redirect_uri: redirectUri,
    state,
  }).toString();
  return url.toString();
}

async function post(settings: InvestReadySettings, path: string, form: Record<string, string>): Promise<Response> {
  try {
    return await fetch(new URL(path, settings.baseUrl), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw fail("unavailable");
  }
}

async function json(response: Response): Promise<Record<string, unknown>> {
  try {
    const body = (await response.json()) as unknown;
    return typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export interface InvestReadyTokens {
  accessToken: string;
  refreshToken: string | null;
}

/** The authorization code InvestReady sent back, exchanged for the investor's tokens. */
export async function exchangeCode(
  settings: InvestReadySettings,
  code: string,
  redirectUri: string,
): Promise<InvestReadyTokens> {
  const response = await post(settings, "/oauth/token", {
    grant_type: "authorization_code",
    client_id: settings.clientId,
    client_secret: settings.clientSecret,
    redirect_uri: redirectUri,
    code,
  });
  const body = await json(response);
  if (response.ok && typeof body.access_token === "string") {
    return {
      accessToken: body.access_token,
      refreshToken: typeof body.refresh_token === "string" ? body.refresh_token : null,
    };
  }
  if (body.error === "invalid_client" || response.status === 401) throw fail("credentials");
  if (response.status >= 500) throw fail("unavailable");
  throw fail("sign_in");
}

interface Certificate {
  expires_on?: unknown;
  reason?: unknown;
  certificate?: unknown;
}

/** The investor's accreditation as InvestReady reports it now. */
export async function readStatus(settings: InvestReadySettings, accessToken: string, now = new Date()) {
  const response = await post(settings, "/api/me.json", { access_token: accessToken });
  const body = await json(response);
  if (response.status === 401) throw fail("sign_in");
  if (response.status === 404) throw fail("unknown_user");
  if (!response.ok) throw fail("unavailable");
  return parseStatus(body, now);
}

/**
 * InvestReady's profile answer as one status. A certificate (`{certificate, reason, expires_on}`) not yet expired is
 * an approval until its expiry; only expired ones: expired. Without a certificate, the verification's state
 * (`data.accreditation.status`: pending, rejected with its `reason`) says where it stands.
 */
export function parseStatus(body: Record<string, unknown>, now: Date): InvestReadyStatus {
  const data = (typeof body.data === "object" && body.data !== null ? body.data : {}) as Record<string, unknown>;
  const reference = typeof data.hash === "string" ? data.hash : "";
  const certificates = (Array.isArray(data.certificates) ? data.certificates : []) as Certificate[];
  const expiries = certificates
    .filter((c) => typeof c.certificate === "string" && typeof c.expires_on === "string")
    .map((c) => new Date(c.expires_on as string))
    .filter((date) => !Number.isNaN(date.getTime()))
    .sort((a, b) => b.getTime() - a.getTime());
  const latest = expiries[0];
  if (latest && latest > now) return { status: "approved", expiresOn: latest, reference };
  if (latest) return { status: "expired", expiresOn: latest, reference };
  const accreditation = (
    typeof data.accreditation === "object" && data.accreditation !== null ? data.accreditation : {}
  ) as Record<string, unknown>;
  if (accreditation.status === "rejected") {
    const reason = typeof accreditation.reason === "string" && accreditation.reason.trim() ? accreditation.reason : "";
    return { status: "rejected", reason: reason || "InvestReady could not verify your accreditation.", reference };
  }
  return { status: "pending", reference };
}

// The integration calls of onboarding steps (spec part 2 "Other calls"). They need the server now: the screens
// disable them offline.
export const LOCAL_STEP_MESSAGE_SOURCE = "ll-local-step";

async function post<T>(path: string, stepId: string): Promise<T> {
  const response = await fetch(path, {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ stepId }),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** POST /api/v2/integration/docusign-link {stepId} -> {link}: where a link or iframe step is completed. */
export function signingLink(stepId: string): Promise<{ link: string }> {
  return post("/api/v2/integration/docusign-link", stepId);
}

/** POST /api/v2/integration/investready-credential {stepId} -> {token, state} for an async iframe step. */
export function asyncCredential(stepId: string): Promise<{ token: string; state: string }> {
  return post("/api/v2/integration/investready-credential", stepId);
}

export function asyncIframeUrl(credential: { token: string; state: string }): string {
  return `/api/v2/integration/local-step/${encodeURIComponent(credential.state)}?token=${encodeURIComponent(credential.token)}`;
}

/**
 * The page an accreditation step's provider shows: the address the credential names (InvestReady's sign-in, when the
 * server is configured for it), else the built-in local step page as for async iframe steps. Only an https address,
 * a path of this server or plain http to this machine is taken.
 */
export function providerPageUrl(credential: { token: string; state: string; url?: unknown }): string {
  const url = typeof credential.url === "string" ? credential.url : "";
  // https, this server's path, or plain http to this machine only (a provider's local stand-in in development)
  if (/^https:\/\//.test(url) || /^\/(?!\/)/.test(url) || /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//.test(url))
    return url;
  return asyncIframeUrl(credential);
}

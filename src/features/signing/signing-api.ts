// The signing calls that need the server: what an inline signing step asks the investor to sign, its template file
// (kept on the device for signing offline, src/data/signing-offline.ts), and the signature given online. Offline, a
// built-in step is signed with the queued command signStepOffline instead (docs/SIGNING.md "Signing offline").

/** What the investor signs in an inline signing step (built-in provider). */
export interface SigningSession {
  provider: "builtin" | "docusign";
  documentName: string;
  /** The filled PDF to review (built-in provider), same origin. */
  documentUrl: string | null;
  /** The values the document is filled with (field name -> value); `signingDate`: dated when signed. */
  fields: Array<{ name: string; value: string; signingDate: boolean }>;
  /** SHA-256 of the template file (built-in): what a signature made offline names (docs/SIGNING.md). */
  templateSha256: string | null;
  signerName: string | null;
  signerEmail: string | null;
  /** Already signed (the step completes live). */
  signed: boolean;
  /** The signed PDF once signed. */
  signedDocumentUrl: string | null;
}

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(path, {
    credentials: "same-origin",
    ...init,
    headers: { "content-type": "application/json", ...(init.headers ?? {}) },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as {
      message?: string;
      errors?: Array<{ message?: string }>;
    } | null;
    throw new Error(body?.errors?.[0]?.message ?? body?.message ?? `${path} answered ${response.status}`);
  }
  return (await response.json()) as T;
}

export function signingSession(stepId: string): Promise<SigningSession> {
  return call(`/api/v2/signing/steps/${encodeURIComponent(stepId)}`);
}

/** E-mail delivery: the server mails the investor a link to this step. */
export function sendSigningLink(stepId: string): Promise<{ ok: true }> {
  return call(`/api/v2/signing/steps/${encodeURIComponent(stepId)}/send`, { method: "POST", body: "{}" });
}

/** The template file of a built-in signing step (same origin). */
export function signingTemplateUrl(stepId: string): string {
  return `/api/v2/signing/steps/${encodeURIComponent(stepId)}/template.pdf`;
}

export function signStep(stepId: string, typedName: string): Promise<{ ok: true }> {
  return call(`/api/v2/signing/steps/${encodeURIComponent(stepId)}/sign`, {
    method: "POST",
    body: JSON.stringify({ consent: true, typedName }),
  });
}

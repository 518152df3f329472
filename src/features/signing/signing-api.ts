// The signing calls that need the server (never queued: a signature is given live, with the signer's consent):
// what an inline signing step asks the investor to sign, and the signature itself. The screens disable them offline.

/** What the investor signs in an inline signing step (built-in provider). */
export interface SigningSession {
  provider: "builtin" | "docusign";
  documentName: string;
  /** The filled PDF to review (built-in provider), same origin. */
  documentUrl: string | null;
  /** The values the document is filled with (field label -> value). */
  fields: Array<{ name: string; value: string }>;
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

export function signStep(stepId: string, typedName: string): Promise<{ ok: true }> {
  return call(`/api/v2/signing/steps/${encodeURIComponent(stepId)}/sign`, {
    method: "POST",
    body: JSON.stringify({ consent: true, typedName }),
  });
}

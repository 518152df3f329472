// The OCF import's two requests (docs/OCF.md): the preview (POST /api/v2/imports/ocf) and the confirm
// (.../confirm, with an idempotency key), the zip as the body; their answers' shapes; the error text of a refusal.
import { OCF_TEXT } from "./strings.ts";

export interface Problem {
  file: string;
  objectId: string | null;
  message: string;
  severity: "error" | "warning";
}

export interface Preview {
  issuer: string | null;
  asOf: string | null;
  stakeholders: { total: number; matchedContacts: number; newContacts: number };
  stockClasses: { name: string; authorized: string; issuances: number; units: string }[];
  financings: { name: string; date: string; issuances: number; units: string }[];
  issuances: number;
  units: string;
  cancellations: number;
  transfers: number;
  /** buybacks (redemptions); absent in a preview from a server before them */
  repurchases?: number;
  /** stock class splits and notes converted into stock (sync/ocf/import.ts); absent from a server before them */
  splits?: number;
  conversions?: number;
  vestingTerms: number;
  problems: Problem[];
  errors: number;
  /** The admin's import: the issuer it creates; `nameTaken` when an issuer of that name exists already. */
  newIssuer?: { name: string; ownerEmail: string; ownerExists: boolean; nameTaken?: boolean };
}

export interface Result {
  stakeholders: number;
  stockClasses: number;
  issuances: number;
  splits?: number;
  conversions?: number;
  newIssuer?: { id: string; name: string; ownerEmail: string; invited: boolean };
}

export const PREVIEW_PATH = "/api/v2/imports/ocf";
export const CONFIRM_PATH = "/api/v2/imports/ocf/confirm";

/** Sends the package; the answer's JSON (empty when it has none) and whether the server took it. */
export async function sendPackage(
  path: string,
  file: File,
  idempotencyKey?: string,
): Promise<{ ok: boolean; body: Record<string, unknown> }> {
  const response = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/zip", ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}) },
    body: file,
    credentials: "same-origin",
  });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { ok: response.ok, body };
}

/** The server's first error message, else the catalogue's. */
export function errorText(body: Record<string, unknown>): string {
  const errors = body.errors as { message?: string }[] | undefined;
  return (Array.isArray(errors) && errors[0]?.message) || OCF_TEXT.failed;
}

// What the signing service needs of a remote e-signature provider (DocuSign: docusign.ts). The built-in provider
// is no remote: its templates are the uploaded PDFs (pdf.ts) and it signs in process (service.ts).

export interface RemoteTemplate {
  id: string;
  name: string;
  description: string | null;
  uri: string | null;
  /** when the provider last changed it (ISO) */
  modifiedOn: string | null;
  roles: { name: string; order: number; type: "signer" | "cc" }[];
  fields: { name: string; role: string | null; type: string; documentId: string | null; page: number | null }[];
  documents: { id: string; name: string; order: number; pages: number | null }[];
}

export interface EnvelopeRole {
  roleName: string;
  name: string;
  email: string;
  /** set for the embedded (inline) signer: the recipient signs in the app, not from a provider e-mail */
  clientUserId?: string;
  /** text tabs prefilled by label */
  tabs: { tabLabel: string; value: string }[];
}

export interface SigningProviderApi {
  readonly kind: "docusign";
  /** The origin its embedded signing pages come from (the page's Content-Security-Policy lets them into a frame). */
  readonly signingOrigin: string;
  listTemplates(): Promise<RemoteTemplate[]>;
  /** A sent envelope from a template. */
  createEnvelope(input: {
    templateId: string;
    emailSubject: string;
    roles: EnvelopeRole[];
  }): Promise<{ envelopeId: string }>;
  /** The embedded signing URL of an envelope's recipient (works once, for a few minutes). */
  recipientView(input: {
    envelopeId: string;
    name: string;
    email: string;
    clientUserId: string;
    returnUrl: string;
  }): Promise<{ url: string }>;
  /** The envelope's combined signed PDF. */
  envelopePdf(envelopeId: string): Promise<Buffer>;
}

/** A provider failure: `consent` (the user must grant consent), `auth`, `unavailable` (retry later), `refused`. */
export class SigningProviderError extends Error {
  readonly kind: "consent" | "auth" | "unavailable" | "refused";
  readonly consentUrl: string | null;
  constructor(kind: SigningProviderError["kind"], message: string, consentUrl: string | null = null) {
    super(message);
    this.name = "SigningProviderError";
    this.kind = kind;
    this.consentUrl = consentUrl;
  }
}

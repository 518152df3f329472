// The built-in signer's signed document (docs/SIGNING.md "Built-in signer"): the template filled from the mapping,
// the typed name stamped into the signature fields of the roles mapped to the investor (other roles' signature
// fields stay empty: they are recipients, not signers here), an audit page with the evidence, and the platform's
// PKCS#7 signature over the whole file. Returns the PDF and the audit record kept in app_private.signing_audits.
import type { SigningKey } from "./keys.ts";
import { appendAuditPage, fillDocument, sha256, signPdf } from "./pdf.ts";
import { formatDate, type Mapping } from "./values.ts";

export interface SignedDocumentInput {
  template: Uint8Array;
  mapping: Mapping;
  /** field name -> value (values.ts fieldValues) */
  values: Record<string, string>;
  typedName: string;
  signer: { email: string; accountId: string; userId: string };
  ip: string;
  userAgent: string;
  signedAt: Date;
  sentId: string;
  key: SigningKey;
  /** Signed on a device with no network (docs/SIGNING.md "Signing offline"): the audit page says where and when. */
  offline?: OfflineEvidence;
}

export interface OfflineEvidence {
  signedOnDevice: Date;
  receivedOn: Date;
  sealedOn: Date;
  deviceId: string | null;
  /** What the device showed (src/domain/signing-fingerprint.ts), checked equal to what the server holds. */
  fingerprint: string;
  /** Signed in an in-person session on the host's device (docs/IN-PERSON.md): the host, named on the audit page. */
  host?: InPersonHost | null;
}

export interface InPersonHost {
  sessionId: string;
  userId: string;
  name: string;
  accountId: string;
  accountName: string;
  deviceLabel: string | null;
}

/** The template filled, the typed name in the investor's signature fields only. */
async function fillForInvestor(input: SignedDocumentInput): Promise<Uint8Array> {
  const investorRoles = new Set(input.mapping.roles.filter((r) => r.mapTo === "investor").map((r) => r.name));
  const perField: Record<string, string> = { ...input.values };
  for (const field of input.mapping.fields) {
    if (field.type !== "signature" && field.type !== "initial") continue;
    perField[field.name] = field.role && investorRoles.has(field.role) ? input.typedName : "";
  }
  return fillDocument(input.template, perField, null);
}

export async function signedDocument(
  input: SignedDocumentInput,
): Promise<{ pdf: Buffer; audit: Record<string, unknown> }> {
  const { mapping, typedName, signer, signedAt, sentId } = input;
  const filled = await fillForInvestor(input);
  const beforeHash = sha256(input.template);
  const afterHash = sha256(filled);
  const offline = input.offline;
  const audit = {
    consent: true,
    consentText: "I agree to sign this document electronically.",
    typedName,
    signerAccountId: signer.accountId,
    // in person, the signed-in user is the host, not the signer
    signerUserId: offline?.host ? null : signer.userId,
    signerEmail: signer.email,
    ip: input.ip,
    userAgent: input.userAgent,
    signedOn: signedAt.toISOString(),
    sha256Before: beforeHash,
    sha256After: afterHash,
    ...(offline
      ? {
          offline: true,
          signedOnDevice: offline.signedOnDevice.toISOString(),
          receivedOn: offline.receivedOn.toISOString(),
          sealedOn: offline.sealedOn.toISOString(),
          deviceId: offline.deviceId,
          fingerprint: offline.fingerprint,
          ...(offline.host
            ? {
                inPersonSessionId: offline.host.sessionId,
                hostUserId: offline.host.userId,
                hostName: offline.host.name,
                hostAccountId: offline.host.accountId,
                hostAccountName: offline.host.accountName,
              }
            : {}),
        }
      : {}),
  };
  const host = offline?.host;
  const device = offline?.deviceId ? `device ${offline.deviceId}` : null;
  const when = (date: Date) => `${date.toISOString()} (${formatDate(date)})`;
  const signedLines = offline
    ? [
        host
          ? {
              label: "How",
              value:
                "Signed in person by the signer on the host's device, which showed this document's template and values (with no network where needed); the server sealed it after checking they had not changed.",
            }
          : {
              label: "How",
              value:
                "Signed offline on the signer's device, which showed this document's template and values; the server sealed it after checking they had not changed.",
            },
        ...(host
          ? [
              {
                label: "Hosted by",
                value: `${host.name} of ${host.accountName} (account ${host.accountId}, user ${host.userId}), signed in on the device`,
              },
              {
                label: "Where",
                value: `The host's device${host.deviceLabel ? ` "${host.deviceLabel}"` : ""}${device ? `, ${device}` : ""} (in-person session ${host.sessionId})`,
              },
            ]
          : [{ label: "Where", value: device ? `Device ${offline.deviceId}` : "The signer's device" }]),
        { label: "Signed on the device (device time, UTC)", value: when(offline.signedOnDevice) },
        { label: "Received by the server (UTC)", value: when(offline.receivedOn) },
        { label: "Sealed by the server (UTC)", value: when(offline.sealedOn) },
        { label: "Fingerprint of what the device showed (SHA-256)", value: offline.fingerprint },
        { label: "IP address (when received)", value: input.ip || "unknown" },
        { label: "User agent (when received)", value: input.userAgent || "unknown" },
      ]
    : [
        { label: "Signed on (UTC)", value: when(signedAt) },
        { label: "IP address", value: input.ip || "unknown" },
        { label: "User agent", value: input.userAgent || "unknown" },
      ];
  const audited = await appendAuditPage(filled, "Signature audit trail", [
    { label: "Document", value: `${mapping.name} (sent document ${sentId})` },
    {
      label: "Signer",
      value: host
        ? `${typedName} <${signer.email}> (account ${signer.accountId})`
        : `${typedName} <${signer.email}> (account ${signer.accountId}, user ${signer.userId})`,
    },
    { label: "Consent", value: "The signer agreed to sign this document electronically and typed their name." },
    ...signedLines,
    { label: "SHA-256 of the document before filling", value: beforeHash },
    { label: "SHA-256 of the document after filling and signing", value: afterHash },
    { label: "Digital signature", value: "PKCS#7 detached signature by the platform's key over this whole file." },
  ]);
  const pdf = await signPdf(audited, {
    p12: input.key.p12,
    passphrase: input.key.passphrase,
    name: typedName,
    reason: `Signed ${mapping.name}`,
    location: "Ledgerline",
    contactInfo: signer.email,
    signingTime: signedAt,
  });
  return { pdf, audit };
}

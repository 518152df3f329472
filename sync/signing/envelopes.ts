// A DocuSign envelope from a mapped template: the distribution's values in the template's tabs, one recipient per role.
import type { Database } from "../db/database.ts";
import { type SigningProviderApi, SigningProviderError } from "./provider.ts";
import { distributionValues, fieldValues, type Mapping, roleRecipient } from "./values.ts";

/** `clientUserId`: the investor signs embedded in the app (the signing step) rather than from DocuSign's e-mail. */
export async function sendEnvelope(
  db: Database,
  docusign: SigningProviderApi | null,
  mapping: Mapping,
  distributionId: string,
  clientUserId: string | null,
): Promise<string> {
  if (!docusign) throw new SigningProviderError("auth", "DocuSign is not configured on this server.");
  const data = await distributionValues(db, distributionId);
  const values = fieldValues(mapping.fields, data);
  const roles = mapping.roles.flatMap((role) => {
    const recipient = roleRecipient(role, data);
    if (!recipient?.email) return [];
    return [
      {
        roleName: role.name,
        name: recipient.name,
        email: recipient.email,
        ...(role.mapTo === "investor" && clientUserId ? { clientUserId } : {}),
        tabs: mapping.fields
          .filter((f) => f.role === role.name && values[f.name] !== undefined)
          .map((f) => ({ tabLabel: f.name, value: values[f.name] as string })),
      },
    ];
  });
  const { envelopeId } = await docusign.createEnvelope({
    templateId: mapping.providerTemplateId,
    emailSubject: `Please sign: ${mapping.name}`.slice(0, 100),
    roles,
  });
  return envelopeId;
}

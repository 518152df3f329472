// The values a mapped template's fields are filled with (docs/SIGNING.md "Mapping"): each mapping field
// (app_public.mapping_fields.field) read from the platform's data for one distribution, the mapping's own value for
// static and custom, the mock values (testValue) for the test page.
import { signingDate } from "../../src/domain/signing-fingerprint.ts";
import type { Sql } from "../db/database.ts";

export interface MappedField {
  name: string;
  role: string | null;
  type: string;
  mapTo: string;
  value: string | null;
}

export interface MappedRole {
  name: string;
  type: string;
  mapTo: string;
  toName: string | null;
  toEmail: string | null;
}

export interface Mapping {
  mappedId: string;
  name: string;
  signingTemplateId: string;
  providerTemplateId: string;
  fileKey: string | null;
  provider: "builtin" | "docusign";
  roles: MappedRole[];
  fields: MappedField[];
}

/** The mapped template with its roles and fields (as the database owner: callers check who asks). */
export async function loadMapping(db: Sql, mappedId: string): Promise<Mapping | null> {
  const { rows } = await db.query<{
    id: string;
    name: string;
    signing_template_id: string;
    provider_template_id: string;
    file_key: string | null;
    provider: "builtin" | "docusign";
  }>(
    `select m.id, m.name, m.signing_template_id, t.provider_template_id, t.file_key, s.provider
     from app_public.mapped_signing_templates m
     join app_public.signing_templates t on t.id = m.signing_template_id
     join app_public.signing_accounts s on s.id = t.signing_account_id
     where m.id = $1`,
    [mappedId],
  );
  const row = rows[0];
  if (!row) return null;
  const roles = await db.query<MappedRole>(
    `select name, type, map_to as "mapTo", to_name as "toName", to_email as "toEmail"
     from app_public.signing_roles where mapped_signing_template_id = $1 order by "order", name`,
    [mappedId],
  );
  const fields = await db.query<MappedField>(
    `select name, role, type, map_to as "mapTo", value
     from app_public.signing_fields where mapped_signing_template_id = $1 order by page nulls last, name`,
    [mappedId],
  );
  return {
    mappedId: row.id,
    name: row.name,
    signingTemplateId: row.signing_template_id,
    providerTemplateId: row.provider_template_id,
    fileKey: row.file_key,
    provider: row.provider,
    roles: roles.rows,
    fields: fields.rows,
  };
}

/** MM/dd/yyyy (spec: dates in grids and documents), the same text the device dates an offline signature with. */
export const formatDate = signingDate;

/** The platform's data for a distribution, keyed by mapping field (investor.name, distribution.amount, ...). */
export async function distributionValues(
  db: Sql,
  distributionId: string,
  now = new Date(),
): Promise<Record<string, string>> {
  const { rows } = await db.query<Record<string, string | null>>(
    `select inv.name as "investor.name", inv.email as "investor.email",
            coalesce(d.name, inv.contact_name, inv.name) as "investor.contactName",
            inv.investor_type as "investor.type",
            (select concat_ws(', ', ad.line_one, ad.city, concat_ws(' ', ad.province, ad.postal_code))
             from app_public.account_addresses aa join app_public.addresses ad on ad.id = aa.address_id
             where aa.account_id = inv.id order by aa.type = 'primary' desc limit 1) as "investor.address",
            (select p.phone from app_public.account_phone_numbers p where p.account_id = inv.id
             order by p.is_primary desc limit 1) as "investor.phone",
            trim_scale(d.amount)::text as "distribution.amount",
            to_char(coalesce(d.purchase_price, r.price, 0), 'FM999999999999990.00') as "distribution.price",
            to_char(round(d.amount * coalesce(d.purchase_price, r.price, 0), 2), 'FM999999999999990.00')
              as "distribution.total",
            r.name as "round.name", a.name as "asset.name", iss.name as "issuer.name",
            coalesce(iss.support_email, iss.email) as "issuer.email"
     from app_public.distributions d
     join app_public.accounts inv on inv.id = d.investor_id
     join app_public.allocations al on al.id = d.allocation_id
     join app_public.rounds r on r.id = al.round_id
     join app_public.assets a on a.id = r.asset_id
     join app_public.accounts iss on iss.id = a.issuer_id
     where d.id = $1`,
    [distributionId],
  );
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(rows[0] ?? {})) if (value !== null && value !== "") values[key] = value;
  values["date.signed"] = formatDate(now);
  return values;
}

/** The mock values of the test page (mapping_fields.test_value). */
export async function testValues(db: Sql): Promise<Record<string, string>> {
  const { rows } = await db.query<{ field: string; test_value: string | null }>(
    "select field, test_value from app_public.mapping_fields",
  );
  const values: Record<string, string> = {};
  for (const row of rows) if (row.test_value !== null) values[row.field] = row.test_value;
  return values;
}

/** Each mapped field's value (field name -> value); signature fields take the signer's typed name elsewhere. */
export function fieldValues(fields: MappedField[], data: Record<string, string>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of fields) {
    if (field.mapTo === "not mapped") continue;
    const value = field.mapTo === "static" || field.mapTo === "custom" ? field.value : data[field.mapTo];
    if (value !== undefined && value !== null) values[field.name] = value;
  }
  return values;
}

/**
 * The values the signer reads (and an offline signature's fingerprint covers): every filled field but the signature
 * and initial fields, which take the typed name. The same for the signing page and the offline check.
 */
export function shownValues(fields: MappedField[], values: Record<string, string>): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (field.type !== "signature" && field.type !== "initial" && value !== undefined) shown[field.name] = value;
  }
  return shown;
}

/** A role's recipient: the investor, the issuer, or the static person the mapping names. */
export function roleRecipient(role: MappedRole, data: Record<string, string>): { name: string; email: string } | null {
  if (role.mapTo === "investor")
    return { name: data["investor.contactName"] ?? data["investor.name"] ?? "", email: data["investor.email"] ?? "" };
  if (role.mapTo === "issuer") return { name: data["issuer.name"] ?? "", email: data["issuer.email"] ?? "" };
  if (role.mapTo === "static") return { name: role.toName ?? "", email: role.toEmail ?? "" };
  return null;
}

// Reading what an account sees: ids under row-level security, labelled afterwards as the table owner so the label
// never depends on what else the account may read.
import type { Database } from "../../sync/db/database.ts";
import { asAccount, type Claims } from "../helpers/db.ts";

/** A readable label per table (SQL over alias t, run as owner). */
export const LABELS: Record<string, string> = {
  accounts: "t.name",
  users: "t.first_name || ' ' || t.last_name",
  users_accounts: `(select u.first_name from app_public.users u where u.id = t.user_id) || ' @ ' ||
    (select a.name from app_public.accounts a where a.id = t.account_id) || ' ' || t.role`,
  user_emails: "t.email",
  assets: "t.name",
  rounds: "t.name",
  securities: "t.name",
  allocations: "t.name",
  broker_allocations: "t.name || ' ' || t.status",
  distributions: `(select al.name from app_public.allocations al where al.id = t.allocation_id) || ' / ' || t.name ||
    ' / ' || t.amount`,
  distribution_prices: `(select d.name || ' ' || d.amount from app_public.distributions d where d.id = t.distribution_id)
    || ' @ ' || t.price`,
  distribution_payments: `(select d.name || ' ' || d.amount from app_public.distributions d
    where d.id = t.distribution_id) || ' paid ' || t.amount`,
  distribution_annotations: "t.annotation",
  distribution_custom_fields: "t.name",
  allocation_annotations: "t.annotation",
  allocation_offering_links: "t.name",
  vesting_schedules: "t.periods || ' periods'",
  holdings: `(select r.name from app_public.rounds r where r.id = t.round_id) || ' / ' ||
    (select a.name from app_public.accounts a where a.id = t.investor_id) || ' / ' || t.amount`,
  transactions: `(select r.name from app_public.rounds r where r.id = t.round_id) || ' / ' ||
    (select string_agg(a.name, ',') from app_public.ledger_entries l join app_public.accounts a on a.id = l.investor_id
     where l.transaction_id = t.id)`,
  ledger_entries: "(select a.name from app_public.accounts a where a.id = t.investor_id) || ' ' || t.amount",
  customers: "t.email",
  documents: "t.name",
  document_sharings: "t.to_role",
  tranche_bond_data: "(select r.name from app_public.rounds r where r.id = t.round_id)",
  security_listings: "(select s.name from app_public.securities s where s.id = t.security_id)",
  capital_deployments: "t.description",
  managed_accounts: "(select a.name from app_public.accounts a where a.id = t.account_id)",
  vendor_default_email_preferences: "(select a.name from app_public.accounts a where a.id = t.account_id)",
  allocation_email_preferences: "(select al.name from app_public.allocations al where al.id = t.allocation_id)",
  addresses: "t.line_one",
  account_addresses: "t.type",
  parties: "t.first_name || ' ' || t.last_name",
  party_addresses: "t.type",
  terms_of_service: "t.type",
  terms_acceptances: "(select u.first_name from app_public.users u where u.id = t.user_id)",
};

/** The labels of the rows of each table the claims may read, sorted. */
export async function visibleLabels(db: Database, claims: Claims, tables: string[]): Promise<Record<string, string[]>> {
  const ids = await asAccount(db, claims, async (tx) => {
    const out: Record<string, string[]> = {};
    for (const table of tables) {
      const { rows } = await tx.query<{ id: string }>(`select id::text as id from app_public.${table}`);
      out[table] = rows.map((row) => row.id);
    }
    return out;
  });
  const labels: Record<string, string[]> = {};
  for (const table of tables) {
    const expression = LABELS[table];
    if (!expression) throw new Error(`no label for ${table}`);
    const { rows } = await db.query<{ label: string }>(
      `select ${expression} as label from app_public.${table} t where t.id::text = any($1::text[])`,
      [ids[table]],
    );
    labels[table] = rows.map((row) => row.label).sort();
  }
  return labels;
}

// The investor's party and account at the payment provider (createParty, createAccount, createLink), made once per
// investor and provider before the investor's first trade, each id kept in app_private.payment_investors as soon as
// the provider answers (a retry or a restart resumes where it stopped).
import type { Database } from "../db/database.ts";
import { type InvestorSetup, type PaymentProvider, ProviderError } from "./provider.ts";

/**
 * The investor's party and account at the provider, linked as its owner: made once per investor and provider
 * (app_private.payment_investors keeps each id as soon as the provider answers, so a retry or a restart resumes
 * where it stopped); another runner making them at the same time makes this job wait and retry.
 */
export async function investorAccount(db: Database, provider: PaymentProvider, investorId: string): Promise<string> {
  await db.query(
    "insert into app_private.payment_investors (provider, investor_id) values ($1, $2) on conflict do nothing",
    [provider.id, investorId],
  );
  const known = await db.query<{ party_id: string | null; provider_account_id: string | null; linked: boolean }>(
    "select party_id, provider_account_id, linked from app_private.payment_investors where provider = $1 and investor_id = $2",
    [provider.id, investorId],
  );
  const row = known.rows[0];
  if (row?.linked && row.provider_account_id) return row.provider_account_id;
  const claimed = await db.query(
    `update app_private.payment_investors set claimed_until = now() + interval '2 minutes', updated_on = now()
     where provider = $1 and investor_id = $2 and not linked and (claimed_until is null or claimed_until < now())
     returning 1`,
    [provider.id, investorId],
  );
  if (!claimed.rows[0])
    throw new ProviderError("The investor's account at the provider is being made by another runner.", "unavailable");
  // each id is kept as soon as the provider answers
  const keep = (column: "party_id" | "provider_account_id" | "linked" | "claimed_until", value: unknown) =>
    db.query(
      `update app_private.payment_investors set ${column} = $3${column === "claimed_until" ? "" : ", updated_on = now()"}
       where provider = $1 and investor_id = $2`,
      [provider.id, investorId, value],
    );
  try {
    const setup = await investorSetup(db, investorId);
    let partyId = row?.party_id ?? null;
    if (!partyId) {
      partyId = await provider.createParty(setup);
      await keep("party_id", partyId);
    }
    let accountId = row?.provider_account_id ?? null;
    if (!accountId) {
      accountId = await provider.createAccount(setup);
      await keep("provider_account_id", accountId);
    }
    await provider.linkAccountOwner({ accountId, partyId });
    await keep("linked", true);
    return accountId;
  } finally {
    await keep("claimed_until", null);
  }
}

async function investorSetup(db: Database, investorId: string): Promise<InvestorSetup> {
  const { rows } = await db.query<{
    name: string;
    email: string | null;
    first_name: string | null;
    last_name: string | null;
    us_citizen: boolean | null;
    date_of_birth: string | null;
    line_one: string | null;
    city: string | null;
    province: string | null;
    postal_code: string | null;
    country: string | null;
  }>(
    `select a.name, coalesce(p.email, a.email) as email, p.first_name, p.last_name, p.us_citizen,
            pd.date_of_birth::text as date_of_birth, ad.line_one, ad.city, ad.province, ad.postal_code,
            c.alpha2 as country
     from app_public.accounts a
     left join lateral (select * from app_public.parties p where p.account_id = a.id
                        order by p.is_primary desc, p.created_on limit 1) p on true
     left join app_private.account_personal_data pd on pd.account_id = a.id
     left join app_public.account_addresses aa on aa.account_id = a.id and aa.type = 'primary'
     left join app_public.addresses ad on ad.id = aa.address_id
     left join app_public.countries c on c.id = ad.country_id
     where a.id = $1`,
    [investorId],
  );
  const r = rows[0];
  if (!r) throw new ProviderError("The investor's account was not found.", "not_found");
  const [first, ...rest] = r.name.trim().split(/\s+/);
  return {
    investorId,
    name: r.name,
    firstName: r.first_name || first || r.name,
    lastName: r.last_name || rest.join(" ") || "-",
    email: r.email,
    usCitizen: r.us_citizen === true,
    dateOfBirth: r.date_of_birth,
    address:
      r.line_one && r.city
        ? {
            line1: r.line_one,
            city: r.city,
            state: r.province ?? "",
            zip: r.postal_code ?? "",
            country: r.country ?? "",
          }
        : null,
  };
}

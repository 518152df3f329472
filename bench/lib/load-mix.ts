// The production-like mix of bench/load.ts (issue 33 item 5): many issuers, each with its brokers and its investors.
// Each group is one issuer of the scale seed (sync/seed/scale.ts `seedScale`: the issuer, a round, an allocation, one
// closed distribution and holding per investor, scale@demo.test its owner), plus what the scale seed does not make:
// a user of each investor account (its owner, so a device can hold that investor's session) and brokers of the
// issuer's round (broker accounts with an accepted broker allocation, each with an owner). An investor reads only its
// own distributions and holdings, a broker its own contacts; the issuer reads its contacts and every distribution.
import pg from "pg";
import { wrapPool } from "../../sync/db/database.ts";
import { SCALE_EMAIL, seedScale } from "../../sync/seed/scale.ts";

export interface Member {
  userId: string;
  accountId: string;
}

export interface MixGroup {
  issuer: Member;
  brokers: Member[];
  /** Each investor with its one distribution. */
  investors: Array<Member & { distributionId: string }>;
}

export async function seedMix(
  databaseUrl: string,
  groups: number,
  investorsPerGroup: number,
  brokersPerGroup: number,
  progress: (done: number) => void = () => {},
): Promise<MixGroup[]> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const db = wrapPool(pool);
  const made: MixGroup[] = [];
  try {
    for (let g = 0; g < groups; g++) {
      const { issuerId } = await seedScale(db, {
        holdings: investorsPerGroup,
        rounds: 1,
        investors: investorsPerGroup,
      });
      const issuerUser = await pool.query<{ user_id: string }>(
        "select user_id from app_public.user_emails where lower(email) = $1",
        [SCALE_EMAIL],
      );
      const investors = await pool.query<{ account_id: string; user_id: string; distribution_id: string }>(
        `with inv as (
           select c.investor_id as account_id, gen_random_uuid() as user_id
           from app_public.customers c where c.account_id = $1 and c.investor_id is not null
         ),
         u as (insert into app_public.users (id, first_name, last_name) select user_id, 'Load', 'Investor' from inv),
         ua as (
           insert into app_public.users_accounts (user_id, account_id, role)
           select user_id, account_id, 'account_owner' from inv
         )
         select inv.account_id, inv.user_id, d.id as distribution_id
         from inv join app_public.distributions d on d.investor_id = inv.account_id
         order by inv.account_id`,
        [issuerId],
      );
      const brokers = await pool.query<{ account_id: string; user_id: string }>(
        `with b as (
           select gen_random_uuid() as account_id, gen_random_uuid() as user_id, g from generate_series(1, $2::int) g
         ),
         acc as (
           insert into app_public.accounts (id, type, name, email, contact_name, setup, jurisdiction_id)
           select account_id, 'broker', 'Load Broker ' || $3::int || '-' || g,
                  'broker' || g || '.' || replace($1::text, '-', '') || '@load.example', 'Load Broker', true, 840
           from b
         ),
         u as (insert into app_public.users (id, first_name, last_name) select user_id, 'Load', 'Broker' from b),
         ua as (
           insert into app_public.users_accounts (user_id, account_id, role)
           select user_id, account_id, 'account_owner' from b
         ),
         ba as (
           insert into app_public.broker_allocations (round_id, broker_id, name, status)
           select r.id, b.account_id, 'Load Broker Allocation', 'accepted'
           from b, app_public.rounds r join app_public.assets a on a.id = r.asset_id where a.issuer_id = $1::uuid
         )
         select account_id, user_id from b order by g`,
        [issuerId, brokersPerGroup, g + 1],
      );
      made.push({
        issuer: { userId: issuerUser.rows[0]!.user_id, accountId: issuerId },
        brokers: brokers.rows.map((row) => ({ userId: row.user_id, accountId: row.account_id })),
        investors: investors.rows.map((row) => ({
          userId: row.user_id,
          accountId: row.account_id,
          distributionId: row.distribution_id,
        })),
      });
      progress(g + 1);
    }
    await pool.query("analyze");
  } finally {
    await pool.end();
  }
  return made;
}

// Demo data for a fresh database (issue 2 item 6, docs/CONVENTIONS.md "Demo sign-ins"): one issuer with an equity,
// a debt (tranche bond) and a fund asset, rounds and distributions in every status, holdings and transactions made
// by the real issuance function, a broker with one accepted and one sent invitation, three investors (one not set
// up), an agent, an ats and an admin, a user in several accounts and a user with pending terms.
// Idempotent: does nothing when the database already has users.
import { hash } from "@node-rs/argon2";
import type { Database, Sql } from "../db/database.ts";
import { DEMO_FILES } from "./demo-files.ts";

export const DEMO_PASSWORD = "demo-password";

type AccountType = "admin" | "agent" | "ats" | "investor" | "issuer" | "broker";
type Role = "account_owner" | "account_admin" | "account_viewer";

interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  /** Account key -> role. */
  memberships: Record<string, Role>;
  acceptsTerms: boolean;
}

interface DemoAccount {
  key: string;
  type: AccountType;
  name: string;
  email: string;
  slug?: string;
  contactName?: string;
  supportEmail?: string;
  url?: string;
  setup: boolean;
  investorType?: string;
  taxShort?: string;
}

const ACCOUNTS: DemoAccount[] = [
  {
    key: "issuer",
    type: "issuer",
    name: "Northwind Renewables, Inc.",
    email: "capital@northwind-renewables.example",
    slug: "northwind-renewables",
    contactName: "Olivia Hart",
    supportEmail: "investors@northwind-renewables.example",
    url: "https://northwind-renewables.example",
    setup: true,
  },
  {
    key: "issuer2",
    type: "issuer",
    name: "Cascade Biotech Holdings",
    email: "finance@cascade-biotech.example",
    slug: "cascade-biotech",
    contactName: "Henry Walsh",
    supportEmail: "ir@cascade-biotech.example",
    setup: true,
  },
  {
    key: "broker",
    type: "broker",
    name: "Harborview Capital Markets LLC",
    email: "desk@harborview-capital.example",
    slug: "harborview-capital",
    contactName: "Marcus Reed",
    supportEmail: "support@harborview-capital.example",
    setup: true,
  },
  {
    key: "investor",
    type: "investor",
    name: "Emma Lawson",
    email: "investor@demo.test",
    contactName: "Emma Lawson",
    setup: true,
    investorType: "Individual",
    taxShort: "4821",
  },
  {
    key: "investor2",
    type: "investor",
    name: "Kim Family Trust",
    email: "investor2@demo.test",
    contactName: "Daniel Kim",
    setup: true,
    investorType: "Revocable Trust",
    taxShort: "7310",
  },
  {
    key: "newinvestor",
    type: "investor",
    name: "Priya Shah",
    email: "newinvestor@demo.test",
    contactName: "Priya Shah",
    setup: false,
  },
  {
    key: "multiInvestor",
    type: "investor",
    name: "Jordan Blake",
    email: "multi@demo.test",
    contactName: "Jordan Blake",
    setup: true,
    investorType: "Individual",
    taxShort: "1177",
  },
  {
    key: "termsInvestor",
    type: "investor",
    name: "Taylor Brooks",
    email: "terms@demo.test",
    contactName: "Taylor Brooks",
    setup: true,
    investorType: "Individual",
    taxShort: "9032",
  },
  {
    key: "agent",
    type: "agent",
    name: "Keystone Transfer Agents",
    email: "operations@keystone-transfer.example",
    contactName: "Laura Chen",
    setup: true,
  },
  {
    key: "ats",
    type: "ats",
    name: "Meridian Alternative Exchange",
    email: "listings@meridian-ats.example",
    slug: "meridian-ats",
    contactName: "Victor Alvarez",
    setup: true,
  },
  {
    key: "admin",
    type: "admin",
    name: "Ledgerline Operations",
    email: "ops@ledgerline.example",
    contactName: "Ada Morgan",
    setup: true,
  },
];

/** A user who accepted the terms and owns one demo account (by its key). */
const owner = (email: string, firstName: string, lastName: string, account: string): DemoUser => ({
  email,
  firstName,
  lastName,
  memberships: { [account]: "account_owner" },
  acceptsTerms: true,
});

const USERS: DemoUser[] = [
  owner("issuer@demo.test", "Olivia", "Hart", "issuer"),
  {
    email: "issuer-viewer@demo.test",
    firstName: "Sam",
    lastName: "Patel",
    memberships: { issuer: "account_viewer" },
    acceptsTerms: true,
  },
  owner("broker@demo.test", "Marcus", "Reed", "broker"),
  owner("investor@demo.test", "Emma", "Lawson", "investor"),
  owner("investor2@demo.test", "Daniel", "Kim", "investor2"),
  owner("newinvestor@demo.test", "Priya", "Shah", "newinvestor"),
  owner("agent@demo.test", "Laura", "Chen", "agent"),
  owner("ats@demo.test", "Victor", "Alvarez", "ats"),
  owner("admin@demo.test", "Ada", "Morgan", "admin"),
  {
    email: "multi@demo.test",
    firstName: "Jordan",
    lastName: "Blake",
    memberships: { issuer: "account_admin", broker: "account_viewer", multiInvestor: "account_owner" },
    acceptsTerms: true,
  },
  {
    email: "terms@demo.test",
    firstName: "Taylor",
    lastName: "Brooks",
    memberships: { termsInvestor: "account_owner" },
    acceptsTerms: false,
  },
];

export const DEMO_EMAILS = USERS.map((user) => user.email);

const TERMS_HTML =
  "<h2>Ledgerline Terms of Service</h2><p>By using Ledgerline you agree to keep your sign-in details private, " +
  "to provide accurate information about yourself and the accounts you act for, and to use the platform only " +
  "for lawful securities activity.</p><p>Records of issuances and transfers are kept permanently.</p>";

export async function seedDemo(db: Database): Promise<void> {
  const { rows } = await db.query<{ seeded: boolean }>("select exists (select 1 from app_public.users) as seeded");
  if (rows[0]?.seeded) return;
  // One hash for every demo user: argon2id is deliberately slow.
  const passwordHash = await hash(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const accounts = await insertAccounts(tx);
    await insertUsers(tx, accounts, passwordHash);
    await insertBusinessData(tx, accounts);
  });
  await (await import("./demo-onboarding.ts")).seedDemoOnboarding(db);
  await (await import("./demo-tokens.ts")).seedDemoTokens(db);
  await (await import("./demo-dividends.ts")).seedDemoDividends(db);
  await (await import("./demo-questions.ts")).seedDemoQuestions(db);
  await (await import("./demo-forms.ts")).seedDemoForms(db);
}

async function id(tx: Sql, text: string, params: unknown[] = []): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(text, params);
  const row = rows[0];
  if (!row) throw new Error(`seed statement returned no id: ${text}`);
  return row.id;
}

async function insertAccounts(tx: Sql): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const account of ACCOUNTS) {
    const accountId = await id(
      tx,
      `insert into app_public.accounts (type, name, email, slug, contact_name, support_email, url, setup,
         investor_type, tax_short, jurisdiction_id, date_of_birth)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 840, $11) returning id`,
      [
        account.type,
        account.name,
        account.email,
        account.slug ?? null,
        account.contactName ?? null,
        account.supportEmail ?? null,
        account.url ?? null,
        account.setup,
        account.investorType ?? null,
        account.taxShort ?? null,
        account.investorType === "Individual" ? "1986-04-12" : null,
      ],
    );
    ids.set(account.key, accountId);
  }
  const issuerAddress = await id(
    tx,
    `insert into app_public.addresses (line_one, city, province, postal_code, country_id)
     values ('1200 Harbor Way, Suite 400', 'Portland', 'OR', '97209', 840) returning id`,
  );
  await tx.query("insert into app_public.account_addresses (account_id, address_id, type) values ($1, $2, 'primary')", [
    ids.get("issuer"),
    issuerAddress,
  ]);
  const investorAddress = await id(
    tx,
    `insert into app_public.addresses (line_one, line_two, city, province, postal_code, country_id)
     values ('48 Maple Street', 'Apt 3B', 'Brooklyn', 'NY', '11201', 840) returning id`,
  );
  await tx.query("insert into app_public.account_addresses (account_id, address_id, type) values ($1, $2, 'primary')", [
    ids.get("investor"),
    investorAddress,
  ]);
  const trustee = await id(
    tx,
    `insert into app_public.parties (account_id, email, first_name, last_name, date_of_birth, us_citizen,
       allow_login, is_primary, role)
     values ($1, 'investor2@demo.test', 'Daniel', 'Kim', '1971-09-30', true, true, true, 'Trustee') returning id`,
    [ids.get("investor2")],
  );
  const trusteeAddress = await id(
    tx,
    `insert into app_public.addresses (line_one, city, province, postal_code, country_id)
     values ('902 Lakeview Drive', 'Evanston', 'IL', '60201', 840) returning id`,
  );
  await tx.query("insert into app_public.party_addresses (party_id, address_id, type) values ($1, $2, 'primary')", [
    trustee,
    trusteeAddress,
  ]);
  return ids;
}

async function insertUsers(tx: Sql, accounts: Map<string, string>, passwordHash: string): Promise<void> {
  const termsId = await id(
    tx,
    "insert into app_public.terms_of_service (type, agreement, active) values ('html', $1, true) returning id",
    [TERMS_HTML],
  );
  for (const user of USERS) {
    const userId = await id(tx, "insert into app_public.users (first_name, last_name) values ($1, $2) returning id", [
      user.firstName,
      user.lastName,
    ]);
    await tx.query(
      "insert into app_public.user_emails (user_id, email, is_primary, is_verified) values ($1, $2, true, true)",
      [userId, user.email],
    );
    await tx.query("insert into app_private.user_secrets (user_id, password_hash) values ($1, $2)", [
      userId,
      passwordHash,
    ]);
    for (const [accountKey, role] of Object.entries(user.memberships)) {
      await tx.query("insert into app_public.users_accounts (user_id, account_id, role) values ($1, $2, $3)", [
        userId,
        accounts.get(accountKey),
        role,
      ]);
    }
    if (user.acceptsTerms) {
      await tx.query("insert into app_public.terms_acceptances (terms_id, user_id) values ($1, $2)", [termsId, userId]);
    }
  }
}

/** Acts as an account for the SQL functions that check the request settings (the seed itself runs as owner). */
async function actAs(tx: Sql, accountId: string | undefined, type: AccountType): Promise<void> {
  await tx.query(
    `select set_config('jwt.claims.user_id', (select ua.user_id::text from app_public.users_accounts ua
              where ua.account_id = $1 and ua.role = 'account_owner' limit 1), true),
            set_config('jwt.claims.account_id', $1::text, true),
            set_config('jwt.claims.account_type', $2, true),
            set_config('jwt.claims.role', 'account_owner', true)`,
    [accountId, type],
  );
}

interface RoundSpec {
  assetId: string;
  name: string;
  termsUrl: string;
  price: string;
  opensOn: string;
  closesOn: string;
  status: "drafted" | "active" | "closed" | "stale";
  total: string;
  tranche?: { term: string; coupon: string };
}

async function makeRound(tx: Sql, round: RoundSpec): Promise<string> {
  const common = [
    round.assetId,
    round.name,
    round.termsUrl,
    round.price,
    round.opensOn,
    round.closesOn,
    round.status,
    round.total,
  ];
  if (round.tranche) {
    return id(tx, "select id from app_public.make_tranche($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)", [
      ...common,
      round.tranche.term,
      round.tranche.coupon,
    ]);
  }
  return id(tx, "select id from app_public.make_round($1, $2, $3, $4, $5, $6, $7, $8)", common);
}

async function makeAllocation(
  tx: Sql,
  roundId: string,
  ownerId: string | undefined,
  name: string,
  status: string,
  opensOn: string,
  closesOn: string,
): Promise<string> {
  return id(
    tx,
    `insert into app_public.allocations (round_id, owner_id, name, status, opens_on, closes_on)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [roundId, ownerId, name, status, opensOn, closesOn],
  );
}

async function makeDistribution(
  tx: Sql,
  allocationId: string,
  email: string,
  amount: string,
  name: string,
  status: "drafted" | "open" | "closed",
): Promise<string> {
  const distributionId = await id(tx, "select id from app_public.make_distribution($1, $2, $3, $4)", [
    allocationId,
    email,
    amount,
    name,
  ]);
  await tx.query("update app_public.distributions set status = $2 where id = $1", [distributionId, status]);
  return distributionId;
}

async function pay(tx: Sql, distributionId: string, amount: string, paidOn: string): Promise<void> {
  await tx.query(
    "insert into app_public.distribution_payments (distribution_id, amount, paid_on, status) values ($1, $2, $3, 'paid')",
    [distributionId, amount, paidOn],
  );
}

async function issuedOn(tx: Sql, distributionIds: string[], on: string): Promise<void> {
  await tx.query("update app_public.holdings set issued_on = $2 where distribution_id = any($1::uuid[])", [
    distributionIds,
    on,
  ]);
}

async function insertBusinessData(tx: Sql, accounts: Map<string, string>): Promise<void> {
  const issuer = accounts.get("issuer");
  const broker = accounts.get("broker");
  const ats = accounts.get("ats");
  const agent = accounts.get("agent");

  await actAs(tx, issuer, "issuer");
  const preferred = await id(
    tx,
    `insert into app_public.securities (issuer_id, name, ticker, symbol, total, unit_value)
     values ($1, 'Northwind Series A Preferred Stock', 'NWRP', 'NWRP', 10000000, 1.25) returning id`,
    [issuer],
  );
  const notes = await id(
    tx,
    `insert into app_public.securities (issuer_id, name, ticker, symbol, total, unit_value)
     values ($1, 'Northwind 6.5% Green Notes 2030', 'NWGN30', 'NWGN', 5000, 1000) returning id`,
    [issuer],
  );
  const fundUnits = await id(
    tx,
    `insert into app_public.securities (issuer_id, name, ticker, symbol, total, unit_value)
     values ($1, 'Northwind Infrastructure Fund I LP Units', 'NWIF', 'NWIF', 2000000, 10.40) returning id`,
    [issuer],
  );
  await tx.query("insert into app_public.security_listings (security_id, exchange_id) values ($1, $2)", [
    preferred,
    ats,
  ]);

  const equity = await id(
    tx,
    `insert into app_public.assets (issuer_id, name, type, status, authorized_total, created_on)
     values ($1, 'Northwind Series A Preferred', 'equity', 'active', 10000000, now() - interval '3 days') returning id`,
    [issuer],
  );
  const debt = await id(
    tx,
    `insert into app_public.assets (issuer_id, name, type, status, authorized_total, created_on)
     values ($1, 'Northwind Green Bonds 2030', 'debt', 'active', 5000, now() - interval '2 days') returning id`,
    [issuer],
  );
  const fund = await id(
    tx,
    `insert into app_public.assets (issuer_id, name, type, status, authorized_total, created_on)
     values ($1, 'Northwind Infrastructure Fund I', 'fund', 'closed', 2000000, now() - interval '1 day') returning id`,
    [issuer],
  );

  const seed = await makeRound(tx, {
    assetId: equity,
    name: "Seed",
    termsUrl: "https://dataroom.northwind-renewables.example/seed",
    price: "0.50",
    opensOn: "2024-01-15T00:00:00Z",
    closesOn: "2024-04-30T00:00:00Z",
    status: "closed",
    total: "2000000",
  });
  const seriesA = await makeRound(tx, {
    assetId: equity,
    name: "Series A",
    termsUrl: "https://dataroom.northwind-renewables.example/series-a",
    price: "1.25",
    opensOn: "2025-09-01T00:00:00Z",
    closesOn: "2026-12-31T00:00:00Z",
    status: "active",
    total: "4000000",
  });
  await makeRound(tx, {
    assetId: equity,
    name: "Series B",
    termsUrl: "https://dataroom.northwind-renewables.example/series-b",
    price: "2.00",
    opensOn: "2027-03-01T00:00:00Z",
    closesOn: "2027-09-30T00:00:00Z",
    status: "drafted",
    total: "3000000",
  });
  await makeRound(tx, {
    assetId: equity,
    name: "Bridge 2023",
    termsUrl: "https://dataroom.northwind-renewables.example/bridge-2023",
    price: "0.40",
    opensOn: "2023-05-01T00:00:00Z",
    closesOn: "2023-08-31T00:00:00Z",
    status: "stale",
    total: "500000",
  });
  const trancheA = await makeRound(tx, {
    assetId: debt,
    name: "Tranche A",
    termsUrl: "https://dataroom.northwind-renewables.example/green-bonds",
    price: "1000",
    opensOn: "2025-06-01T00:00:00Z",
    closesOn: "2026-06-30T00:00:00Z",
    status: "active",
    total: "2000",
    tranche: { term: "5", coupon: "6.5" },
  });
  const firstClose = await makeRound(tx, {
    assetId: fund,
    name: "First Close",
    termsUrl: "https://dataroom.northwind-renewables.example/fund-i",
    price: "10",
    opensOn: "2024-06-01T00:00:00Z",
    closesOn: "2024-12-31T00:00:00Z",
    status: "closed",
    total: "1000000",
  });
  await tx.query("update app_public.rounds set security_id = $2 where id = $1", [seed, preferred]);
  await tx.query("update app_public.rounds set security_id = $2 where id = $1", [seriesA, preferred]);
  await tx.query("update app_public.rounds set security_id = $2 where id = $1", [trancheA, notes]);
  await tx.query("update app_public.rounds set security_id = $2 where id = $1", [firstClose, fundUnits]);
  // Deployed out of the first close's capital (Kim Family Trust's 25,000 units at $10: $250,000), after the close.
  await tx.query(
    `insert into app_public.capital_deployments (round_id, amount, deployed_on, description) values
       ($1, 150000, '2025-02-15T00:00:00Z', 'Columbia Gorge solar array'),
       ($1, 60000, '2025-07-01T00:00:00Z', 'Battery storage retrofit')`,
    [firstClose],
  );

  // Broker invitations: accepted on Series A, still sent on Tranche A.
  await tx.query(
    `insert into app_public.broker_allocations (round_id, broker_id, name, managed_units, status) values
       ($1, $3, 'Harborview Series A placement', 1000000, 'accepted'),
       ($2, $3, 'Harborview Green Bonds placement', 500, 'sent')`,
    [seriesA, trancheA, broker],
  );

  const seedAllocation = await makeAllocation(
    tx,
    seed,
    issuer,
    "Seed Allocation",
    "closed",
    "2024-01-15T00:00:00Z",
    "2024-04-30T00:00:00Z",
  );
  const seriesADirect = await makeAllocation(
    tx,
    seriesA,
    issuer,
    "Series A Direct",
    "open",
    "2025-09-01T00:00:00Z",
    "2026-12-31T00:00:00Z",
  );
  const trancheAllocation = await makeAllocation(
    tx,
    trancheA,
    issuer,
    "Tranche A Institutional",
    "active",
    "2025-06-01T00:00:00Z",
    "2026-06-30T00:00:00Z",
  );
  const fundAllocation = await makeAllocation(
    tx,
    firstClose,
    issuer,
    "First Close Allocation",
    "closed",
    "2024-06-01T00:00:00Z",
    "2024-12-31T00:00:00Z",
  );
  await makeAllocation(
    tx,
    seriesA,
    issuer,
    "Series A Employees",
    "drafted",
    "2026-01-01T00:00:00Z",
    "2026-12-31T00:00:00Z",
  );

  // Issued: Seed round (Emma, Kim Family Trust, Jordan), the fund's first close (Kim), a green note (Emma).
  const emmaSeed = await makeDistribution(tx, seedAllocation, "investor@demo.test", "200000", "Emma Lawson", "closed");
  const kimSeed = await makeDistribution(
    tx,
    seedAllocation,
    "investor2@demo.test",
    "500000",
    "Kim Family Trust",
    "closed",
  );
  const jordanSeed = await makeDistribution(tx, seedAllocation, "multi@demo.test", "40000", "Jordan Blake", "closed");
  const kimFund = await makeDistribution(
    tx,
    fundAllocation,
    "investor2@demo.test",
    "25000",
    "Kim Family Trust",
    "closed",
  );
  const emmaNotes = await makeDistribution(tx, trancheAllocation, "investor@demo.test", "25", "Emma Lawson", "closed");
  await pay(tx, emmaSeed, "100000", "2024-02-10T00:00:00Z");
  await pay(tx, kimSeed, "250000", "2024-03-05T00:00:00Z");
  await pay(tx, jordanSeed, "20000", "2024-04-01T00:00:00Z");
  await pay(tx, kimFund, "250000", "2024-09-20T00:00:00Z");
  await pay(tx, emmaNotes, "25000", "2025-08-12T00:00:00Z");
  await tx.query("select count(*) from app_public.make_ta_request_distribution_issuances($1)", [
    [emmaSeed, kimSeed, jordanSeed, kimFund, emmaNotes],
  ]);
  // The issuance function issues "now"; the demo's issues happened after each round closed and after the payment.
  await issuedOn(tx, [emmaSeed, kimSeed, jordanSeed], "2024-05-15T00:00:00Z");
  await issuedOn(tx, [kimFund], "2025-01-15T00:00:00Z");
  await issuedOn(tx, [emmaNotes], "2025-08-21T00:00:00Z");

  // Series A in progress: onboarding (open), invited (drafted), paid and pending issuance (closed).
  const emmaSeriesA = await makeDistribution(tx, seriesADirect, "investor@demo.test", "80000", "Emma Lawson", "open");
  await makeDistribution(tx, seriesADirect, "newinvestor@demo.test", "20000", "Priya Shah", "drafted");
  const kimSeriesA = await makeDistribution(
    tx,
    seriesADirect,
    "investor2@demo.test",
    "160000",
    "Kim Family Trust",
    "closed",
  );
  await makeDistribution(tx, seriesADirect, "terms@demo.test", "12000", "Taylor Brooks", "open");
  await pay(tx, kimSeriesA, "200000", "2025-11-03T00:00:00Z");
  await makeDistribution(tx, trancheAllocation, "investor2@demo.test", "100", "Kim Family Trust", "open");

  await tx.query(
    `insert into app_public.allocation_offering_links (allocation_id, agent_id, name, authorized_link, unauthorized_link)
     values ($1, $2, 'Keystone onboarding link', 'https://invest.northwind-renewables.example/a/series-a',
             'https://invest.northwind-renewables.example/series-a')`,
    [seriesADirect, agent],
  );
  await tx.query(
    `insert into app_public.vesting_schedules (allocation_id, cliff, periods, duration, automatic, starts_on)
     values ($1, 1, 12, 'month', true, '2026-12-31T00:00:00Z')`,
    [seriesADirect],
  );
  await tx.query(
    `insert into app_public.vesting_schedules (distribution_id, cliff, periods, duration, automatic, starts_on)
     values ($1, 3, 24, 'month', false, '2026-01-01T00:00:00Z')`,
    [emmaSeriesA],
  );
  await tx.query(
    "insert into app_public.allocation_email_preferences (allocation_id, send_distribution) values ($1, true)",
    [seriesADirect],
  );
  await tx.query(
    "insert into app_public.allocation_annotations (allocation_id, annotation) values ($1, 'Priority for existing shareholders until March.')",
    [seriesADirect],
  );
  await tx.query(
    "insert into app_public.distribution_annotations (distribution_id, annotation) values ($1, 'Wire received, awaiting countersigned subscription agreement.')",
    [kimSeriesA],
  );
  await tx.query(
    "insert into app_public.distribution_custom_fields (distribution_id, name, value) values ($1, 'Referral source', 'Annual investor day')",
    [emmaSeriesA],
  );
  await tx.query(
    "insert into app_public.vendor_default_email_preferences (account_id, send_distribution) values ($1, true)",
    [issuer],
  );

  // Documents: an offering memorandum on the preferred stock, a statement on Emma's seed holding. Their files (small
  // PDFs) are written into the file storage by the server at start (demo-files.ts), where the storage is known.
  const memo = await id(
    tx,
    `insert into app_public.documents (name, type, extension, upload_status, uploaded_by_id, file_key, security_id)
     values ('Series A Offering Memorandum', 'security', 'pdf', 'uploaded', $1, $3, $2)
     returning id`,
    [issuer, preferred, DEMO_FILES.memorandum],
  );
  await tx.query(
    `insert into app_public.document_sharings (document_id, to_role, name) values
       ($1, 'investor', 'Investors'), ($1, 'broker', 'Brokers'), ($1, 'ats', 'Trading systems')`,
    [memo],
  );
  const statement = await id(
    tx,
    `insert into app_public.documents (name, type, extension, upload_status, uploaded_by_id, file_key, holding_id)
     select 'Seed round share statement', 'holding', 'pdf', 'uploaded', $1, $3, h.id
     from app_public.holdings h where h.distribution_id = $2 returning id`,
    [issuer, emmaSeed, DEMO_FILES.statement],
  );
  await tx.query(
    "insert into app_public.document_sharings (document_id, to_role, name) values ($1, 'investor', 'Investor')",
    [statement],
  );

  // The other issuer (nobody signs in to it): brokers read it, Northwind does not.
  const issuer2 = accounts.get("issuer2");
  const cascade = await id(
    tx,
    `insert into app_public.assets (issuer_id, name, type, status, authorized_total)
     values ($1, 'Cascade Common Stock', 'equity', 'active', 50000000) returning id`,
    [issuer2],
  );
  await tx.query(
    `insert into app_public.rounds (asset_id, name, terms_url, price, opens_on, closes_on, status, total)
     values ($1, 'Series Seed', 'https://dataroom.cascade-biotech.example/seed', 0.85, '2025-10-01T00:00:00Z',
             '2026-10-01T00:00:00Z', 'active', 6000000)`,
    [cascade],
  );

  // The broker: its own allocation on the accepted round, contacts, a managed issuer account.
  await actAs(tx, broker, "broker");
  const placement = await makeAllocation(
    tx,
    seriesA,
    broker,
    "Harborview Placement",
    "active",
    "2025-10-01T00:00:00Z",
    "2026-12-31T00:00:00Z",
  );
  await makeDistribution(tx, placement, "investor2@demo.test", "40000", "Kim Family Trust", "open");
  await tx.query(
    "select id from app_public.make_issuer_account('Summit Ridge Hospitality Group', 'cfo@summit-ridge.example')",
  );
  await tx.query(
    "insert into app_public.vendor_default_email_preferences (account_id, send_distribution) values ($1, false)",
    [broker],
  );

  // A contact is a person: the trust's contacts name its trustee (the account's contact name), as an ats contact would.
  await tx.query(
    `update app_public.customers c set name = a.contact_name from app_public.accounts a
      where a.id = c.investor_id and a.email = 'investor2@demo.test' and c.name = a.name`,
  );

  // The ats keeps its own contact list.
  await tx.query(
    "insert into app_public.customers (account_id, investor_id, email, name) values ($1, $2, 'investor@demo.test', 'Emma Lawson')",
    [ats, accounts.get("investor")],
  );
  await tx.query(
    `select set_config('jwt.claims.user_id', '', true), set_config('jwt.claims.account_id', '', true),
            set_config('jwt.claims.account_type', '', true), set_config('jwt.claims.role', '', true)`,
  );
}

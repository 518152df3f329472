// What each demo account reads, exactly, row by row (sync/seed/demo.ts), per spec part 1 section 6 and part 2
// section 6: issuers their own, brokers every issuer's assets and rounds plus the rounds they accepted, investors
// only their own, agents the distributions of allocations they are linked to, ats their listed securities and
// contacts, admins the reference data and accounts. The matrix is written out in docs/DATABASE.md.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../sync/db/database.ts";
import { asAccount, demoClaims, stopTestClusters, testTargets } from "../helpers/db.ts";
import { visibleLabels } from "./visibility.ts";

afterAll(stopTestClusters);

const N = "Northwind Renewables, Inc.";
const C = "Cascade Biotech Holdings";
const H = "Harborview Capital Markets LLC";
const A = "Keystone Transfer Agents";
const M = "Meridian Alternative Exchange";
const S = "Summit Ridge Hospitality Group";
const L = "Ledgerline Operations";
const EMMA = "Emma Lawson";
const KIM = "Kim Family Trust";
const PRIYA = "Priya Shah";
const JORDAN = "Jordan Blake";
const TAYLOR = "Taylor Brooks";
const DIRECTORY = [N, C, H, A, M, S];

const PREFERRED = "Northwind Series A Preferred Stock";
const NOTES = "Northwind 6.5% Green Notes 2030";
const FUND_UNITS = "Northwind Infrastructure Fund I LP Units";

const D = {
  emmaSeed: "Seed Allocation / Emma Lawson / 200000",
  kimSeed: "Seed Allocation / Kim Family Trust / 500000",
  jordanSeed: "Seed Allocation / Jordan Blake / 40000",
  kimFund: "First Close Allocation / Kim Family Trust / 25000",
  emmaNotes: "Tranche A Institutional / Emma Lawson / 25",
  kimNotes: "Tranche A Institutional / Kim Family Trust / 100",
  emmaSeriesA: "Series A Direct / Emma Lawson / 80000",
  priyaSeriesA: "Series A Direct / Priya Shah / 20000",
  kimSeriesA: "Series A Direct / Kim Family Trust / 160000",
  taylorSeriesA: "Series A Direct / Taylor Brooks / 12000",
  kimPlacement: "Harborview Placement / Kim Family Trust / 40000",
};
const SERIES_A_DIRECT = [D.emmaSeriesA, D.priyaSeriesA, D.kimSeriesA, D.taylorSeriesA];

const HOLDINGS = {
  emmaSeed: `Seed / ${EMMA} / 200000`,
  kimSeed: `Seed / ${KIM} / 500000`,
  jordanSeed: `Seed / ${JORDAN} / 40000`,
  kimFund: `First Close / ${KIM} / 25000`,
  emmaNotes: `Tranche A / ${EMMA} / 25`,
};

const PAYMENTS = {
  emmaSeed: "Emma Lawson 200000 paid 100000",
  kimSeed: "Kim Family Trust 500000 paid 250000",
  jordanSeed: "Jordan Blake 40000 paid 20000",
  kimFund: "Kim Family Trust 25000 paid 250000",
  emmaNotes: "Emma Lawson 25 paid 25000",
  kimSeriesA: "Kim Family Trust 160000 paid 200000",
};

const ALL_DISTRIBUTIONS = Object.values(D);
const ISSUER_ROUNDS = ["Seed", "Series A", "Series B", "Bridge 2023", "Tranche A", "First Close"];
const MEMO = "Series A Offering Memorandum";
const STATEMENT = "Seed round share statement";

type Expected = Record<string, string[]>;

function sorted(expected: Expected): Expected {
  return Object.fromEntries(Object.entries(expected).map(([table, labels]) => [table, [...labels].sort()]));
}

const issuerView: Expected = {
  accounts: [...DIRECTORY, EMMA, KIM, JORDAN, PRIYA, TAYLOR],
  users: ["Olivia Hart", "Sam Patel", "Jordan Blake"],
  assets: ["Northwind Series A Preferred", "Northwind Green Bonds 2030", "Northwind Infrastructure Fund I"],
  rounds: ISSUER_ROUNDS,
  securities: [PREFERRED, NOTES, FUND_UNITS],
  tranche_bond_data: ["Tranche A"],
  security_listings: [PREFERRED],
  capital_deployments: ["Columbia Gorge solar array", "Battery storage retrofit"],
  allocations: [
    "Seed Allocation",
    "Series A Direct",
    "Tranche A Institutional",
    "First Close Allocation",
    "Series A Employees",
    "Harborview Placement",
  ],
  broker_allocations: ["Harborview Series A placement accepted", "Harborview Green Bonds placement sent"],
  allocation_offering_links: ["Keystone onboarding link"],
  allocation_annotations: ["Priority for existing shareholders until March."],
  allocation_email_preferences: ["Series A Direct"],
  vesting_schedules: ["12 periods", "24 periods"],
  distributions: ALL_DISTRIBUTIONS,
  distribution_payments: Object.values(PAYMENTS),
  distribution_annotations: ["Wire received, awaiting countersigned subscription agreement."],
  distribution_custom_fields: ["Referral source"],
  holdings: Object.values(HOLDINGS),
  transactions: [`Seed / ${EMMA}`, `Seed / ${KIM}`, `Seed / ${JORDAN}`, `First Close / ${KIM}`, `Tranche A / ${EMMA}`],
  ledger_entries: [`${EMMA} 200000`, `${KIM} 500000`, `${JORDAN} 40000`, `${KIM} 25000`, `${EMMA} 25`],
  customers: [
    "investor@demo.test",
    "investor2@demo.test",
    "multi@demo.test",
    "newinvestor@demo.test",
    "terms@demo.test",
  ],
  documents: [MEMO, STATEMENT],
  managed_accounts: [],
  vendor_default_email_preferences: [N],
  addresses: ["1200 Harbor Way, Suite 400"],
  parties: [],
};

const brokerView: Expected = {
  accounts: [...DIRECTORY, EMMA, KIM, PRIYA, TAYLOR],
  users: ["Marcus Reed", "Jordan Blake"],
  assets: [
    "Northwind Series A Preferred",
    "Northwind Green Bonds 2030",
    "Northwind Infrastructure Fund I",
    "Cascade Common Stock",
  ],
  rounds: [...ISSUER_ROUNDS, "Series Seed"],
  securities: [PREFERRED, NOTES, FUND_UNITS],
  tranche_bond_data: ["Tranche A"],
  security_listings: [PREFERRED],
  capital_deployments: ["Columbia Gorge solar array", "Battery storage retrofit"],
  allocations: ["Series A Direct", "Series A Employees", "Harborview Placement"],
  broker_allocations: ["Harborview Series A placement accepted", "Harborview Green Bonds placement sent"],
  allocation_offering_links: ["Keystone onboarding link"],
  allocation_annotations: ["Priority for existing shareholders until March."],
  allocation_email_preferences: ["Series A Direct"],
  vesting_schedules: ["12 periods", "24 periods"],
  distributions: [...SERIES_A_DIRECT, D.kimPlacement],
  distribution_payments: [],
  distribution_annotations: ["Wire received, awaiting countersigned subscription agreement."],
  distribution_custom_fields: ["Referral source"],
  holdings: [],
  transactions: [],
  ledger_entries: [],
  customers: ["investor2@demo.test"],
  documents: [MEMO],
  managed_accounts: [S],
  vendor_default_email_preferences: [H],
  addresses: [],
  parties: [],
};

const emmaView: Expected = {
  accounts: [EMMA, N],
  users: ["Emma Lawson"],
  assets: ["Northwind Series A Preferred", "Northwind Green Bonds 2030"],
  rounds: ["Seed", "Series A", "Tranche A"],
  securities: [PREFERRED, NOTES],
  tranche_bond_data: ["Tranche A"],
  security_listings: [PREFERRED],
  capital_deployments: [],
  allocations: ["Seed Allocation", "Series A Direct", "Tranche A Institutional"],
  broker_allocations: [],
  allocation_offering_links: [],
  allocation_annotations: [],
  allocation_email_preferences: [],
  vesting_schedules: ["12 periods", "24 periods"],
  distributions: [D.emmaSeed, D.emmaNotes, D.emmaSeriesA],
  distribution_payments: [PAYMENTS.emmaSeed, PAYMENTS.emmaNotes],
  distribution_annotations: [],
  distribution_custom_fields: [],
  holdings: [HOLDINGS.emmaSeed, HOLDINGS.emmaNotes],
  transactions: [`Seed / ${EMMA}`, `Tranche A / ${EMMA}`],
  ledger_entries: [`${EMMA} 200000`, `${EMMA} 25`],
  customers: [],
  documents: [MEMO, STATEMENT],
  managed_accounts: [],
  vendor_default_email_preferences: [],
  addresses: ["48 Maple Street"],
  parties: [],
};

const kimView: Expected = {
  accounts: [KIM, N, H],
  users: ["Daniel Kim"],
  assets: ["Northwind Series A Preferred", "Northwind Green Bonds 2030", "Northwind Infrastructure Fund I"],
  rounds: ["Seed", "Series A", "Tranche A", "First Close"],
  securities: [PREFERRED, NOTES, FUND_UNITS],
  tranche_bond_data: ["Tranche A"],
  security_listings: [PREFERRED],
  capital_deployments: ["Columbia Gorge solar array", "Battery storage retrofit"],
  allocations: [
    "Seed Allocation",
    "First Close Allocation",
    "Series A Direct",
    "Tranche A Institutional",
    "Harborview Placement",
  ],
  broker_allocations: [],
  allocation_offering_links: [],
  allocation_annotations: [],
  allocation_email_preferences: [],
  vesting_schedules: ["12 periods"],
  distributions: [D.kimSeed, D.kimFund, D.kimSeriesA, D.kimNotes, D.kimPlacement],
  distribution_payments: [PAYMENTS.kimSeed, PAYMENTS.kimFund, PAYMENTS.kimSeriesA],
  distribution_annotations: [],
  distribution_custom_fields: [],
  holdings: [HOLDINGS.kimSeed, HOLDINGS.kimFund],
  transactions: [`Seed / ${KIM}`, `First Close / ${KIM}`],
  ledger_entries: [`${KIM} 500000`, `${KIM} 25000`],
  customers: [],
  documents: [MEMO],
  managed_accounts: [],
  vendor_default_email_preferences: [],
  addresses: ["902 Lakeview Drive"],
  parties: ["Daniel Kim"],
};

const priyaView: Expected = {
  accounts: [PRIYA, N],
  assets: ["Northwind Series A Preferred"],
  rounds: ["Series A"],
  securities: [PREFERRED],
  allocations: ["Series A Direct"],
  distributions: [D.priyaSeriesA],
  distribution_payments: [],
  holdings: [],
  transactions: [],
  customers: [],
  documents: [MEMO],
};

const agentView: Expected = {
  accounts: [...DIRECTORY, EMMA, KIM, PRIYA, TAYLOR],
  users: ["Laura Chen"],
  assets: ["Northwind Series A Preferred"],
  rounds: ["Series A"],
  securities: [PREFERRED],
  allocations: ["Series A Direct"],
  broker_allocations: [],
  allocation_offering_links: ["Keystone onboarding link"],
  distributions: SERIES_A_DIRECT,
  distribution_prices: [],
  distribution_payments: [],
  holdings: [],
  transactions: [],
  ledger_entries: [],
  customers: [],
  documents: [],
  managed_accounts: [],
};

const atsView: Expected = {
  accounts: [...DIRECTORY, EMMA],
  users: ["Victor Alvarez"],
  assets: ["Northwind Series A Preferred"],
  rounds: ["Seed", "Series A"],
  securities: [PREFERRED],
  security_listings: [PREFERRED],
  allocations: [],
  distributions: [],
  holdings: [],
  transactions: [],
  customers: ["investor@demo.test"],
  documents: [MEMO],
};

const adminView: Expected = {
  accounts: [...DIRECTORY, L, EMMA, KIM, PRIYA, JORDAN, TAYLOR],
  users: ["Ada Morgan"],
  assets: [],
  rounds: [],
  securities: [],
  allocations: [],
  distributions: [],
  holdings: [],
  transactions: [],
  customers: [],
  documents: [],
};

describe.each(testTargets)("row-level security, reads, on $name", (target) => {
  let db: Database;
  beforeAll(async () => {
    db = await target.create({ demo: true });
  });
  afterAll(async () => {
    await db?.close();
  });

  async function expectView(email: string, expected: Expected, accountType?: string): Promise<void> {
    const claims = await demoClaims(db, email, accountType);
    const actual = await visibleLabels(db, claims, Object.keys(expected));
    expect(actual).toEqual(sorted(expected));
  }

  it("issuer owner reads its own assets, rounds, allocations, distributions, holdings and contacts", async () => {
    await expectView("issuer@demo.test", issuerView);
  });

  it("issuer viewer reads exactly what the issuer owner reads", async () => {
    await expectView("issuer-viewer@demo.test", issuerView);
  });

  it("a user admin of the issuer reads the issuer's data", async () => {
    await expectView("multi@demo.test", issuerView, "issuer");
  });

  it("broker reads every issuer's assets and rounds, and the allocations of the round it accepted", async () => {
    await expectView("broker@demo.test", brokerView);
  });

  it("a broker viewer reads what the broker owner reads, plus the accounts the user belongs to", async () => {
    await expectView(
      "multi@demo.test",
      { ...brokerView, accounts: [...(brokerView.accounts ?? []), JORDAN], addresses: ["1200 Harbor Way, Suite 400"] },
      "broker",
    );
  });

  it("investor reads only its own account, distributions and holdings and what is needed to show them", async () => {
    await expectView("investor@demo.test", emmaView);
  });

  it("a trust investor also sees the broker whose allocation it bought in", async () => {
    await expectView("investor2@demo.test", kimView);
  });

  it("an investor whose setup is not done sees its invitation only", async () => {
    await expectView("newinvestor@demo.test", priyaView);
  });

  it("agent reads the distributions of the allocation it is linked to, without prices", async () => {
    await expectView("agent@demo.test", agentView);
  });

  it("ats reads the securities listed on it and its contacts", async () => {
    await expectView("ats@demo.test", atsView);
  });

  it("admin reads every account and no issuer data", async () => {
    await expectView("admin@demo.test", adminView);
  });

  it("every signed-in account reads the reference tables", async () => {
    for (const email of ["issuer@demo.test", "investor@demo.test", "admin@demo.test", "agent@demo.test"]) {
      const claims = await demoClaims(db, email);
      const counts = await asAccount(db, claims, async (tx) => {
        const { rows } = await tx.query<{
          countries: number;
          types: string;
          currencies: string;
          investor_types: number;
        }>(
          `select (select count(*)::int from app_public.countries) as countries,
                  (select string_agg(type, ',' order by type) from app_public.asset_types) as types,
                  (select string_agg(id || ':' || code, ',') from app_public.currencies) as currencies,
                  (select count(*)::int from app_public.investor_account_types) as investor_types`,
        );
        return rows[0];
      });
      expect(counts).toEqual({ countries: 38, types: "debt,equity,fund", currencies: "1:USD", investor_types: 20 });
    }
  });

  it("a user with no account selected reads only their own user, memberships and accounts", async () => {
    const { userId } = await demoClaims(db, "multi@demo.test");
    const view = await visibleLabels(db, { userId }, [
      "users",
      "users_accounts",
      "accounts",
      "assets",
      "distributions",
      "customers",
      "terms_acceptances",
    ]);
    expect(view).toEqual(
      sorted({
        users: ["Jordan Blake"],
        users_accounts: [
          `Jordan @ ${N} account_admin`,
          `Jordan @ ${H} account_viewer`,
          `Jordan @ ${JORDAN} account_owner`,
        ],
        accounts: [N, H, JORDAN],
        assets: [],
        distributions: [],
        customers: [],
        terms_acceptances: ["Jordan"],
      }),
    );
  });

  it("members of an account see its delegates (users, emails, memberships); others do not", async () => {
    const viewer = await demoClaims(db, "issuer-viewer@demo.test");
    expect(await visibleLabels(db, viewer, ["users_accounts", "user_emails"])).toEqual(
      sorted({
        users_accounts: [`Olivia @ ${N} account_owner`, `Sam @ ${N} account_viewer`, `Jordan @ ${N} account_admin`],
        user_emails: ["issuer@demo.test", "issuer-viewer@demo.test", "multi@demo.test"],
      }),
    );
    const emma = await demoClaims(db, "investor@demo.test");
    expect(await visibleLabels(db, emma, ["users_accounts", "user_emails"])).toEqual({
      users_accounts: [`Emma @ ${EMMA} account_owner`],
      user_emails: ["investor@demo.test"],
    });
  });

  it("nobody signed in reads nothing but the reference data", async () => {
    const view = await visibleLabels(db, {}, ["users", "accounts", "assets", "rounds", "terms_of_service", "holdings"]);
    expect(view).toEqual({ users: [], accounts: [], assets: [], rounds: [], terms_of_service: [], holdings: [] });
  });
});

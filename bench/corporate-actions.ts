// A split across a large security (issue 32): figures, not pass/fail.
//
//   npx node bench/corporate-actions.ts [--holdings 50000] [--reverse]
//
// Starts the real server in-process (in-memory PGlite, migrated, demo data), seeds the scale issuer
// (sync/seed/scale.ts: N holdings of one security), and times, on the same rows:
// - the limit: one plain `update holdings set amount = amount * 2` of the security's holdings, in a transaction
//   rolled back (the least any split must do: every row written once);
// - the product: split_security 2 for 1 (splitSecurity's function) as the issuer's owner, role app_user with the
//   session's claims as a request sets them, in one transaction (checks, the rule per holding, one
//   transaction row, a ledger entry and an action line per holding, the holdings, the authorized units, the
//   change log's triggers); with --reverse, then a 1 for 3 reverse split with cash in lieu.
// Prints the figures and the load average; bench/README.md keeps the run's figures by hand.
import { cpus, loadavg } from "node:os";
import { parseArgs } from "node:util";
import { SCALE_EMAIL, seedScale } from "../sync/seed/scale.ts";
import { asAccount } from "../tests/helpers/db.ts";
import { startTestServer } from "../tests/helpers/server.ts";

const { values } = parseArgs({
  options: { holdings: { type: "string", default: "50000" }, reverse: { type: "boolean", default: false } },
});
const holdings = Number(values.holdings);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" / ");

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - started };
}
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

class RolledBack extends Error {}

console.log(`load average before (1 / 5 / 15 min): ${load()}, ${cpus().length} cores`);
const t = await startTestServer();
try {
  const db = t.server.db;
  const { issuerId } = await seedScale(db, { holdings });
  const { rows } = await db.query<{ id: string; n: number }>(
    `select s.id, count(h.id)::int as n from app_public.securities s
       join app_public.holdings h on h.security_id = s.id
      where s.issuer_id = $1 group by s.id order by n desc limit 1`,
    [issuerId],
  );
  const securityId = rows[0]?.id ?? "";
  console.log(`security ${securityId}: ${rows[0]?.n} holdings`);
  const { rows: users } = await db.query<{ id: string }>(
    "select user_id as id from app_public.user_emails where email = $1",
    [SCALE_EMAIL],
  );
  const claims = { userId: users[0]?.id, accountId: issuerId, accountType: "issuer", role: "account_owner" };

  const plain = await timed(async () => {
    let updated = 0;
    await db
      .transaction(async (tx) => {
        const result = await tx.query<{ n: number }>(
          `with u as (update app_public.holdings set amount = amount * 2 where security_id = $1 and amount > 0
                      returning 1)
           select count(*)::int as n from u`,
          [securityId],
        );
        updated = result.rows[0]?.n ?? 0;
        throw new RolledBack();
      })
      .catch((error) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    return updated;
  });
  console.log(`plain UPDATE of ${plain.value} rows (rolled back): ${seconds(plain.ms)}`);

  const split = (ratioNew: number, ratioOld: number) =>
    timed(async () => {
      // through HTTP the request would outlast fetch's 300 s header timeout on a loaded machine
      const { rows: done } = await asAccount(db, claims, (tx) =>
        tx.query<{ units_after: string }>(
          "select trim_scale(units_after)::text as units_after from app_public.split_security($1, $2, $3, 1.5)",
          [securityId, ratioNew, ratioOld],
        ),
      );
      return done[0]?.units_after;
    });
  const up = await split(2, 1);
  console.log(
    `splitSecurity 2 for 1: ${seconds(up.ms)} (units after ${up.value}), ${(up.ms / plain.ms).toFixed(1)}x the plain UPDATE`,
  );
  if (values.reverse) {
    const down = await split(1, 3);
    console.log(
      `splitSecurity 1 for 3 (cash in lieu): ${seconds(down.ms)} (units after ${down.value}), ${(down.ms / plain.ms).toFixed(1)}x the plain UPDATE`,
    );
  }
} finally {
  await t.close();
  console.log(`load average after (1 / 5 / 15 min): ${load()}`);
}

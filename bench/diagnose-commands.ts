// Where a queued command's time goes (bench/README.md "Analysis"): 100 makeCustomer calls as the demo issuer
// straight in SQL (role app_user, claims set, one transaction, a savepoint each like the command endpoint), with
// and without the replication trigger on customers.
//   node bench/diagnose-commands.ts
import { PGlite } from "@electric-sql/pglite";
import { wrapPglite } from "../sync/db/database.ts";
import { migrate } from "../sync/db/migrate.ts";
import { seedDemo } from "../sync/seed/demo.ts";

const pg = await PGlite.create();
const db = wrapPglite(pg);
await migrate(db);
await seedDemo(db);
const issuer = await db.query<{ account_id: string; user_id: string }>(
  `select ua.account_id, ua.user_id from app_public.users_accounts ua
   join app_public.user_emails e on e.user_id = ua.user_id
   join app_public.accounts a on a.id = ua.account_id
   where e.email = 'issuer@demo.test' and a.type = 'issuer' limit 1`,
);
const who = issuer.rows[0];
if (!who) throw new Error("no demo issuer");

async function run(label: string, count: number, withTrigger: boolean): Promise<void> {
  await pg.transaction(async (tx) => {
    if (!withTrigger) await tx.exec("set local session_replication_role = replica");
    await tx.query(
      `select set_config('jwt.claims.account_id', $1, true), set_config('jwt.claims.user_id', $2, true),
              set_config('jwt.claims.account_type', 'issuer', true), set_config('jwt.claims.role', 'account_owner', true)`,
      [who?.account_id, who?.user_id],
    );
    await tx.exec("set local role app_user");
    const started = performance.now();
    for (let i = 0; i < count; i++) {
      await tx.exec("savepoint c");
      await tx.query("select app_public.make_customer($1, $2, gen_random_uuid())", [
        `diag-${label.replace(/\W/g, "")}-${i}-${Date.now()}@bench.test`,
        `Diagnosis Contact ${i}`,
      ]);
      await tx.exec("release savepoint c");
    }
    const elapsed = performance.now() - started;
    console.log(
      `${label}: ${(elapsed / count).toFixed(1)} ms per command (${((count / elapsed) * 1000).toFixed(0)}/s)`,
    );
  });
}

await run("make_customer in SQL, replication trigger on", 100, true);
await run("make_customer in SQL, triggers off (replica)", 100, false);
await pg.close();

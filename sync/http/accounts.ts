// The identity queries the sign-in flow needs. They run as the server (not as app_user): the flow decides what a
// session may do, so it reads memberships and terms directly.
import type { Database, Sql } from "../db/database.ts";
import { hashPassword } from "./passwords.ts";

const HOMES: Record<string, string> = {
  issuer: "/dashboard",
  broker: "/dashboard",
  agent: "/distributions",
  ats: "/securities",
  investor: "/portfolio",
  admin: "/admin/",
};

export function homeOf(accountType: string): string {
  return HOMES[accountType] ?? "/account-role";
}

interface UserCredentials {
  userId: string;
  passwordHash: string | null;
  status: string;
}

export async function findUserByEmail(db: Sql, email: string): Promise<UserCredentials | null> {
  const { rows } = await db.query<{ user_id: string; password_hash: string | null; status: string }>(
    `select u.id as user_id, s.password_hash, u.status
       from app_public.user_emails e
       join app_public.users u on u.id = e.user_id
       left join app_private.user_secrets s on s.user_id = u.id
      where lower(e.email) = lower($1)
      limit 1`,
    [email],
  );
  const row = rows[0];
  return row ? { userId: row.user_id, passwordHash: row.password_hash, status: row.status } : null;
}

interface NewUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Creates the user, its primary email and its password hash; null when the email is already taken. */
export async function createUser(db: Database, user: NewUser): Promise<string | null> {
  const passwordHash = await hashPassword(user.password);
  return db.transaction(async (tx) => {
    if (await findUserByEmail(tx, user.email)) return null;
    const { rows } = await tx.query<{ id: string }>(
      "insert into app_public.users (first_name, last_name) values ($1, $2) returning id",
      [user.firstName, user.lastName],
    );
    const userId = rows[0]?.id;
    if (!userId) throw new Error("insert into users returned no id");
    await tx.query("insert into app_public.user_emails (user_id, email, is_primary) values ($1, $2, true)", [
      userId,
      user.email,
    ]);
    await tx.query("insert into app_private.user_secrets (user_id, password_hash) values ($1, $2)", [
      userId,
      passwordHash,
    ]);
    return userId;
  });
}

export async function hasPendingTerms(db: Sql, userId: string): Promise<boolean> {
  const { rows } = await db.query<{ pending: boolean }>(
    `select exists (
       select 1 from app_public.terms_of_service t
        where t.active
          and not exists (select 1 from app_public.terms_acceptances a where a.terms_id = t.id and a.user_id = $1)
     ) as pending`,
    [userId],
  );
  return rows[0]?.pending ?? false;
}

interface Membership {
  accountId: string;
  accountType: string;
  role: string;
}

export async function activeMemberships(db: Sql, userId: string): Promise<Membership[]> {
  const { rows } = await db.query<{ account_id: string; type: string; role: string }>(
    `select ua.account_id, a.type, ua.role
       from app_public.users_accounts ua
       join app_public.accounts a on a.id = ua.account_id
      where ua.user_id = $1 and ua.status = 'active'
      order by a.name`,
    [userId],
  );
  return rows.map((row) => ({ accountId: row.account_id, accountType: row.type, role: row.role }));
}

// encrypted_form answers at rest (sync/database/onboarding/30_step_answers.sql), on PGlite (pgcrypto loaded as an
// extension) and on real PostgreSQL: the stored bytes do not hold the answers, nothing is stored without the key,
// and stepAnswers decrypts them for the step's investor and the allocation's staff only, with the key the server
// passes per transaction.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Sql } from "../../sync/db/database.ts";
import { asAccount, type Claims, demoClaims, stopTestClusters, testTargets } from "../helpers/db.ts";

const KEY = "test-key-3f9a1c7e5b2d4f6a8c0e";
const withKey = (tx: Sql, key = KEY) => tx.query("select set_config('ll.encryption_key', $1, true)", [key]);
const ANSWERS = { taxId: "987654321" };

describe.each(testTargets)("encrypted answers on $name", (target) => {
  let db: Database;
  let investor: Claims;
  let investor2: Claims;
  let issuer: Claims;
  let encryptedStep: string;
  let formStep: string;

  beforeAll(async () => {
    db = await target.create({ demo: true });
    investor = await demoClaims(db, "investor@demo.test", "investor");
    investor2 = await demoClaims(db, "investor2@demo.test", "investor");
    issuer = await demoClaims(db, "issuer@demo.test", "issuer");
    const { rows } = await db.query<{ id: string; type: string }>(
      `select s.id, s.type from app_public.steps s join app_public.processes p on p.id = s.process_id
       where p.investor_id = $1 and s.type in ('form', 'encrypted_form') order by s.type, s."order"`,
      [investor.accountId],
    );
    encryptedStep = rows.find((row) => row.type === "encrypted_form")?.id ?? "";
    formStep = rows.find((row) => row.type === "form")?.id ?? "";
    expect(encryptedStep && formStep).toBeTruthy();
  });
  afterAll(async () => {
    await db?.close();
    await stopTestClusters();
  });

  const submit = (stepId: string, data: unknown, key: string | null = KEY) =>
    db.transaction(async (tx) => {
      if (key) await withKey(tx, key);
      await tx.query("insert into app_private.step_submissions (step_id, data) values ($1, $2)", [stepId, data]);
    });

  const answersAs = (claims: Claims, stepId: string, key = KEY) =>
    asAccount(db, claims, async (tx) => {
      await withKey(tx, key);
      return (await tx.query<{ answers: unknown }>("select app_public.step_answers($1) as answers", [stepId])).rows[0]
        ?.answers;
    });

  it("stores sealed bytes without the answer, and refuses to store anything without the key", async () => {
    await expect(submit(encryptedStep, { taxId: "111111111" }, null)).rejects.toThrow(/encryption key/);
    await submit(encryptedStep, ANSWERS);
    const { rows } = await db.query<{ data: unknown; sealed: Uint8Array }>(
      "select data, sealed from app_private.step_submissions where step_id = $1",
      [encryptedStep],
    );
    expect(rows.length).toBe(1);
    expect(rows[0]?.data).toBeNull();
    const bytes = Buffer.from(rows[0]?.sealed ?? []);
    expect(bytes.length).toBeGreaterThan(0);
    expect(bytes.includes(ANSWERS.taxId)).toBe(false);
    expect(bytes.includes("111111111")).toBe(false);
    // A plain form step keeps its answers as they are.
    await submit(formStep, { legalName: "Emma Lawson" });
    const plain = await db.query<{ data: unknown }>(
      "select data from app_private.step_submissions where step_id = $1",
      [formStep],
    );
    expect(plain.rows[0]?.data).toEqual({ legalName: "Emma Lawson" });
  });

  it("reads the answers back for the investor and the issuer, not for another investor, and only with the key", async () => {
    expect(await answersAs(investor, encryptedStep)).toEqual(ANSWERS);
    expect(await answersAs(issuer, encryptedStep)).toEqual(ANSWERS);
    expect(await answersAs(investor2, encryptedStep)).toBeNull();
    expect(await answersAs(issuer, formStep)).toEqual({ legalName: "Emma Lawson" });
    await expect(answersAs(investor, encryptedStep, "some-other-key")).rejects.toThrow();
    // app_user cannot call the decryption itself.
    await expect(
      asAccount(db, investor, async (tx) => {
        await withKey(tx);
        return tx.query("select app_private.unseal(sealed) from app_private.step_submissions");
      }),
    ).rejects.toThrow(/permission denied/);
  });
});

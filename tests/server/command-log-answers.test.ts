// A step's answers sent through POST /api/v2/commands: the step stores an encrypted_form's answers sealed, and the
// command log (kept for exactly-once delivery) keeps only their field names, never the values in clear.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CommandResult } from "../../src/domain/wire.ts";
import { startTestServer, type TestServer } from "../helpers/server.ts";
import { signInAs } from "../sync/harness.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ seedDemo: true });
});
afterAll(async () => {
  await t?.close();
});

describe("the command log and a step's answers", () => {
  it("applies completeStep with the answers and logs only their field names", async () => {
    const emma = await signInAs(t.client(), "investor@demo.test", "investor");
    const { rows: steps } = await t.server.db.query<{ id: string; type: string }>(
      `select s.id, s.type from app_public.steps s join app_public.processes p on p.id = s.process_id
         join app_public.distributions d on d.id = p.distribution_id
         join app_public.allocations al on al.id = d.allocation_id
         join app_public.accounts a on a.id = d.investor_id
       where a.email = 'investor@demo.test' and al.name = 'Series A Direct' and d.status = 'open'
         and s.parent_id is null order by s."order" limit 3`,
    );
    expect(steps.map((step) => step.type).at(-1)).toBe("encrypted_form");
    const answers = [
      {},
      { legalName: "Emma Lawson", annualIncome: "120000", accredited: "Yes", residency: "Canada" },
      { taxId: "555443333" },
    ];
    const commands = steps.map((step, index) => ({
      key: crypto.randomUUID(),
      mutation: "completeStep",
      variables: { input: { stepId: step.id, blob: answers[index] } },
      userId: emma.userId,
      accountId: emma.accountId,
      createdOn: new Date().toISOString(),
      deviceId: "command-log-answers-test",
      seq: index + 1,
    }));
    const response = await emma.client.fetch("/api/v2/commands", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(commands),
    });
    const { results } = (await response.json()) as { results: CommandResult[] };
    expect(results.map((result) => result.status)).toEqual(["accepted", "accepted", "accepted"]);

    const { rows: logged } = await t.server.db.query<{ blob: unknown }>(
      `select variables -> 'input' -> 'blob' as blob from app_private.command_log
        where idempotency_key = any($1::uuid[]) order by device_seq`,
      [commands.map((command) => command.key)],
    );
    expect(logged.map((row) => row.blob)).toEqual([
      {},
      { legalName: "[redacted]", annualIncome: "[redacted]", accredited: "[redacted]", residency: "[redacted]" },
      { taxId: "[redacted]" },
    ]);
    // the step itself has what was answered: the issuer reads it back
    const issuer = await signInAs(t.client(), "issuer@demo.test", "issuer");
    const read = await issuer.client.graphql<{ stepAnswers: unknown }>(
      "query ($id: UUID!) { stepAnswers(stepId: $id) }",
      { id: steps[2]?.id },
    );
    expect(read.data?.stepAnswers).toEqual({ taxId: "555443333" });
  });
});

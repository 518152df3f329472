// Test helper of the outbox's and the pending overlay's suites (outbox.test.ts, outbox/sender.test.ts, pending*.test.ts,
// replication/collection-pull.test.ts): a queued command as the outbox stores it (outbox/store.ts add), pending and
// unanswered, made by user "u" of account "a" on device "d", with the fields a test names laid over it.
import type { OutboxCommand } from "../models/outbox.ts";

export function outboxCommand(fields: Partial<OutboxCommand> & Pick<OutboxCommand, "mutation">): OutboxCommand {
  return {
    id: crypto.randomUUID(),
    variables: {},
    userId: "u",
    accountId: "a",
    deviceId: "d",
    seq: 1,
    createdOn: new Date(0).toISOString(),
    status: "pending",
    errorCode: null,
    errorMessage: null,
    attempts: 0,
    answeredOn: null,
    replaces: null,
    ...fields,
  };
}

// One command sent as a device sends it (POST /api/v2/commands, a batch of one), for server tests that bypass the
// client: the signed-in client, its user and chosen account, a device id naming the test, and a sequence number that
// grows through the test file (each file has its own module, so its own numbers).
import type { CommandResult, CommandsAnswer } from "../../src/domain/wire.ts";
import type { TestClient } from "./server.ts";

export interface CommandSender {
  client: TestClient;
  userId: string;
  accountId: string;
}

let seq = 0;

/** Sends `mutation` with `input` once (a new key each call) and returns its result; throws unless the answer is 200. */
export async function sendCommand(
  who: CommandSender,
  deviceId: string,
  mutation: string,
  input: Record<string, unknown>,
): Promise<CommandResult> {
  const response = await who.client.fetch("/api/v2/commands", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify([
      {
        key: crypto.randomUUID(),
        mutation,
        variables: { input },
        userId: who.userId,
        accountId: who.accountId,
        createdOn: new Date().toISOString(),
        deviceId,
        seq: ++seq,
      },
    ]),
  });
  if (response.status !== 200) throw new Error(`commands answered ${response.status}: ${await response.text()}`);
  const result = ((await response.json()) as CommandsAnswer).results[0];
  if (!result) throw new Error("commands answered no result");
  return result;
}

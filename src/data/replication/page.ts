// One page of a read model's documents after a checkpoint (docs/REPLICATION.md "Change log and pull"): through the
// pull endpoint (POST /api/v2/pull, transport.pullUrl) when the transport names one, else the GraphQL field
// pullDocuments; a server without the endpoint (404) switches every later fetch to the GraphQL field. Tombstones
// ({id, _deleted: true}) are filled with blank required fields; each page carries the time its request was sent.
import type { RxJsonSchema } from "rxdb";
import type { PullAnswer, PullCheckpoint, PullRequest } from "../../domain/wire.ts";
import type { ReadModelName } from "../models/index.ts";
import type { SyncTransport } from "../transport.ts";

export type Checkpoint = PullCheckpoint;

/** A page as fetched, with the time its request was sent (ISO). */
export type Fetched = PullAnswer & { sentOn: string };

const PULL_QUERY = /* GraphQL */ `
  query pullDocuments($model: String!, $afterTxid: String!, $afterSeq: BigInt!, $lim: Int!) {
    pullDocuments(model: $model, afterTxid: $afterTxid, afterSeq: $afterSeq, lim: $lim)
  }
`;

/** A tombstone ({id, _deleted: true}) still has to satisfy the collection's required and indexed fields. */
export function blankFields(schema: RxJsonSchema<unknown>): Record<string, unknown> {
  const blank: Record<string, unknown> = {};
  const properties = (schema.properties ?? {}) as Record<string, { type?: string | string[] }>;
  for (const field of schema.required ?? []) {
    const type = properties[field as string]?.type;
    const first = Array.isArray(type) ? type[0] : type;
    blank[field as string] = first === "integer" || first === "number" ? 0 : first === "boolean" ? false : "";
  }
  return blank;
}

function pullAnswer(data: unknown, blank: Record<string, unknown>): PullAnswer {
  const parsed = (typeof data === "string" ? JSON.parse(data) : data) as PullAnswer;
  return {
    checkpoint: parsed.checkpoint,
    documents: parsed.documents.map((doc) => (doc._deleted === true ? { ...blank, ...doc } : doc)),
  };
}

/** A server without the pull endpoint (an older one behind a newer cached app): the GraphQL field serves. */
const ENDPOINT_MISSING = Symbol("no pull endpoint");

/** One page of documents after `checkpoint`, from the pull endpoint or the GraphQL field (parsed, not yet blanked). */
async function fetchPage(
  transport: SyncTransport,
  model: ReadModelName,
  checkpoint: Checkpoint | undefined,
  limit: number,
  useEndpoint: boolean,
): Promise<unknown> {
  const afterTxid = checkpoint?.txid ?? "0";
  const afterSeq = String(checkpoint?.seq ?? 0);
  const headers = { "content-type": "application/json", accept: "application/json" };
  if (useEndpoint && transport.pullUrl) {
    const response = await transport.fetch(transport.pullUrl, {
      method: "POST",
      headers,
      body: JSON.stringify({ model, afterTxid, afterSeq, limit } satisfies PullRequest),
    });
    if (response.status === 404) return ENDPOINT_MISSING;
    if (!response.ok) throw new Error(await errorText(response));
    return response.json();
  }
  const response = await transport.fetch(transport.graphqlUrl, {
    method: "POST",
    headers,
    body: JSON.stringify({
      query: PULL_QUERY,
      operationName: "pullDocuments",
      variables: { model, afterTxid, afterSeq, lim: limit },
    }),
  });
  if (!response.ok && response.status !== 400) throw new Error(await errorText(response));
  const body = (await response.json()) as { data?: { pullDocuments?: unknown } | null; errors?: unknown[] };
  if (body.errors?.length || body.data?.pullDocuments == null) throw new Error(errorMessage(body, response.status));
  return body.data.pullDocuments;
}

async function errorText(response: Response): Promise<string> {
  const text = await response.text().catch(() => "");
  try {
    return errorMessage(JSON.parse(text), response.status);
  } catch {
    return `The pull failed (HTTP ${response.status}).`;
  }
}

function errorMessage(body: unknown, status: number): string {
  const errors = (body as { errors?: Array<{ message?: unknown }> } | null)?.errors;
  const message = Array.isArray(errors) ? errors[0]?.message : undefined;
  return typeof message === "string" ? message : `The pull failed (HTTP ${status}).`;
}

/** Fetches pages for every collection of one replication (one endpoint choice shared by all of them). */
export type PageFetcher = (
  model: ReadModelName,
  blank: Record<string, unknown>,
  checkpoint: Checkpoint | undefined,
  limit: number,
) => Promise<Fetched>;

export function createPageFetcher(transport: SyncTransport, now: () => Date): PageFetcher {
  let useEndpoint = !!transport.pullUrl;
  return async (model, blank, checkpoint, limit) => {
    const sentOn = now().toISOString();
    let data = await fetchPage(transport, model, checkpoint, limit, useEndpoint);
    if (data === ENDPOINT_MISSING) {
      useEndpoint = false;
      data = await fetchPage(transport, model, checkpoint, limit, false);
    }
    return { ...pullAnswer(data, blank), sentOn };
  };
}

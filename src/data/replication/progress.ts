// The replication's progress (Replication.progress$, read by sync-status.ts and the first-sync screen): collections
// whose first pull ended, documents received against the documents a first sync is expected to bring, the last
// clean sync, the stream's connection and the last pull error.
import { BehaviorSubject, type Observable } from "rxjs";
import type { ReadModelName } from "../models/index.ts";
import type { SyncTransport } from "../transport.ts";

/**
 * How many documents each read model will bring on a first sync (the accounts' rows under the reader's RLS): the
 * first sync's progress counts documents against it. An estimate (a read model's document is one row of its table,
 * and the replica's scope is the reader's RLS): the percentage is capped until the sync ends. Two requests sent
 * together: each stays under half of the server's limit of lists per query (MAX_QUERY_COST).
 */
export const EXPECTED_COUNTS_QUERIES = [
  /* GraphQL */ `
  query firstSyncCounts {
    assets: allAssets { totalCount }
    rounds: allRounds { totalCount }
    allocations: allAllocations { totalCount }
    distributions: allDistributions { totalCount }
    holdings: allHoldings { totalCount }
    customers: allCustomers { totalCount }
    securities: allSecurities { totalCount }
    accounts: allAccounts { totalCount }
    transactions: allTransactions { totalCount }
    broker_allocations: allBrokerAllocations { totalCount }
    documents: allDocuments { totalCount }
  }
`,
  /* GraphQL */ `
  query firstSyncCountsOfRecords {
    tokens: allTokens { totalCount }
    integrations: allIntegrations { totalCount }
    payment_accounts: allPaymentAccounts { totalCount }
    onboarding_question_sets: allOnboardingQuestionSets { totalCount }
    onboarding_questions: allOnboardingQuestions { totalCount }
    qualification_answers: allInstancedAccountInformation { totalCount }
    signing_accounts: allSigningAccounts { totalCount }
    mapped_signing_templates: allMappedSigningTemplates { totalCount }
    sent_signing_documents: allSentSigningDocuments { totalCount }
    users_accounts: allUsersAccounts { totalCount }
    transfers: allTransfers { totalCount }
  }
`,
] as const;

/** The operation name of a query document above. */
const operationName = (query: string) => /query\s+(\w+)/.exec(query)?.[1] ?? "";

/** Progress of the first sync is published at most this often (received$ fires once per document). */
const PROGRESS_INTERVAL_MS = 250;

export interface SyncProgress {
  /** collections whose first pull has finished */
  collectionsDone: number;
  collectionsTotal: number;
  /** documents received since the replication started */
  documentsReceived: number;
  /**
   * documents the first sync is expected to bring (known when this device held nothing of the account, else null):
   * collections done count what they received, the others what the server counted
   */
  documentsExpected: number | null;
  /** the last time every collection had pulled without error (ISO) */
  lastSyncedOn: string | null;
  /** the change stream's socket is connected */
  streamConnected: boolean;
  /** the last pull error (message), cleared by the next successful pull */
  error: string | null;
  /** the last failure was the device's storage being full, cleared by the next written document */
  storageFull: boolean;
  /** this device held nothing of the account when the replication started (null until known) */
  fromEmpty: boolean | null;
}

/** The server's counts per read model (EXPECTED_COUNTS_QUERY), or null when they could not be had. */
export async function fetchExpectedCounts(
  transport: SyncTransport,
  models: readonly ReadModelName[],
): Promise<Map<ReadModelName, number> | null> {
  const answers = await Promise.all(
    EXPECTED_COUNTS_QUERIES.map(async (query) => {
      const response = await transport.fetch(transport.graphqlUrl, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ query, operationName: operationName(query) }),
      });
      if (!response.ok) return null;
      const body = (await response.json()) as { data?: Record<string, { totalCount?: number } | null> };
      return body.data ?? null;
    }),
  );
  if (answers.some((data) => data === null)) return null;
  const data = Object.assign({}, ...answers) as Record<string, { totalCount?: number } | null>;
  const counts = new Map<ReadModelName, number>();
  for (const model of models) {
    const count = data[model]?.totalCount;
    if (typeof count === "number") counts.set(model, count);
  }
  return counts;
}

export interface ProgressTracker {
  progress$: Observable<SyncProgress>;
  patch(change: Partial<SyncProgress>): void;
  /** One document of `model` was written (published at most every PROGRESS_INTERVAL_MS). */
  countReceived(model: ReadModelName): void;
  /** The first pull of `model` ended. */
  collectionDone(model: ReadModelName): void;
  /** A pull cycle ended with no collection pulling (`clean`: none failing): every collection is in sync now. */
  allIdle(clean: boolean): void;
  /**
   * Decides whether this is a first sync (the stored documents, counted by `storedCount`, are no more than those
   * received meanwhile) and then asks `expectedCounts` how much is coming.
   */
  measureFirstSync(
    storedCount: () => Promise<number>,
    expectedCounts: (() => Promise<Map<ReadModelName, number> | null>) | null,
  ): Promise<void>;
  stop(): void;
}

export function createProgressTracker(models: readonly ReadModelName[], now: () => Date): ProgressTracker {
  const progress = new BehaviorSubject<SyncProgress>({
    collectionsDone: 0,
    collectionsTotal: models.length,
    documentsReceived: 0,
    documentsExpected: null,
    lastSyncedOn: null,
    streamConnected: false,
    error: null,
    storageFull: false,
    fromEmpty: null,
  });
  const patch = (change: Partial<SyncProgress>) => progress.next({ ...progress.value, ...change });
  const received = new Map<ReadModelName, number>();
  const done = new Set<ReadModelName>();
  let expected: Map<ReadModelName, number> | null = null;
  let receivedTotal = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const documentsExpected = () => {
    if (!expected) return null;
    let total = 0;
    for (const model of models) {
      const got = received.get(model) ?? 0;
      total += done.has(model) ? got : Math.max(got, expected.get(model) ?? 0);
    }
    return total;
  };
  const publishReceived = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    patch({ documentsReceived: receivedTotal, documentsExpected: documentsExpected() });
  };
  return {
    progress$: progress.asObservable(),
    patch,
    countReceived(model) {
      receivedTotal++;
      received.set(model, (received.get(model) ?? 0) + 1);
      // a write succeeded: there is room again
      if (progress.value.storageFull) patch({ storageFull: false });
      if (timer === null && !stopped) timer = setTimeout(publishReceived, PROGRESS_INTERVAL_MS);
    },
    collectionDone(model) {
      done.add(model);
      publishReceived();
      patch({ collectionsDone: progress.value.collectionsDone + 1 });
      if (progress.value.collectionsDone === models.length) patch({ lastSyncedOn: now().toISOString() });
    },
    allIdle(clean) {
      if (clean && progress.value.collectionsDone === models.length) {
        patch({ lastSyncedOn: now().toISOString(), error: null });
      }
    },
    async measureFirstSync(storedCount, expectedCounts) {
      const stored = await storedCount();
      if (stopped) return;
      const fromEmpty = stored <= receivedTotal;
      patch({ fromEmpty });
      if (fromEmpty && expectedCounts) {
        const counts = await expectedCounts();
        if (stopped || !counts || progress.value.collectionsDone >= models.length) return;
        expected = counts;
        publishReceived();
      }
    },
    stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
    },
  };
}

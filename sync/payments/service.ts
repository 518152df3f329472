// The payment service (docs/PAYMENTS.md): the configured provider (configured.ts), its job runner (jobs.ts) and its
// status callback (routes.ts). The server starts the runner with the others (sync/runners/registry.ts);
// startPaymentService runs one on its own (tests).
import type { Database } from "../db/database.ts";
import { startRunner } from "../runners/runner.ts";
import { autoFundMsFromEnv, configuredProvider } from "./configured.ts";
import { type PaymentJobsOptions, paymentJobs, preparePayments } from "./jobs.ts";
import type { PaymentProvider } from "./provider.ts";

export interface PaymentServiceOptions extends Omit<PaymentJobsOptions, "provider" | "autoFundMs"> {
  env?: NodeJS.ProcessEnv;
  notifications?: AsyncIterableIterator<unknown> | null;
  /** Replaces the configured provider (tests). */
  provider?: PaymentProvider;
  /** Whether this process runs payment jobs now (sync/db/runner-locks.ts); default always. */
  leads?: () => boolean;
  /** The demo's timer: a built-in trade is funded this long after it is created (default off: the issuer confirms). */
  autoFundMs?: number | null;
  /** A status callback queues a poll at most this often per payment account (default 10 s). */
  callbackPollMs?: number;
}

export interface PaymentService {
  provider: PaymentProvider;
  /** Runs every job that is due now (and those they queue that are due at once); resolves with how many ran. */
  runDue(): Promise<number>;
  close(): Promise<void>;
}

/** The provider and the payment runner's declaration, with the provider recorded in the database. */
export async function preparePaymentService(options: PaymentServiceOptions & { db: Database }) {
  const env = options.env ?? process.env;
  const provider = options.provider ?? configuredProvider(options.db, env);
  await preparePayments(options.db, provider);
  const autoFundMs = options.autoFundMs !== undefined ? options.autoFundMs : autoFundMsFromEnv(env);
  return { provider, runner: paymentJobs({ ...options, provider, autoFundMs }) };
}

export async function startPaymentService(options: PaymentServiceOptions): Promise<PaymentService> {
  const { provider, runner } = await preparePaymentService(options);
  const running = startRunner(runner, { leads: options.leads, notifications: options.notifications });
  return { provider, runDue: running.run, close: running.close };
}

// A server process of bench/load.ts: what `node sync/main.ts` starts (sync/config.ts from the environment, production
// mode, the real startServer), with the product's own default for the documents in the change stream
// (LL_STREAM_DOCUMENTS: all when unset, `none` for the notices-only case; docs/SERVER.md "The change in the stream").
// It prints "running at <url>" when it listens and closes cleanly on SIGTERM, as sync/main.ts does.
import { readConfig } from "../../sync/config.ts";

const config = readConfig();
// Grafast reads GRAPHILE_ENV when it loads, so set it before the server's modules are imported (as sync/main.ts does).
process.env.GRAPHILE_ENV ??= config.mode === "production" ? "production" : "development";
const { startServer } = await import("../../sync/http/server.ts");
const { streamDocumentModels } = config;
const server = await startServer({
  ...config,
  dataDir: config.databaseUrl ? null : config.dataDir,
  seedDemo: process.env.SEED_DEMO === "1" ? true : undefined,
  mailLog: () => {},
});
console.log(
  `load bench server running at ${server.url} (documents in the stream: ${streamDocumentModels === "all" ? "all" : streamDocumentModels.join(", ") || "none"})`,
);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  setTimeout(() => process.exit(1), 10_000).unref();
  server.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error("shutdown failed:", error);
      process.exit(1);
    },
  );
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

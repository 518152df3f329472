// One pass at a time (the accepted commands' purge, accepted-purge.ts; the file sender, file-sender.ts): a pass asked
// for while one runs is not started beside it; the running one passes once more when it ends, and the caller gets its
// promise.

export interface SingleFlightOptions {
  /** true once the owner stopped: no further pass */
  stopped(): boolean;
  /** after the last pass of a run, whether it ended or failed */
  settled?(): void;
}

/** `pass`, run one at a time: what the returned function answers ends after the pass that covers the call. */
export function singleFlight(pass: () => Promise<void>, options: SingleFlightOptions): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  return () => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await pass();
        } while (again && !options.stopped());
      } finally {
        running = null;
        options.settled?.();
      }
    })();
    return running;
  };
}

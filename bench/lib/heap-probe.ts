// Loaded into a server process by bench/load.ts (`node --expose-gc --import ./bench/lib/heap-probe.ts sync/main.ts`):
// on SIGUSR2 it collects garbage and writes process.memoryUsage() to $LOAD_HEAP_PROBE_DIR/heap-<pid>.json, so the
// bench reads what the process really retains (per connected device) rather than its resident size, which holds
// garbage and free heap. Nothing of the server changes.
import { writeFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.env.LOAD_HEAP_PROBE_DIR;
if (dir) {
  process.on("SIGUSR2", () => {
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    gc?.();
    writeFileSync(join(dir, `heap-${process.pid}.json`), JSON.stringify({ at: Date.now(), ...process.memoryUsage() }));
  });
}

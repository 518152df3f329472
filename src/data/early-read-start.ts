// Imported first by the entry script (main.tsx), so the route's early read (early-read.ts) starts before the rest of
// the entry's modules (React, the router and its routes, the session's code) are evaluated: ECMAScript modules run in
// the order they are imported, and the read's IndexedDB requests then wait for the disk while those run.
import { startEarlyRead } from "./early-read.ts";

if (typeof window !== "undefined") startEarlyRead(window.location.pathname);

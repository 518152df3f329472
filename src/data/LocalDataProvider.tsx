// The signed-in layout's provider of the local data, apart from the hooks (hooks.tsx) so the layout and a screen's
// first paint do not wait for RxDB: this module only imports the database code when it opens it, after the first
// screen has painted (issue 22 item 13: on a phone's first visit, RxDB was three quarters of the bytes and most of the CPU before
// anything showed). Screens read through hooks.tsx, which take the opened data from LocalDataContext.
import { createContext, type ReactNode, useEffect, useState } from "react";
import { afterEarlyRows } from "./early-read.ts";
import { afterFirstScreen } from "./first-screen.ts";
import type { LocalData } from "./local-data.ts";

export const LocalDataContext = createContext<LocalData | null>(null);

/**
 * Opens the local data of this user and account (hooks.tsx openLocalData, loaded on demand) once the page load's
 * first screen has painted (first-screen.ts) and the route's early rows, if any, are on screen (early-read.ts).
 */
export function openLocalDataLater(userId: string, accountId: string): Promise<LocalData> {
  return afterFirstScreen()
    .then(afterEarlyRows)
    .then(() => import("./hooks.tsx"))
    .then(({ openLocalData }) => openLocalData(userId, accountId));
}

export function LocalDataProvider({
  userId,
  accountId,
  children,
}: {
  userId: string | null | undefined;
  accountId: string | null | undefined;
  children: ReactNode;
}) {
  const [data, setData] = useState<LocalData | null>(null);
  useEffect(() => {
    if (!userId || !accountId) return;
    let live = true;
    openLocalDataLater(userId, accountId)
      .then((opened) => {
        if (live) setData(opened);
      })
      .catch((error: unknown) => console.error("Local data could not be opened", error));
    return () => {
      live = false;
    };
  }, [userId, accountId]);
  return <LocalDataContext.Provider value={data}>{children}</LocalDataContext.Provider>;
}

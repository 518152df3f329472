// The chain's side of a tokenized security's corporate actions (docs/CORPORATE-ACTIONS.md "On the chain"), read from
// the server while online (the device keeps no corporate action rows): the newest actions that changed something on
// the chain, with their state and the chain's reason when it refused. Read again every few seconds while one is still
// on its way, when the security's holdings change on the device (an action arrived) and when asked (after a retry).
// undefined while unknown (loading, offline, failed).
import { useCallback, useEffect, useState } from "react";
import { useOnline } from "../../app/useOnline.ts";
import { graphql } from "../../data/graphql.ts";

export interface ActionOnChain {
  id: string;
  kind: "split" | "redemption" | "conversion";
  createdOn: string;
  chainStatus: "queued" | "pending" | "done" | "failed";
  chainFailure: string | null;
}

const ACTIONS_ON_CHAIN = /* GraphQL */ `
  query corporateActionsOnChain($securityId: UUID!) {
    allCorporateActions(condition: { securityId: $securityId }) {
      nodes { id kind createdOn chainStatus chainFailure }
    }
  }
`;
type ReadAction = Omit<ActionOnChain, "chainStatus"> & { chainStatus: ActionOnChain["chainStatus"] | null };
/** How many of the newest actions on the chain the card lists. */
const SHOWN = 5;
const POLL_MS = 3000;

export function useActionsOnChain(
  securityId: string,
  /** changes when the security's holdings change on the device */
  holdingsVersion: string,
): {
  actions: ActionOnChain[] | undefined;
  online: boolean;
  reload: () => void;
} {
  const online = useOnline();
  const [actions, setActions] = useState<ActionOnChain[] | undefined>(undefined);
  const [asked, setAsked] = useState(0);
  const reload = useCallback(() => setAsked((n) => n + 1), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `asked` and `holdingsVersion` are reasons to read again
  useEffect(() => {
    if (!online) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () =>
      graphql<{ allCorporateActions: { nodes: ReadAction[] } }>(ACTIONS_ON_CHAIN, { securityId })
        .then((data) => {
          if (!live) return;
          const onChain = data.allCorporateActions.nodes
            .filter((action): action is ActionOnChain => action.chainStatus !== null)
            .sort((a, b) => b.createdOn.localeCompare(a.createdOn))
            .slice(0, SHOWN);
          setActions(onChain);
          if (onChain.some((action) => action.chainStatus === "queued" || action.chainStatus === "pending"))
            timer = setTimeout(read, POLL_MS);
        })
        .catch(() => live && setActions(undefined));
    read();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [securityId, online, asked, holdingsVersion]);
  return { actions, online, reload };
}

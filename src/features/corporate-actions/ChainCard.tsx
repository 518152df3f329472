// The issuer's view of a tokenized security's corporate actions on the chain (docs/CORPORATE-ACTIONS.md "On the
// chain"), under the action cards on /security/{id}: the newest actions the chain follows, each on its way, done, or
// refused with the chain's reason and Retry on the chain (a queued command like the others). Read while online.
import { useMemo } from "react";
import { css } from "../../../styled-system/css";
import { useCommand } from "../../data/hooks.tsx";
import { toString as decimalText } from "../../domain/decimal.ts";
import { formatDate } from "../../domain/format.ts";
import { Button, Card, mutedText, toast } from "../../ui/index.ts";
import { CHAIN_TEXT as TEXT } from "./strings.ts";
import { useActionsOnChain } from "./use-action-chain.ts";
import { useSecurityHoldings } from "./use-security-holdings.ts";

export function ChainCard({ securityId }: { securityId: string }) {
  const command = useCommand();
  const { held, onChain } = useSecurityHoldings(securityId);
  const version = useMemo(() => held.map((row) => `${row.id}:${decimalText(row.amount)}`).join(","), [held]);
  const { actions, online, reload } = useActionsOnChain(securityId, version);
  if (!onChain) return null;
  const retry = async (actionId: string) => {
    await command("retryCorporateActionOnChain", { input: { actionId } });
    toast.success(TEXT.retried);
    reload();
  };
  return (
    <Card title={TEXT.card} testId="corporate-action-chain">
      <p className={mutedText}>{TEXT.description}</p>
      {!online ? (
        <p className={mutedText}>{TEXT.offline}</p>
      ) : actions === undefined ? null : actions.length === 0 ? (
        <p className={mutedText}>{TEXT.none}</p>
      ) : (
        <ul className={css({ display: "flex", flexDirection: "column", gap: "3", mt: "4" })}>
          {actions.map((action) => (
            <li key={action.id} className={css({ display: "flex", flexDirection: "column", gap: "1" })}>
              <span>
                {TEXT.kinds[action.kind]} {formatDate(action.createdOn)}: {TEXT.status[action.chainStatus]}
              </span>
              {action.chainStatus === "failed" && (
                <>
                  <span className={mutedText}>{action.chainFailure}</span>
                  <div>
                    <Button size="sm" variant="outline" onClick={() => void retry(action.id)}>
                      {TEXT.retry}
                    </Button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

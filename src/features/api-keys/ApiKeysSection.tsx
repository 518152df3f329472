// The account's API keys (LedgerlineIO) or an investor's personal key (Portfolio): make one (the key shown once),
// the list with each key's role and last use, revoke. Online only: the key is made on the server, so offline the
// section says so instead of showing stale keys or queueing a change.

import { useState } from "react";
import { OnlineSection, useServerAction } from "../../app/OnlineSection.tsx";
import { useViewer } from "../../app/viewer.ts";
import { formatDate } from "../../domain/format.ts";
import { Button, ConfirmDialog, EmptyState, ListRow, ListRows, StatusBadge } from "../../ui/index.ts";
import { CreateKeyDialog } from "./CreateKeyDialog.tsx";
import { API_KEYS_TEXT as T } from "./strings.ts";
import { type ApiKey, useApiKeys } from "./use-api-keys.ts";

const WHEN = "MMM DD YYYY h:mma";

export function ApiKeysSection({ personal = false }: { personal?: boolean }) {
  const { canWrite } = useViewer();
  const { state, reload, create, revoke } = useApiKeys();
  const [adding, setAdding] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const { busy, run } = useServerAction();

  const confirmRevoke = (key: ApiKey) =>
    run(
      key.id,
      () => revoke(key.id),
      T.revoked,
      () => {
        setRevoking(null);
        reload();
      },
    );

  return (
    <>
      <OnlineSection
        title={personal ? T.personalTitle : T.title}
        testId="api-keys-section"
        intro={personal ? T.personalIntro : T.intro}
        texts={T}
        state={state}
        onRetry={reload}
        onAdd={() => setAdding(true)}
      >
        {({ keys }) =>
          keys.length === 0 ? (
            <EmptyState text={T.noKeys} />
          ) : (
            <ListRows>
              {keys.map((key) => (
                <ListRow
                  key={key.id}
                  title={key.name}
                  detail={T.detail(
                    T.roleShort[key.role] ?? key.role,
                    formatDate(key.createdOn, WHEN),
                    key.lastUsedOn ? T.lastUsed(formatDate(key.lastUsedOn, WHEN)) : T.neverUsed,
                  )}
                >
                  {key.revokedOn ? (
                    <StatusBadge label={T.revokedOn(formatDate(key.revokedOn, WHEN))} />
                  ) : canWrite ? (
                    <Button size="sm" variant="outline" onClick={() => setRevoking(key)}>
                      {T.revoke}
                    </Button>
                  ) : null}
                </ListRow>
              ))}
            </ListRows>
          )
        }
      </OnlineSection>
      {adding && (
        <CreateKeyDialog
          personal={personal}
          create={create}
          onClose={(made) => {
            setAdding(false);
            if (made) reload();
          }}
        />
      )}
      {revoking && (
        <ConfirmDialog
          title={T.revokeTitle}
          description={T.revokeDescription(revoking.name)}
          cancelLabel={T.cancel}
          confirmLabel={T.revokeConfirm}
          busy={busy === revoking.id}
          onCancel={() => setRevoking(null)}
          onConfirm={() => void confirmRevoke(revoking)}
        />
      )}
    </>
  );
}

// Settings > Delegates (spec part 2 settings): the account's memberships from the replica (the `users_accounts` kind
// of `records`, so the list reads offline), sortable by each column. Owners and admins add delegates (makeDelegate:
// first name, last name, email, role, status) and edit a non-owner's role and status (updateUsersAccountById), as
// queued commands; the owner's row is never editable; viewers read only. Only the owner sees Transfer Ownership.
import { useMemo, useState } from "react";
import { css } from "../../../styled-system/css";
import { useModel } from "../../data/hooks.tsx";
import { Button, Card, EmptyState, StatusBadge, SyncMark, tableClass, tableScroll } from "../../ui/index.ts";
import { useViewer } from "../session/viewer.ts";
import { DelegateDialog } from "./DelegateDialog.tsx";
import { delegateRow, rowEditable, type Sort, type SortKey, sortRows } from "./list.ts";
import { DELEGATES_TEXT } from "./strings.ts";
import { TransferOwnershipDialog } from "./TransferOwnershipDialog.tsx";

const COLUMNS: { key: SortKey; label: string }[] = [
  { key: "name", label: DELEGATES_TEXT.name },
  { key: "email", label: DELEGATES_TEXT.email },
  { key: "role", label: DELEGATES_TEXT.role },
  { key: "status", label: DELEGATES_TEXT.status },
];

export function DelegatesPage() {
  const viewer = useViewer();
  const { rows: memberships, loading } = useModel("users_accounts", { selector: { accountId: viewer.accountId } });
  const [sort, setSort] = useState<Sort>({ key: "name", desc: false });
  const [editing, setEditing] = useState<string | "new" | null>(null);
  const [transferring, setTransferring] = useState(false);
  const isOwner = viewer.role === "account_owner";

  const rows = useMemo(
    () =>
      sortRows(
        memberships.filter((m) => !m._pending?.deleted).map((m) => ({ ...delegateRow(m), pending: m._pending })),
        sort,
      ) as Array<ReturnType<typeof delegateRow> & { pending?: (typeof memberships)[number]["_pending"] }>,
    [memberships, sort],
  );
  const toggle = (key: SortKey) => setSort((s) => ({ key, desc: s.key === key ? !s.desc : false }));
  const ariaSort = (key: SortKey) => (sort.key === key ? (sort.desc ? "descending" : "ascending") : "none");
  const arrow = (key: SortKey) => (sort.key === key ? (sort.desc ? " ↓" : " ↑") : "");
  const edited = editing && editing !== "new" ? memberships.find((m) => m.id === editing) : undefined;

  return (
    <Card
      title={DELEGATES_TEXT.title}
      testId="delegates"
      actions={
        <div className={css({ display: "flex", gap: "2", flexWrap: "wrap" })}>
          {isOwner && (
            <Button variant="outline" onClick={() => setTransferring(true)}>
              {DELEGATES_TEXT.transferOwnership}
            </Button>
          )}
          {viewer.canWrite && <Button onClick={() => setEditing("new")}>{DELEGATES_TEXT.addDelegate}</Button>}
        </div>
      }
    >
      {!viewer.canWrite && (
        <p className={css({ fontSize: "sm", color: "fg.muted" })}>{DELEGATES_TEXT.viewersReadOnly}</p>
      )}
      {!loading && rows.length === 0 ? (
        <EmptyState text={DELEGATES_TEXT.none} />
      ) : (
        <div className={tableScroll}>
          <table className={tableClass}>
            <thead>
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column.key} aria-sort={ariaSort(column.key)}>
                    <button type="button" className={sortButton} onClick={() => toggle(column.key)}>
                      {DELEGATES_TEXT.sortBy(column.label, arrow(column.key))}
                    </button>
                  </th>
                ))}
                <th>
                  <span className={css({ srOnly: true })}>{DELEGATES_TEXT.edit}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} data-testid="delegate-row">
                  <td className={css({ fontWeight: "600" })}>{row.name}</td>
                  <td>{row.email}</td>
                  <td>{row.roleLabel}</td>
                  <td>
                    <StatusBadge label={row.statusLabel} status={row.status} />
                    <SyncMark mark={row.pending} />
                  </td>
                  <td className="num">
                    {rowEditable(row, viewer.canWrite) ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={DELEGATES_TEXT.editOf(row.name)}
                        onClick={() => setEditing(row.id)}
                      >
                        {DELEGATES_TEXT.edit}
                      </Button>
                    ) : row.isOwner && viewer.canWrite ? (
                      <span className={css({ fontSize: "xs", color: "fg.subtle" })}>
                        {DELEGATES_TEXT.ownerNotEditable}
                      </span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing === "new" && <DelegateDialog mode="create" onClose={() => setEditing(null)} />}
      {edited && <DelegateDialog mode="edit" membership={edited} onClose={() => setEditing(null)} />}
      {transferring && <TransferOwnershipDialog onClose={() => setTransferring(false)} />}
    </Card>
  );
}

const sortButton = css({
  textTransform: "inherit",
  letterSpacing: "inherit",
  fontWeight: "inherit",
  color: "inherit",
  cursor: "pointer",
});

// Settings > Delegates (spec part 2 settings): the account's memberships from the replica (the `users_accounts` kind
// of `records`, so the list reads offline), sortable by each column. Owners and admins add delegates (makeDelegate:
// first name, last name, email, role) and edit a non-owner's role and status (updateUsersAccountById), as queued
// commands; the owner's row is never editable; viewers read only. Only the owner sees Transfer Ownership. On a phone
// the rows stack (name, email, role and status) under a sort menu. Invitations nobody claimed yet are listed below
// (PendingInvitations), resent or revoked by owners and admins.
import { type ReactNode, useMemo, useState } from "react";
import { css } from "../../../styled-system/css";
import { useViewer } from "../../app/viewer.ts";
import { useModel } from "../../data/hooks.tsx";
import type { PendingMark } from "../../data/pending.ts";
import {
  Button,
  Card,
  EmptyState,
  PHONE_QUERY,
  Select,
  StatusBadge,
  SyncMark,
  tableClass,
  tableScroll,
  useMediaQuery,
} from "../../ui/index.ts";
import { DelegateDialog } from "./DelegateDialog.tsx";
import { type DelegateRow, delegateRow, rowEditable, type Sort, type SortKey, sortRows } from "./list.ts";
import { PendingInvitations } from "./PendingInvitations.tsx";
import { DELEGATES_TEXT } from "./strings.ts";
import { TransferOwnershipDialog } from "./TransferOwnershipDialog.tsx";

const COLUMNS: { key: SortKey; label: string }[] = [
  { key: "name", label: DELEGATES_TEXT.name },
  { key: "email", label: DELEGATES_TEXT.email },
  { key: "role", label: DELEGATES_TEXT.role },
  { key: "status", label: DELEGATES_TEXT.status },
];
const SORT_OPTIONS = COLUMNS.map((column) => ({ label: column.label, value: column.key }));

type ShownRow = DelegateRow & { pending?: PendingMark };

export function DelegatesPage() {
  const viewer = useViewer();
  const phone = useMediaQuery(PHONE_QUERY);
  const { rows: memberships, loading } = useModel("users_accounts", { selector: { accountId: viewer.accountId } });
  const [sort, setSort] = useState<Sort>({ key: "name", desc: false });
  const [editing, setEditing] = useState<string | "new" | null>(null);
  const [transferring, setTransferring] = useState(false);
  const isOwner = viewer.role === "account_owner";

  const rows: ShownRow[] = useMemo(
    () =>
      sortRows(
        memberships.filter((m) => !m._pending?.deleted).map((m) => ({ ...delegateRow(m), pending: m._pending })),
        sort,
      ),
    [memberships, sort],
  );
  const edited = editing && editing !== "new" ? memberships.find((m) => m.id === editing) : undefined;
  const editButton = (row: ShownRow) =>
    rowEditable(row, viewer.canWrite) ? (
      <Button variant="ghost" size="sm" aria-label={DELEGATES_TEXT.editOf(row.name)} onClick={() => setEditing(row.id)}>
        {DELEGATES_TEXT.edit}
      </Button>
    ) : null;

  return (
    <Card
      title={DELEGATES_TEXT.title}
      testId="delegates"
      actions={
        <div className={css({ display: "flex", gap: "2", flexWrap: "wrap", justifyContent: "flex-end" })}>
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
      ) : phone ? (
        <PhoneList rows={rows} sort={sort} onSort={setSort} editButton={editButton} />
      ) : (
        <DelegateTable rows={rows} sort={sort} onSort={setSort} editButton={editButton} canWrite={viewer.canWrite} />
      )}
      <PendingInvitations accountId={viewer.accountId} canWrite={viewer.canWrite} />
      {editing === "new" && <DelegateDialog mode="create" onClose={() => setEditing(null)} />}
      {edited && <DelegateDialog mode="edit" membership={edited} onClose={() => setEditing(null)} />}
      {transferring && <TransferOwnershipDialog onClose={() => setTransferring(false)} />}
    </Card>
  );
}

interface ListProps {
  rows: ShownRow[];
  sort: Sort;
  onSort: (sort: Sort) => void;
  editButton: (row: ShownRow) => ReactNode;
}

function DelegateTable({ rows, sort, onSort, editButton, canWrite }: ListProps & { canWrite: boolean }) {
  const toggle = (key: SortKey) => onSort({ key, desc: sort.key === key ? !sort.desc : false });
  const ariaSort = (key: SortKey) => (sort.key === key ? (sort.desc ? "descending" : "ascending") : "none");
  const arrow = (key: SortKey) => (sort.key === key ? (sort.desc ? " ↓" : " ↑") : "");
  return (
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
                {editButton(row) ??
                  (row.isOwner && canWrite ? (
                    <span className={css({ fontSize: "xs", color: "fg.subtle" })}>
                      {DELEGATES_TEXT.ownerNotEditable}
                    </span>
                  ) : null)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PhoneList({ rows, sort, onSort, editButton }: ListProps) {
  return (
    <>
      <Select
        label={DELEGATES_TEXT.sortByLabel}
        options={SORT_OPTIONS}
        value={sort.key}
        onChange={(key) => key && onSort({ key: key as SortKey, desc: false })}
      />
      <ul className={css({ display: "flex", flexDirection: "column" })}>
        {rows.map((row) => (
          <li
            key={row.id}
            data-testid="delegate-row"
            className={css({
              display: "flex",
              alignItems: "center",
              gap: "3",
              py: "3",
              borderTopWidth: "1px",
              borderColor: "border.default",
            })}
          >
            <div className={css({ flex: "1", minW: 0 })}>
              <div className={css({ fontWeight: "600" })}>{row.name}</div>
              <div className={css({ fontSize: "sm", color: "fg.muted", overflowWrap: "anywhere" })}>{row.email}</div>
              <div className={css({ display: "flex", gap: "2", alignItems: "center", mt: "1", fontSize: "sm" })}>
                {row.roleLabel}
                <StatusBadge label={row.statusLabel} status={row.status} />
                <SyncMark mark={row.pending} />
              </div>
            </div>
            {editButton(row)}
          </li>
        ))}
      </ul>
    </>
  );
}

const sortButton = css({
  textTransform: "inherit",
  letterSpacing: "inherit",
  fontWeight: "inherit",
  color: "inherit",
  cursor: "pointer",
});

// The delegates list, pure: each membership as a row (name, email, role, status) and the list's sort. The owner row
// is never editable; viewers edit nothing (spec part 2 sections 5 and 6).
import type { DelegateUser, UsersAccountDoc } from "../../data/models/index.ts";
import { ROLE_LABELS, STATUS_LABELS } from "./strings.ts";

export interface DelegateRow {
  id: string;
  name: string;
  email: string;
  role: string;
  roleLabel: string;
  status: string;
  statusLabel: string;
  isOwner: boolean;
}

export type SortKey = "name" | "email" | "role" | "status";
export interface Sort {
  key: SortKey;
  desc: boolean;
}

export function delegateRow(membership: Pick<UsersAccountDoc, "id" | "role" | "status" | "user">): DelegateRow {
  const user = (membership.user ?? null) as DelegateUser | null;
  const emails = user?.emails ?? [];
  const email = (emails.find((e) => e.isPrimary) ?? emails[0])?.email ?? "";
  const name = [user?.firstName, user?.lastName].filter((part) => part?.trim()).join(" ");
  return {
    id: membership.id,
    name: name || email,
    email,
    role: membership.role,
    roleLabel: ROLE_LABELS[membership.role] ?? membership.role,
    status: membership.status,
    statusLabel: STATUS_LABELS[membership.status] ?? membership.status,
    isOwner: membership.role === "account_owner",
  };
}

const collator = new Intl.Collator(undefined, { sensitivity: "base", numeric: true });

export function sortRows(rows: readonly DelegateRow[], sort: Sort): DelegateRow[] {
  const field = (row: DelegateRow) =>
    sort.key === "role" ? row.roleLabel : sort.key === "status" ? row.statusLabel : row[sort.key];
  return [...rows].sort((a, b) => {
    const order = collator.compare(field(a), field(b)) || collator.compare(a.email, b.email);
    return sort.desc ? -order : order;
  });
}

/** Whether the viewer may open this row's edit form. */
export const rowEditable = (row: DelegateRow, canWrite: boolean): boolean => canWrite && !row.isOwner;

// The Delegates tab's pending invitations: everyone invited (makeDelegate, transferOwnership, an investor's "Add as
// Delegate") who has not claimed the invitation yet, from the replica (the `delegate_invitations` kind: offline too),
// with their role and status (Invited, or Expired once the link's 7 days are over; "Becomes owner" for a transfer).
// Owners and admins resend one (a new link by mail; the old link stops working) or revoke it, as queued commands: the
// row shows the command's mark until the server's answer arrives (a refusal with its reason).
import { css } from "../../../styled-system/css";
import { useCommand, useModel } from "../../data/hooks.tsx";
import { type PendingEntry, usePending } from "../../data/pending-hooks.ts";
import { formatDate } from "../../domain/format.ts";
import { Button, CardTable, PHONE_QUERY, StatusBadge, SyncMark, useMediaQuery } from "../../ui/index.ts";
import { INVITATIONS_TEXT, ROLE_LABELS } from "./strings.ts";

interface Invitation {
  id: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  role: string;
  status: string;
  transferOwnership: boolean;
  expiresOn: string;
}

/** Expired once the link's time is over, even before the server's next document says so. */
export function invitationStatus(invitation: Pick<Invitation, "status" | "expiresOn">, now = new Date()): string {
  return invitation.status === "expired" || new Date(invitation.expiresOn) <= now ? "expired" : "pending";
}

/** The latest resend or revoke of the invitation still waiting or refused. */
function markOf(actions: readonly PendingEntry<"account.invitations">[], id: string) {
  const entry = actions.filter((action) => action.id === id && action.command.status !== "accepted").at(-1);
  return entry ? { ...entry.command, revoke: entry.op === "revoke" } : undefined;
}

export function PendingInvitations({ accountId, canWrite }: { accountId: string; canWrite: boolean }) {
  const { rows } = useModel("delegate_invitations", { selector: { accountId } });
  const queuedActions = usePending("account.invitations");
  const command = useCommand();
  const phone = useMediaQuery(PHONE_QUERY);
  if (rows.length === 0) return null;
  const invitations = (rows as unknown as Invitation[]).slice().sort((a, b) => a.email.localeCompare(b.email));
  const shown = invitations.map((invitation) => {
    const status = invitationStatus(invitation);
    const mark = markOf(queuedActions, invitation.id);
    const name = [invitation.firstName, invitation.lastName].filter((part) => part?.trim()).join(" ");
    const role = invitation.transferOwnership
      ? INVITATIONS_TEXT.becomesOwner
      : (ROLE_LABELS[invitation.role] ?? invitation.role);
    const statusCell = (
      <div key="status" className={css({ display: "flex", gap: "2", alignItems: "center", flexWrap: "wrap" })}>
        <StatusBadge
          label={status === "expired" ? INVITATIONS_TEXT.expired : INVITATIONS_TEXT.invited}
          status={status === "expired" ? "failed" : "pending"}
        />
        <span className={css({ fontSize: "xs", color: "fg.muted" })}>
          {status === "expired"
            ? INVITATIONS_TEXT.expiredOn(formatDate(invitation.expiresOn))
            : INVITATIONS_TEXT.expiresOn(formatDate(invitation.expiresOn))}
        </span>
        {mark && (
          <span className={css({ fontSize: "xs" })}>
            {mark.revoke ? INVITATIONS_TEXT.revoking : INVITATIONS_TEXT.resending}
          </span>
        )}
        <SyncMark
          mark={
            mark
              ? {
                  status: mark.status as "pending" | "rejected",
                  errorCode: mark.errorCode,
                  errorMessage: mark.errorMessage,
                }
              : null
          }
        />
      </div>
    );
    const actions = canWrite ? (
      <div key="actions" className={css({ display: "flex", gap: "1", justifyContent: "flex-end" })}>
        <Button
          size="sm"
          variant="ghost"
          disabled={mark?.status === "pending"}
          aria-label={INVITATIONS_TEXT.resendOf(invitation.email)}
          onClick={() => command("resendDelegateInvitation", { input: { id: invitation.id } })}
        >
          {INVITATIONS_TEXT.resend}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={mark?.status === "pending"}
          aria-label={INVITATIONS_TEXT.revokeOf(invitation.email)}
          onClick={() => {
            if (window.confirm(INVITATIONS_TEXT.confirmRevoke(invitation.email))) {
              void command("revokeDelegateInvitation", { input: { id: invitation.id } });
            }
          }}
        >
          {INVITATIONS_TEXT.revoke}
        </Button>
      </div>
    ) : null;
    return { invitation, status, name: name || invitation.email, role, statusCell, actions };
  });
  return (
    <section aria-label={INVITATIONS_TEXT.title} data-testid="delegate-invitations">
      <h3 className={css({ fontWeight: "600", fontSize: "sm", mt: "4", mb: "2" })}>{INVITATIONS_TEXT.title}</h3>
      {phone ? (
        <ul className={css({ display: "flex", flexDirection: "column" })}>
          {shown.map((row) => (
            <li
              key={row.invitation.id}
              data-testid="invitation-row"
              data-status={row.status}
              className={css({
                display: "flex",
                flexDirection: "column",
                gap: "1",
                py: "3",
                borderTopWidth: "1px",
                borderColor: "border.default",
                fontSize: "sm",
              })}
            >
              <div className={css({ fontWeight: "600" })}>{row.name}</div>
              <div className={css({ color: "fg.muted", overflowWrap: "anywhere" })}>{row.invitation.email}</div>
              <div>{row.role}</div>
              {row.statusCell}
              {row.actions}
            </li>
          ))}
        </ul>
      ) : (
        <CardTable
          rows={shown}
          headers={[
            INVITATIONS_TEXT.name,
            INVITATIONS_TEXT.email,
            INVITATIONS_TEXT.role,
            INVITATIONS_TEXT.status,
            { title: INVITATIONS_TEXT.actions, hidden: true },
          ]}
        >
          {(row) => (
            <tr key={row.invitation.id} data-testid="invitation-row" data-status={row.status}>
              <td className={css({ fontWeight: "600" })}>{row.name}</td>
              <td className={css({ overflowWrap: "anywhere" })}>{row.invitation.email}</td>
              <td>{row.role}</td>
              <td>{row.statusCell}</td>
              <td className="num">{row.actions}</td>
            </tr>
          )}
        </CardTable>
      )}
    </section>
  );
}

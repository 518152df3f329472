// The audit trail card: the latest events (the account's for its members, the platform's for an admin: the
// database's policy decides), filtered by kind, exported as CSV. Read from the server while online.
import { useState } from "react";
import { css } from "../../../styled-system/css";
import { formatDate } from "../../domain/format.ts";
import {
  Button,
  Card,
  EmptyState,
  ErrorBlock,
  mutedText,
  PHONE_QUERY,
  Select,
  tableClass,
  tableScroll,
  useMediaQuery,
} from "../../ui/index.ts";
import { useServerData } from "./admin-data.ts";
import {
  AUDIT_LIMIT,
  AUDIT_QUERY,
  type AuditEvent,
  auditCsv,
  detailsText,
  deviceText,
  fileDay,
  saveCsv,
} from "./audit.ts";
import { ADMIN_TEXT, AUDIT_TEXT } from "./strings.ts";

const KIND_OPTIONS = Object.entries(AUDIT_TEXT.kinds).map(([value, label]) => ({ value, label }));

export function AuditTrail({ scope, fileName }: { scope: "platform" | "account"; fileName: string }) {
  const [kind, setKind] = useState("all");
  const { data, error, loading, online } = useServerData<{ allAuditEvents: { nodes: AuditEvent[] } }>(AUDIT_QUERY, {
    first: AUDIT_LIMIT,
    condition: kind === "all" ? {} : { kind },
  });
  const events = data?.allAuditEvents.nodes ?? [];
  const platform = scope === "platform";
  const phone = useMediaQuery(PHONE_QUERY);
  return (
    <Card
      testId="audit-trail"
      title={platform ? AUDIT_TEXT.platformTitle : AUDIT_TEXT.accountTitle}
      actions={
        <Button
          size="sm"
          variant="outline"
          disabled={events.length === 0}
          onClick={() => saveCsv(`${fileName}_${fileDay()}.csv`, auditCsv(events))}
        >
          {AUDIT_TEXT.export}
        </Button>
      }
    >
      <p className={mutedText}>{AUDIT_TEXT.description}</p>
      <div className={css({ maxW: "18rem" })}>
        <Select
          label={AUDIT_TEXT.kindFilter}
          options={KIND_OPTIONS}
          value={kind}
          onChange={(v) => setKind(v ?? "all")}
        />
      </div>
      {!online && <p className={mutedText}>{ADMIN_TEXT.offline}</p>}
      {error && <ErrorBlock text={error} />}
      {online && !loading && events.length === 0 ? (
        <EmptyState text={AUDIT_TEXT.empty} />
      ) : (
        events.length > 0 && (
          <>
            {phone ? (
              <ol className={css({ display: "flex", flexDirection: "column" })} data-testid="audit-table">
                {events.map((event) => (
                  <li
                    key={event.id}
                    data-testid="audit-row"
                    data-kind={event.kind}
                    className={css({
                      py: "3",
                      borderBottomWidth: "1px",
                      borderColor: "border.default",
                      display: "flex",
                      flexDirection: "column",
                      gap: "0.5",
                      fontSize: "sm",
                    })}
                  >
                    <span className={css({ fontWeight: "600" })}>{event.action}</span>
                    <span className={css({ fontSize: "xs", color: "fg.muted" })}>
                      {AUDIT_TEXT.kinds[event.kind] ?? event.kind} · {formatDate(event.createdOn, "MMM DD YYYY h:mma")}
                    </span>
                    <span>{event.actor ?? ""}</span>
                    {platform && event.accountName && <span>{event.accountName}</span>}
                    <span className={css({ fontSize: "xs", color: "fg.muted" })}>{deviceText(event)}</span>
                    {event.details && (
                      <span className={css({ fontSize: "xs", color: "fg.muted", wordBreak: "break-word" })}>
                        {detailsText(event.details)}
                      </span>
                    )}
                  </li>
                ))}
              </ol>
            ) : (
              <div className={tableScroll}>
                <table className={tableClass} data-testid="audit-table">
                  <thead>
                    <tr>
                      <th>{AUDIT_TEXT.when}</th>
                      <th>{AUDIT_TEXT.what}</th>
                      <th>{AUDIT_TEXT.who}</th>
                      {platform && <th>{AUDIT_TEXT.account}</th>}
                      <th>{AUDIT_TEXT.device}</th>
                      <th>{AUDIT_TEXT.details}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {events.map((event) => (
                      <tr key={event.id} data-testid="audit-row" data-kind={event.kind}>
                        <td className={css({ whiteSpace: "nowrap", color: "fg.muted" })}>
                          {formatDate(event.createdOn, "MMM DD YYYY h:mma")}
                        </td>
                        <td>
                          <div className={css({ fontWeight: "600" })}>{event.action}</div>
                          <div className={css({ fontSize: "xs", color: "fg.muted" })}>
                            {AUDIT_TEXT.kinds[event.kind] ?? event.kind}
                          </div>
                        </td>
                        <td className={css({ minW: "12rem" })}>{event.actor ?? ""}</td>
                        {platform && <td>{event.accountName ?? ""}</td>}
                        <td className={css({ fontSize: "xs", color: "fg.muted", minW: "10rem" })}>
                          {deviceText(event)}
                        </td>
                        <td
                          className={css({
                            fontSize: "xs",
                            color: "fg.muted",
                            maxW: "28rem",
                            wordBreak: "break-all",
                          })}
                        >
                          {detailsText(event.details)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <p className={mutedText}>{AUDIT_TEXT.shown(events.length)}</p>
          </>
        )
      )}
    </Card>
  );
}

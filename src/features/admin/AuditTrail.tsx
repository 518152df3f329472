// The audit trail card: the latest events (the account's for its owners and admins, the platform's for an admin: the
// server decides what the device receives), filtered by kind, exported as CSV. The latest AUDIT_LIMIT events are read
// from the replica (the `audit_events` kind: offline too); older pages are read from the server while online, and
// the card says so. The device keeps the window only: opening the card drops older events it still holds (the server
// no longer lists them).
import { useEffect, useMemo, useState } from "react";
import { css } from "../../../styled-system/css";
import { saveCsv } from "../../app/file-download.ts";
import { useOnline } from "../../app/useOnline.ts";
import { useViewer } from "../../app/viewer.ts";
import { graphql } from "../../data/graphql.ts";
import { useLocalData, useModel } from "../../data/hooks.tsx";
import { removeStored } from "../../data/stored-reads.ts";
import { type ActivityLine, activityLine, actorParts, emailParts } from "../../domain/activity.ts";
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
import { AUDIT_LIMIT, AUDIT_QUERY, type AuditEvent, auditCsv, deviceText, fileDay } from "./audit.ts";
import { ADMIN_TEXT, AUDIT_TEXT } from "./strings.ts";

const KIND_OPTIONS = Object.entries(AUDIT_TEXT.kinds).map(([value, label]) => ({ value, label }));

export function AuditTrail({ scope, fileName }: { scope: "platform" | "account"; fileName: string }) {
  const [kind, setKind] = useState("all");
  const online = useOnline();
  const viewer = useViewer();
  const data = useLocalData();
  const query = useMemo(
    () => ({
      selector: scope === "account" ? { accountId: viewer.accountId } : {},
      sort: [{ createdOn: "desc" as const }],
    }),
    [scope, viewer.accountId],
  );
  const { rows, loading } = useModel("audit_events", query);
  const windowed = useMemo(() => (rows as unknown as AuditEvent[]).slice(0, AUDIT_LIMIT), [rows]);
  const oldest = rows.length > AUDIT_LIMIT ? rows[AUDIT_LIMIT - 1]?.createdOn : undefined;
  // the server keeps the latest AUDIT_LIMIT on devices: what fell out of the window leaves this device too
  useEffect(() => {
    if (!oldest || !data) return;
    void removeStored(data.db.records, { selector: { recordKind: "audit_events", createdOn: { $lt: oldest } } });
  }, [oldest, data]);
  const [older, setOlder] = useState<{ events: AuditEvent[]; loading: boolean; error: string | null; done: boolean }>({
    events: [],
    loading: false,
    error: null,
    done: false,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter starts over
  useEffect(() => setOlder({ events: [], loading: false, error: null, done: false }), [kind]);
  const shown = kind === "all" ? windowed : windowed.filter((event) => event.kind === kind);
  const events = [...shown, ...older.events];
  const nameOf = useNames();
  async function loadOlder() {
    setOlder((previous) => ({ ...previous, loading: true, error: null }));
    try {
      const answer = await graphql<{ allAuditEvents: { nodes: AuditEvent[] } }>(AUDIT_QUERY, {
        first: AUDIT_LIMIT,
        offset: shown.length + older.events.length,
        condition: kind === "all" ? {} : { kind },
      });
      const page = answer.allAuditEvents.nodes.filter(
        (event) => !windowed.some((known) => known.id === event.id) && (kind === "all" || event.kind === kind),
      );
      setOlder((previous) => ({
        events: [...previous.events, ...page],
        loading: false,
        error: null,
        done: answer.allAuditEvents.nodes.length < AUDIT_LIMIT,
      }));
    } catch (caught) {
      setOlder((previous) => ({
        ...previous,
        loading: false,
        error: caught instanceof Error && caught.message ? caught.message : ADMIN_TEXT.loadFailed,
      }));
    }
  }
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
          onClick={() => saveCsv(`${fileName}_${fileDay()}.csv`, auditCsv(events, nameOf))}
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
      {scope === "account" && !viewer.canWrite ? (
        <EmptyState text={AUDIT_TEXT.ownersOnly} />
      ) : !loading && events.length === 0 ? (
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
                    <span className={css({ fontWeight: "600" })}>{activityLine(event, nameOf).sentence}</span>
                    <span className={css({ fontSize: "xs", color: "fg.muted" })}>
                      {AUDIT_TEXT.kinds[event.kind] ?? AUDIT_TEXT.otherKind} ·{" "}
                      {formatDate(event.createdOn, "MMM DD YYYY h:mma")}
                    </span>
                    <Actor actor={event.actor} />
                    {platform && event.accountName && <span>{event.accountName}</span>}
                    <span className={css({ fontSize: "xs", color: "fg.muted" })}>{deviceText(event)}</span>
                    <Details line={activityLine(event, nameOf)} />
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
                          <div className={css({ fontWeight: "600" })}>{activityLine(event, nameOf).sentence}</div>
                          <div className={css({ fontSize: "xs", color: "fg.muted" })}>
                            {AUDIT_TEXT.kinds[event.kind] ?? AUDIT_TEXT.otherKind}
                          </div>
                        </td>
                        <td className={css({ minW: "12rem" })}>
                          <Actor actor={event.actor} />
                        </td>
                        {platform && <td>{event.accountName ?? ""}</td>}
                        <td className={css({ fontSize: "xs", color: "fg.muted", minW: "10rem" })}>
                          {deviceText(event)}
                        </td>
                        <td
                          className={css({
                            fontSize: "xs",
                            color: "fg.muted",
                            maxW: "28rem",
                            wordBreak: "normal",
                            overflowWrap: "break-word",
                          })}
                        >
                          <Details line={activityLine(event, nameOf)} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <p className={mutedText}>{AUDIT_TEXT.shown(shown.length, older.events.length)}</p>
          </>
        )
      )}
      {older.error && <ErrorBlock text={older.error} />}
      {!older.done && windowed.length >= AUDIT_LIMIT && (
        <div className={css({ display: "flex", gap: "3", alignItems: "center", flexWrap: "wrap" })}>
          <Button size="sm" variant="outline" disabled={!online} loading={older.loading} onClick={loadOlder}>
            {AUDIT_TEXT.older}
          </Button>
          <span className={mutedText}>{online ? AUDIT_TEXT.olderOnline : AUDIT_TEXT.olderOffline}</span>
        </div>
      )}
    </Card>
  );
}

/** Who acted: the name, and the e-mail below it, breaking only after its "@". */
function Actor({ actor }: { actor: string | null }) {
  const { name, email } = actorParts(actor);
  const parts = email ? emailParts(email) : null;
  return (
    <span className={css({ display: "flex", flexDirection: "column", wordBreak: "normal", overflowWrap: "normal" })}>
      <span>{name}</span>
      {email && (
        <span className={css({ fontSize: "xs", color: "fg.muted" })}>
          {parts ? (
            <>
              {parts[0]}
              <wbr />
              {parts[1]}
            </>
          ) : (
            email
          )}
        </span>
      )}
    </span>
  );
}

/** The event's details as labelled values (no ids, no JSON). */
function Details({ line }: { line: ActivityLine }) {
  if (line.details.length === 0) return null;
  return (
    <dl className={css({ display: "grid", gridTemplateColumns: "auto 1fr", columnGap: "2", fontSize: "xs" })}>
      {line.details.map((detail, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list per event
        <div key={index} className={css({ display: "contents" })}>
          <dt className={css({ color: "fg.muted" })}>{detail.label}</dt>
          <dd className={css({ wordBreak: "normal", overflowWrap: "break-word" })}>{detail.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The names of the records the device holds (accounts, rounds, allocations, distributions, assets), by id. */
function useNames(): (id: string) => string | undefined {
  const accounts = useModel("accounts").rows;
  const rounds = useModel("rounds").rows;
  const allocations = useModel("allocations").rows;
  const distributions = useModel("distributions").rows;
  const assets = useModel("assets").rows;
  return useMemo(() => {
    const names = new Map<string, string>();
    for (const rows of [accounts, rounds, allocations, distributions, assets])
      for (const row of rows as unknown as { id: string; name?: string | null }[])
        if (row.name) names.set(row.id, row.name);
    return (id: string) => names.get(id);
  }, [accounts, rounds, allocations, distributions, assets]);
}

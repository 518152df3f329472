// /accreditations (issuers and brokers; docs/ACCREDITATION.md "Screens"): the verifications this account reviews,
// from the `accreditations` replica (so it opens offline), those waiting for review first, then the decided ones.
// Each shows the investor, round, method, dates and evidence (download links); owners and admins Approve, or Reject
// with a required reason, both queued commands shown pending until the server's answer arrives; viewers read only.
import { useState } from "react";
import { css } from "../../../styled-system/css";
import { useForm } from "../../app/use-form.ts";
import { useViewer } from "../../app/viewer.ts";
import { useCommand } from "../../data/hooks.tsx";
import { currentStatus, methodLabel, rejectionError, reviewOrder, statusLabel } from "../../domain/accreditation.ts";
import { formatDate } from "../../domain/format.ts";
import {
  Button,
  Card,
  EmptyState,
  Fact,
  FormDialog,
  fullRow,
  LoadingIndicator,
  mutedText,
  Page,
  PageHeader,
  SectionTitle,
  StatusBadge,
  SyncMark,
  TextField,
} from "../../ui/index.ts";
import { ServerEvidenceList } from "./EvidenceFiles.tsx";
import { REVIEW_TEXT as T } from "./strings.ts";
import {
  type QueuedDecision,
  useAllVerifications,
  useQueuedDecisions,
  type Verification,
} from "./use-accreditations.ts";

const today = () => new Date().toISOString().slice(0, 10);
const day = (value: string | null | undefined) => (value ? formatDate(value, "MMM Do YYYY") : "");

export function ReviewPage() {
  const { accountId, canWrite } = useViewer();
  const { rows, loading } = useAllVerifications();
  const decisions = useQueuedDecisions();
  const mine = rows.filter((row) => row.reviewerAccountId === accountId);
  const { toReview, decided } = reviewOrder(mine);
  return (
    <Page maxWidth="72rem">
      <PageHeader title={T.title}>
        <p className={mutedText}>{T.intro}</p>
        {!canWrite && <p className={mutedText}>{T.readOnly}</p>}
      </PageHeader>
      {loading ? (
        <LoadingIndicator />
      ) : (
        <div className={css({ display: "flex", flexDirection: "column", gap: "8" })}>
          <ReviewSection list="to-review" rows={toReview} canWrite={canWrite} decisions={decisions} />
          <ReviewSection list="decided" rows={decided} canWrite={false} decisions={decisions} />
        </div>
      )}
    </Page>
  );
}

/** The two lists' headings and empty texts. */
const LISTS = {
  "to-review": { title: T.toReview, empty: T.toReviewEmpty },
  decided: { title: T.decided, empty: T.decidedEmpty },
};

/** One of the two lists (to review, decided): its heading with the count, then its cards or its empty text. */
function ReviewSection({
  list,
  rows,
  canWrite,
  decisions,
}: {
  list: keyof typeof LISTS;
  rows: Verification[];
  canWrite: boolean;
  decisions: Map<string, QueuedDecision>;
}) {
  const id = `accreditations-${list}`;
  return (
    <section aria-labelledby={id} data-testid={id}>
      <SectionTitle>
        <span id={id}>{`${LISTS[list].title} (${rows.length})`}</span>
      </SectionTitle>
      <VerificationList rows={rows} empty={LISTS[list].empty} canWrite={canWrite} decisions={decisions} />
    </section>
  );
}

function VerificationList({
  rows,
  empty,
  canWrite,
  decisions,
}: {
  rows: Verification[];
  empty: string;
  canWrite: boolean;
  decisions: Map<string, QueuedDecision>;
}) {
  if (rows.length === 0) return <EmptyState text={empty} />;
  return (
    <ul className={css({ display: "flex", flexDirection: "column", gap: "4", listStyle: "none", p: 0, mt: "3" })}>
      {rows.map((row) => (
        <li key={row.id}>
          <VerificationCard row={row} canWrite={canWrite} decision={decisions.get(row.id) ?? null} />
        </li>
      ))}
    </ul>
  );
}

function VerificationCard({
  row,
  canWrite,
  decision,
}: {
  row: Verification;
  canWrite: boolean;
  decision: QueuedDecision | null;
}) {
  const send = useCommand();
  const [rejecting, setRejecting] = useState(false);
  const status = currentStatus(row, today());
  // a decision waiting on the device shows as the status it will give, marked until the server's answer arrives
  const shownStatus =
    decision && decision.status !== "rejected" ? (decision.approve ? "approved" : "rejected") : status;
  const open = row.status === "submitted" && (!decision || decision.status === "rejected");
  const investor = row.investorName || "";
  return (
    <Card
      testId="accreditation-card"
      title={investor}
      actions={
        <>
          <StatusBadge label={statusLabel(shownStatus)} status={shownStatus === "approved" ? "active" : undefined} />
          {decision && <SyncMark mark={{ status: decision.status, errorMessage: decision.errorMessage }} />}
        </>
      }
    >
      <dl
        className={css({
          display: "grid",
          gap: "4",
          gridTemplateColumns: { base: "1fr 1fr", md: "repeat(4, minmax(0, 1fr))" },
        })}
      >
        <Fact label={T.round}>{row.roundName || "—"}</Fact>
        <Fact label={T.method}>{methodLabel(row.provider === "investready" ? "investready" : row.method)}</Fact>
        <Fact label={T.submitted}>{day(row.submittedOn)}</Fact>
        {row.decidedOn ? (
          <Fact label={T.decidedOn}>
            {day(row.decidedOn)}
            {row.decidedByName ? ` ${T.by(row.decidedByName)}` : ""}
          </Fact>
        ) : null}
        {row.expiresOn ? <Fact label={T.expires}>{day(row.expiresOn)}</Fact> : null}
        <Fact label={T.evidence} className={css({ gridColumn: "1 / -1" })}>
          <ServerEvidenceList accreditationId={row.id} files={row.evidence ?? []} />
        </Fact>
      </dl>
      {row.reason && <p className={css({ fontSize: "sm" })}>{T.reasonShown(row.reason)}</p>}
      {open && canWrite && (
        <div className={css({ display: "flex", gap: "3", flexWrap: "wrap" })}>
          <Button
            aria-label={T.approveLabel(investor)}
            onClick={() => void send("reviewAccreditation", { input: { accreditationId: row.id, approve: true } })}
          >
            {T.approve}
          </Button>
          <Button variant="outline" aria-label={T.rejectLabel(investor)} onClick={() => setRejecting(true)}>
            {T.reject}
          </Button>
        </div>
      )}
      {rejecting && <RejectDialog row={row} onClose={() => setRejecting(false)} />}
    </Card>
  );
}

function RejectDialog({ row, onClose }: { row: Verification; onClose: () => void }) {
  const send = useCommand();
  const form = useForm({
    initial: { reason: "" },
    check: ({ reason }) => {
      const error = rejectionError(reason ?? "");
      return error ? { ok: false, errors: { reason: error } } : { ok: true, value: (reason ?? "").trim() };
    },
    submit: async (reason: string) => {
      await send("reviewAccreditation", { input: { accreditationId: row.id, approve: false, reason } });
    },
    onDone: onClose,
  });
  return (
    <FormDialog
      form={form}
      title={T.rejectTitle(row.investorName || "")}
      description={T.rejectDescription}
      submitLabel={T.confirmReject}
      cancelLabel={T.cancel}
      onClose={onClose}
    >
      <div className={fullRow}>
        <TextField label={T.reasonLabel} {...form.field("reason")} />
      </div>
    </FormDialog>
  );
}

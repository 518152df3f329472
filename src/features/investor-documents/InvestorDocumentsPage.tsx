// /investor-documents (spec part 2: "built from securities and holdings"): the documents shared with the investor,
// grouped by the security they belong to and by the investor's holdings, from the local replicas (offline too).
// Downloads go through the server (online only), as on the holding and security pages.
import { useMemo } from "react";
import { css } from "../../../styled-system/css";
import { useViewer } from "../../app/viewer.ts";
import { useModel } from "../../data/hooks.tsx";
import { formatDate } from "../../domain/format.ts";
import { MESSAGES } from "../../domain/messages.ts";
import { CardTable, EmptyState, Loading, linkClass, Page, PageHeader } from "../../ui/index.ts";
import { DocumentsTable } from "../documents/index.ts";
import { INVESTOR_DOCUMENTS_TEXT } from "./strings.ts";

export function InvestorDocumentsPage() {
  const { session } = useViewer();
  const investorId = session.account?.id ?? "-";
  const documents = useModel("documents");
  const securities = useModel("securities");
  const holdings = useModel("holdings", { selector: { investorId } });
  const rounds = useModel("rounds");
  const accounts = useModel("accounts");
  // The documents the investor signed in onboarding (the signed PDF, kept by the signing provider).
  const sent = useModel("sent_signing_documents", { selector: { sentToId: investorId } });
  const signed = useMemo(
    () =>
      sent.rows
        .filter((document) => document.status === "completed" && document.documentUri)
        .sort((a, b) => (b.completedOn ?? "").localeCompare(a.completedOn ?? "")),
    [sent.rows],
  );

  const groups = useMemo(() => {
    const securityNames = new Map(securities.rows.map((security) => [security.id, security.name]));
    const roundNames = new Map(rounds.rows.map((round) => [round.id, round.name]));
    const holdingNames = new Map(
      holdings.rows.map((holding) => [
        holding.id,
        `${securityNames.get(holding.securityId) ?? INVESTOR_DOCUMENTS_TEXT.holding} · ${roundNames.get(holding.roundId) ?? ""}`,
      ]),
    );
    const visible = documents.rows.filter((document) => !document._pending?.deleted);
    const bySecurity = new Map<string, typeof visible>();
    const byHolding = new Map<string, typeof visible>();
    for (const document of visible) {
      if (document.securityId)
        bySecurity.set(document.securityId, [...(bySecurity.get(document.securityId) ?? []), document]);
      else if (document.holdingId && holdingNames.has(document.holdingId)) {
        byHolding.set(document.holdingId, [...(byHolding.get(document.holdingId) ?? []), document]);
      }
    }
    return [
      ...[...bySecurity].map(([id, docs]) => ({
        key: `security:${id}`,
        title: securityNames.get(id) ?? INVESTOR_DOCUMENTS_TEXT.security,
        kind: INVESTOR_DOCUMENTS_TEXT.security,
        docs,
      })),
      ...[...byHolding].map(([id, docs]) => ({
        key: `holding:${id}`,
        title: holdingNames.get(id) ?? INVESTOR_DOCUMENTS_TEXT.holding,
        kind: INVESTOR_DOCUMENTS_TEXT.holding,
        docs,
      })),
    ].sort((a, b) => a.title.localeCompare(b.title));
  }, [documents.rows, securities.rows, holdings.rows, rounds.rows]);
  const uploaderNames = useMemo(
    () => new Map(accounts.rows.map((account) => [account.id, account.name])),
    [accounts.rows],
  );

  return (
    <Page>
      <PageHeader title={INVESTOR_DOCUMENTS_TEXT.title}>
        <p className={css({ mt: "1", fontSize: "sm", color: "fg.muted" })}>{INVESTOR_DOCUMENTS_TEXT.intro}</p>
      </PageHeader>
      <Loading loading={documents.loading}>
        {signed.length > 0 && (
          <section
            aria-label={INVESTOR_DOCUMENTS_TEXT.signed}
            data-testid="signed-documents"
            className={css({ mb: "6" })}
          >
            <h2 className={css({ fontSize: "md", fontWeight: "700", mb: "3" })}>{INVESTOR_DOCUMENTS_TEXT.signed}</h2>
            <CardTable
              rows={signed}
              headers={[
                INVESTOR_DOCUMENTS_TEXT.name,
                INVESTOR_DOCUMENTS_TEXT.signedOn,
                { title: INVESTOR_DOCUMENTS_TEXT.download, hidden: true },
              ]}
            >
              {(document) => (
                <tr key={document.id} data-testid="signed-document">
                  <td>{document.name ?? INVESTOR_DOCUMENTS_TEXT.signedDocument}</td>
                  <td>{document.completedOn ? formatDate(document.completedOn) : ""}</td>
                  <td className="num">
                    <a className={linkClass} href={document.documentUri ?? undefined} download>
                      {INVESTOR_DOCUMENTS_TEXT.download}
                    </a>
                  </td>
                </tr>
              )}
            </CardTable>
          </section>
        )}
        {groups.length === 0 && signed.length === 0 ? (
          <EmptyState text={MESSAGES.noDocumentsTitle} />
        ) : (
          <div className={css({ display: "flex", flexDirection: "column", gap: "6" })}>
            {groups.map((group) => (
              <section key={group.key} aria-label={group.title} data-testid="document-group">
                <h2 className={css({ fontSize: "md", fontWeight: "700", mb: "3" })}>
                  {group.title}{" "}
                  <span className={css({ color: "fg.muted", fontWeight: "500", fontSize: "sm" })}>{group.kind}</span>
                </h2>
                <DocumentsTable
                  label={group.title}
                  documents={group.docs}
                  owner={false}
                  viewerType="investor"
                  canDelete={false}
                  uploaderNames={uploaderNames}
                />
              </section>
            ))}
          </div>
        )}
      </Loading>
    </Page>
  );
}
